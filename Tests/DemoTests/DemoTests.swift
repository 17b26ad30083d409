import Foundation
import Testing

@testable import Demo

/// The demo, run as `swift run demo` runs it, with a short duration.
@Suite struct DemoTests {
    @Test func theDemoEndsWithASummaryOfConsistentObserversThatSawTheFinalState() async throws {
        let console = Console(write: { _ in })
        let options = try #require(try DemoOptions(arguments: ["--duration", "2"]))
        let summary = try await DemoRun(options: options, console: console).run()
        #expect(summary.isConsistent)
        #expect(summary.transactions > 0)
        #expect(
            summary.rows.map(\.observer) == [
                "hall of fame", "transactions", "player count", "top player", "leaderboard",
            ])
        for row in summary.rows {
            #expect(row.sawFinalState, "\(row.observer) missed the final state")
            #expect(row.notifications > 0, "\(row.observer) was not notified")
        }
        // The region observation is told of every transaction, none coalesced.
        #expect(summary.rows[1].notifications == summary.transactions)
        // The summary table closes the output.
        let output = console.output
        #expect(output.last?.hasPrefix("transactions \(summary.transactions) · hall of fame fetches") == true)
        #expect(output.contains { $0.hasPrefix("leaderboard    diffs") })
        #expect(output.allSatisfy { $0.count < 140 }, "a line is too long to read")
    }

    @Test func theOptionsAreCheckedAndHelpIsAvailable() throws {
        #expect(try DemoOptions(arguments: ["--help"]) == nil)
        let options = try #require(try DemoOptions(arguments: []))
        #expect(options.duration == 8)
        #expect(options.databasePath == nil)
        #expect(throws: DemoOptions.Error.self) { try DemoOptions(arguments: ["--duration", "0"]) }
        #expect(throws: DemoOptions.Error.self) { try DemoOptions(arguments: ["--duration"]) }
        #expect(throws: DemoOptions.Error.self) { try DemoOptions(arguments: ["--database"]) }
        #expect(throws: DemoOptions.Error.self) { try DemoOptions(arguments: ["--verbose"]) }
        let existing = FileManager.default.temporaryDirectory.path
        #expect(throws: DemoOptions.Error.self) { try DemoOptions(arguments: ["--database", existing]) }
    }

    @Test func theDatabaseIsKeptAtTheGivenPath() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).sqlite")
            .path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let options = try #require(try DemoOptions(arguments: ["--duration", "0.5", "--database", path]))
        let summary = try await DemoRun(options: options, console: Console(write: { _ in })).run()
        #expect(summary.isSuccessful)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
