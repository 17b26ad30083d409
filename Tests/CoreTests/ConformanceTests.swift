import RSTestSupport
import ReactiveSQLite
import Testing

/// The shared conformance suite, over the system SQLite driver.
@Test(arguments: ConformanceSuite.cases)
func conformance(_ testCase: ConformanceCase) async throws {
    try await testCase.run(driver: .sqlite)
}
