import Foundation
import RSReliabilitySupport
import RSTestSupport
import ReactiveSQLite
import Testing

/// Crash safety: a child process killed at random points (see `CrashScenario`).
@Suite(.serialized) struct CrashSafetyTests {
    @Test(arguments: WriterKind.allCases)
    func aKilledWriterLeavesAnIntactDatabaseWithAPrefixOfItsTransactions(_ kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        // The worker executable is built beside the test bundle.
        let worker = Bundle.main.bundleURL.appendingPathComponent("ReliabilityWorker")
        let figures = try CrashScenario.run(
            kills: ReliabilityScale.current.crashKills, worker: worker, kind: kind, path: path
        ) {
            try kind.open(path: path, configuration: Configuration(), driver: .sqlite)
        }
        CrashScenario.report(figures, kind: kind, driver: "SQLite")
        #expect(figures.violations == [])
        #expect(figures.kills == ReliabilityScale.current.crashKills)
        #expect(figures.committedTransactions >= figures.kills)
    }
}
