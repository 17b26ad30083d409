import Foundation
import ReactiveSQLite
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
        #expect(throws: DemoOptions.Error.self) { try DemoOptions(arguments: ["watch"]) }
        let watch = try #require(try DemoOptions(arguments: ["watch", "--database", existing]))
        #expect(watch.command == .watch)
        #expect(watch.duration == 60)
        let write = try #require(try DemoOptions(arguments: ["write", "--database", existing, "--duration", "2"]))
        #expect(write.command == .write)
        #expect(write.duration == 2)
    }

    @Test func demoWatchSeesTheCommitsOfDemoWriteInAnotherProcess() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).sqlite")
            .path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let (values, continuation) = AsyncStream<HallOfFame>.makeStream()
        let watchOptions = try #require(try DemoOptions(arguments: ["watch", "--database", path, "--duration", "60"]))
        let console = Console(write: { _ in })
        let watch = Task {
            try await DemoWatch(options: watchOptions, console: console).run { value in
                continuation.yield(value)
                return true
            }
        }
        defer { watch.cancel() }
        // The watch created the database: its first value is the empty hall of fame.
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next()?.playerCount == 0)

        // `swift run demo write`, in another process.
        let writer = Process()
        writer.executableURL = Bundle.main.bundleURL.appendingPathComponent("demo")
        writer.arguments = ["write", "--database", path, "--duration", "1"]
        writer.standardOutput = FileHandle.nullDevice
        try writer.run()
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        let final = try await DatabaseQueue(path: path).read { db in try HallOfFame(db) }

        // The watch sees the state that the other process left.
        while let value = await iterator.next(), value != final {}
        #expect(console.output.contains { $0.contains("hall of fame") && $0.contains("\(final.playerCount) players") })
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
