import Foundation

/// A new empty temporary directory for database files, removed with the value: for tests that need
/// a database on disk (a pool, a database that is closed and opened again, a backup, an attached
/// database).
///
/// ```swift
/// let directory = try TemporaryDatabaseDirectory()
/// let dbQueue = try DatabaseQueue(path: directory.databasePath)
/// ```
///
/// Keep the value alive as long as the databases in it are open.
public final class TemporaryDatabaseDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates an empty directory.
    ///
    /// - throws: The error of `FileManager` when the directory cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReactiveSQLiteTesting-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of the file `db.sqlite` in the directory.
    public var databasePath: String { path("db.sqlite") }

    /// The path of the file `name` in the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
