#if os(Linux)
    import Dispatch
    import Foundation
    import RSTesting
    import Testing

    @testable import RSCore

    /// The inotify watch of a database's files: it tells changes of the watched names only, once
    /// per burst, and waits for `rearm()` before telling the next ones (and before the first).
    @Suite struct FileChangeNotifierTests {
        private func append(_ text: String, to path: String) throws {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        }

        @Test func aChangeIsToldOnceUntilRearmedAndOtherFilesAreIgnored() throws {
            let directory = try TemporaryDatabaseDirectory()
            let watched = directory.path("db.sqlite-wal")
            let other = directory.path("other.txt")
            for path in [watched, other] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            let changes = DispatchSemaphore(value: 0)
            let notifier = try #require(
                FileChangeNotifier(
                    directory: directory.path(""), fileNames: ["db.sqlite-wal"],
                    queue: DispatchQueue(label: "notifier")
                ) { changes.signal() })
            defer { notifier.cancel() }
            // It starts waiting for its first rearm, which tells the change made meanwhile.
            try append("0", to: watched)
            #expect(changes.wait(timeout: .now() + 0.2) == .timedOut)
            notifier.rearm()
            #expect(changes.wait(timeout: .now() + 10) == .success)
            notifier.rearm()

            try append("a", to: other)
            try append("a", to: watched)
            #expect(changes.wait(timeout: .now() + 10) == .success)
            // Until rearmed, nothing more is told; then the change made meanwhile is.
            try append("b", to: watched)
            #expect(changes.wait(timeout: .now() + 0.2) == .timedOut)
            notifier.rearm()
            #expect(changes.wait(timeout: .now() + 10) == .success)
            // A change of another file tells nothing.
            notifier.rearm()
            try append("b", to: other)
            #expect(changes.wait(timeout: .now() + 0.2) == .timedOut)
        }
    }
#endif
