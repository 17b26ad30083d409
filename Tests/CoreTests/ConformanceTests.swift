import RSTestSupport
import ReactiveSQLite
import Testing

/// The shared conformance suite, over the system SQLite driver.
@Test(arguments: ConformanceSuite.cases)
func conformance(_ testCase: ConformanceCase) throws {
    try testCase.run(driver: .sqlite)
}
