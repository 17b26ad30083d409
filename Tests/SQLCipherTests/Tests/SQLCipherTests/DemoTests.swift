import Foundation
import ReactiveSQLCipher
import Testing

@testable import SQLCipherDemo

/// The demo over an encrypted database file.
@Suite struct DemoTests {
    @Test func theDemoRunsOverAnEncryptedFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).sqlite")
            .path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let console = Console(write: { _ in })
        let options = try #require(try DemoOptions(arguments: ["--duration", "1.5", "--database", path]))
        let summary = try await DemoRun(options: options, console: console).run()
        #expect(summary.isSuccessful)
        #expect(console.output.contains { $0.contains("encrypted with SQLCipher 3.4") })
        // The file is encrypted: its header is not SQLite's.
        let header = try #require(FileHandle(forReadingAtPath: path)?.readData(ofLength: 16))
        #expect(header != Data("SQLite format 3\0".utf8))
    }
}
