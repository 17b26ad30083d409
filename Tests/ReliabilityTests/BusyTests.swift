import RSReliabilitySupport
import RSTestSupport
import Testing

/// `SQLITE_BUSY` from another process (see `BusyScenario`).
@Suite struct BusyTests {
    @Test(arguments: WriterKind.allCases)
    func aWriteWaitsForTheBusyTimeoutThenFailsWithSQLITE_BUSYAndLeavesNothing(_ kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let figures = try BusyScenario.run(
            kind, path: directory.path("busy.sqlite"), worker: testedWorker, configuration: testedConfiguration(),
            driver: testedDriver)
        BusyScenario.report(figures, kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }
}
