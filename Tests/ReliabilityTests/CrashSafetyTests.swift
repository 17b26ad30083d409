import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// Crash safety: a child process killed at random points (see `CrashScenario`).
@Suite(.serialized) struct CrashSafetyTests {
    @Test(arguments: WriterKind.allCases)
    func aKilledWriterLeavesAnIntactDatabaseWithAPrefixOfItsTransactions(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("crash.sqlite")
        let figures = try await runOffThePool {
            try CrashScenario.run(
                kills: ReliabilityScale.current.crashKills, worker: testedWorker, kind: kind, path: path
            ) {
                try kind.open(path: path, configuration: testedConfiguration(), driver: testedDriver)
            }
        }
        CrashScenario.report(figures, kind: kind, driver: testedDriverName)
        #expect(figures.violations == [])
    }
}
