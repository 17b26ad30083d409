/// The C entry points and capabilities of one SQLite build.
///
/// The core links no SQLite library: every call to SQLite goes through the function table of the
/// driver a connection was opened with. A driver product (`RSSQLiteDriver`, the SQLCipher driver)
/// builds one instance of this type over the library it links, so that a process loads exactly one
/// SQLite library.
///
/// Applications do not create drivers: they depend on the product of the driver they want, whose
/// convenience initializers (`DatabaseQueue(path:)`, …) pass it along.
public final class DatabaseDriver: Sendable {
    /// A short human-readable name of the library, such as "SQLite" or "SQLCipher".
    public let name: String
    /// The SQLite C entry points.
    public let api: SQLiteAPI
    /// What the library can do.
    public let capabilities: DatabaseCapabilities

    /// Creates a driver from the entry points of one SQLite library.
    public init(name: String, api: SQLiteAPI) {
        self.name = name
        self.api = api
        self.capabilities = DatabaseCapabilities(versionNumber: Int(api.libversion_number()))
    }
}

/// What a SQLite library can do, derived from its version.
public struct DatabaseCapabilities: Sendable, Hashable {
    /// The version of SQLite, as `sqlite3_libversion_number()` returns it (3040001 for 3.40.1).
    public let versionNumber: Int

    /// Creates capabilities for the given `sqlite3_libversion_number()`.
    public init(versionNumber: Int) {
        self.versionNumber = versionNumber
    }

    /// The version of SQLite as a "major.minor.patch" string.
    public var version: String {
        "\(versionNumber / 1_000_000).\(versionNumber / 1000 % 1000).\(versionNumber % 1000)"
    }

    /// Whether the library is at least the given version.
    public func isAtLeast(_ major: Int, _ minor: Int, _ patch: Int = 0) -> Bool {
        versionNumber >= major * 1_000_000 + minor * 1000 + patch
    }
}
