import Foundation
import RSCore
import RSTesting

/// The kinds of databases every conformance check runs against.
public enum DatabaseKind: String, CaseIterable, Sendable {
    /// A DatabaseQueue on a file.
    case queueOnDisk
    /// A DatabaseQueue on a private in-memory database.
    case queueInMemory
    /// A DatabasePool on a file.
    case pool

    /// Whether the kind keeps its data in a file (which other connections can open).
    public var isOnDisk: Bool { self != .queueInMemory }

    /// The kinds that keep their data in a file.
    public static let onDisk = allCases.filter(\.isOnDisk)

    /// Opens a database of this kind on the file at `path` (a new private in-memory database for
    /// `queueInMemory`, which ignores the path).
    public func openWriter(
        path: String, configuration: Configuration = Configuration(), driver: DatabaseDriver
    ) throws -> any DatabaseWriter {
        switch self {
        case .queueOnDisk:
            return try DatabaseQueue(path: path, configuration: configuration, driver: driver)
        case .queueInMemory:
            return try DatabaseQueue(named: nil, configuration: configuration, driver: driver)
        case .pool:
            return try DatabasePool(path: path, configuration: configuration, driver: driver)
        }
    }
}

/// Where a conformance check gets its databases: a kind, a driver, and a fresh directory.
public final class DatabaseFactory: Sendable {
    /// The kind of database the check runs against.
    public let kind: DatabaseKind
    /// The driver of the package under test.
    public let driver: DatabaseDriver
    /// The configuration every database of the check starts from (for passphrases, say).
    public let baseConfiguration: Configuration
    /// The directory of the check's files, deleted with the factory.
    private let directory: TemporaryDatabaseDirectory

    /// Creates a factory with a fresh temporary directory.
    public init(kind: DatabaseKind, driver: DatabaseDriver, baseConfiguration: Configuration = Configuration()) throws {
        self.kind = kind
        self.driver = driver
        self.baseConfiguration = baseConfiguration
        directory = try TemporaryDatabaseDirectory()
    }

    /// The path of the database file of the check.
    public var path: String { directory.path("db.sqlite") }

    /// The path of another file in the directory of the check.
    func path(ofFile name: String) -> String { directory.path(name) }

    /// Opens a DatabaseQueue on the file of the check (on-disk kinds), beside the check's writer:
    /// another connection, which sees the locks of the writer's connection.
    func makeOtherConnection(_ configure: (inout Configuration) -> Void = { _ in }) throws -> DatabaseQueue {
        var configuration = baseConfiguration
        configure(&configuration)
        return try DatabaseQueue(path: path, configuration: configuration, driver: driver)
    }

    /// Opens the database of the check (the same file on each call for on-disk kinds; a new private
    /// in-memory database on each call for `queueInMemory`).
    public func makeWriter(_ configure: (inout Configuration) -> Void = { _ in }) throws -> any DatabaseWriter {
        var configuration = baseConfiguration
        configure(&configuration)
        return try kind.openWriter(path: path, configuration: configuration, driver: driver)
    }
}
