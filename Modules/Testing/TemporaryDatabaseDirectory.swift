import Foundation

/// A new temporary directory for a database file, removed with the value.
final class TemporaryDatabaseDirectory: Sendable {
    /// The directory.
    let url: URL

    /// Creates an empty directory.
    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReactiveSQLiteTesting-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of the database file in the directory.
    var databasePath: String { url.appendingPathComponent("db.sqlite").path }
}
