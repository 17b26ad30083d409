import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// `SQLITE_BUSY` from another process (see `BusyScenario`).
@Suite struct BusyTests {
    @Test(arguments: WriterKind.allCases)
    func aWriteWaitsForTheBusyTimeoutThenFailsWithSQLITE_BUSYAndLeavesNothing(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let figures = try await runOffThePool {
            try BusyScenario.run(
                kind, path: directory.path("busy.sqlite"), worker: testedWorker, configuration: testedConfiguration(),
                driver: testedDriver)
        }
        BusyScenario.report(figures, kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }
}
