import Foundation
import RSReliabilitySupport
import RSTestSupport
import RSTesting
import Testing

/// Changes from other processes: the commits of a child process reach every form of observation of
/// a database that notices outside commits (see `OutsideProcessScenario`).
@Suite struct OutsideProcessTests {
    @Test(arguments: WriterKind.allCases)
    func theCommitsOfAnotherProcessReachEveryFormOfObservation(_ kind: WriterKind) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("outside.sqlite")
        try await runOffThePool {
            let writer = try kind.open(
                path: path, configuration: OutsideProcessScenario.configuration(testedConfiguration()),
                driver: testedDriver)
            try observeEveryForm(writer, count: 20) {
                _ = try OutsideProcessScenario.runChild(
                    worker: testedWorker,
                    arguments: [OutsideProcessScenario.commitRowsArgument, kind.rawValue, path, "20"])
            }
        }
    }

    @Test func closingADatabaseStopsTheWatchOfItsFiles() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let output = try await runOffThePool {
            try OutsideProcessScenario.runChild(
                worker: testedWorker, arguments: [OutsideProcessScenario.watchAndCloseArgument, directory.path("")])
        }
        let counts = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        // Before, with four databases open, after they closed, and once they are released.
        #expect(counts == [0, 4, 0, 0])
    }
}
