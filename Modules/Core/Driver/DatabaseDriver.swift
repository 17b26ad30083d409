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

    /// Creates a driver from the entry points of one SQLite library, whose capabilities follow from
    /// its version alone (no optional feature compiled in).
    public convenience init(name: String, api: SQLiteAPI) {
        self.init(name: name, api: api, capabilities: DatabaseCapabilities(versionNumber: Int(api.libversion_number())))
    }

    /// Creates a driver from the entry points of one SQLite library and what it can do (the driver
    /// module knows the compile-time options of the library it links).
    public init(name: String, api: SQLiteAPI, capabilities: DatabaseCapabilities) {
        self.name = name
        self.api = api
        self.capabilities = capabilities
        let isFirst = DatabaseDriver.firstAPI.withLock { firstAPI in
            guard firstAPI == nil else { return false }
            firstAPI = api
            return true
        }
        if isFirst {
            // Before the library initializes, when the first connection opens; SQLite refuses it
            // after (SQLITE_MISUSE), if another part of the process used the library first.
            _ = api.config_log?(
                { _, code, message in
                    Database.logError?(ResultCode(rawValue: code), message.map { String(cString: $0) } ?? "")
                },
                nil)
        }
    }

    /// The entry points of the first driver of the process, for the functions that receive a bare
    /// statement pointer (`StatementColumnConvertible`). A process loads one SQLite library, so
    /// every driver calls the same one.
    private static let firstAPI = LockedValue<SQLiteAPI?>(nil)

    /// The entry points of the SQLite library of the process. A statement pointer comes from a
    /// connection, which a driver opened: asking without any driver is a programming error.
    static var processAPI: SQLiteAPI {
        guard let api = firstAPI.withLock({ $0 }) else {
            preconditionFailure("No database driver was created: no SQLite statement can exist")
        }
        return api
    }
}

/// What a SQLite library can do: the SQL features that follow from its version, and the optional
/// features it was compiled with.
///
/// Code that generates SQL or uses an optional feature checks them, so that it works on every
/// driver: Debian's libsqlite3 3.40.1 has them all, while SQLCipher 3.4 embeds SQLite 3.15.2, which
/// has no RETURNING, UPSERT, window functions, math functions or pre-update hook.
public struct DatabaseCapabilities: Sendable, Hashable {
    /// The version of SQLite, as `sqlite3_libversion_number()` returns it (3040001 for 3.40.1).
    public let versionNumber: Int
    /// Whether the library has the built-in math functions (`sqrt`, `pow`, …:
    /// `SQLITE_ENABLE_MATH_FUNCTIONS`, SQLite 3.35+).
    public let supportsMathFunctions: Bool
    /// Whether the library has the pre-update hook (`SQLITE_ENABLE_PREUPDATE_HOOK`).
    public let supportsPreupdateHook: Bool
    /// Whether the library encrypts databases (SQLCipher).
    public let supportsEncryption: Bool
    /// Whether the library has the FTS3 and FTS4 full-text engines (`SQLITE_ENABLE_FTS3`).
    public let supportsFTS3: Bool
    /// Whether the library has the FTS5 full-text engine (`SQLITE_ENABLE_FTS5`).
    public let supportsFTS5: Bool
    /// Whether the library has the JSON functions (built in since SQLite 3.38, unless
    /// `SQLITE_OMIT_JSON`; `SQLITE_ENABLE_JSON1` before).
    public let supportsJSON: Bool

    /// Creates capabilities for the given `sqlite3_libversion_number()` and compile-time options.
    public init(
        versionNumber: Int, mathFunctions: Bool = false, preupdateHook: Bool = false, encryption: Bool = false,
        fts3: Bool = false, fts5: Bool = false, json: Bool = false
    ) {
        self.versionNumber = versionNumber
        self.supportsMathFunctions = mathFunctions
        self.supportsPreupdateHook = preupdateHook
        self.supportsEncryption = encryption
        self.supportsFTS3 = fts3
        self.supportsFTS5 = fts5
        self.supportsJSON = json
    }

    /// Whether `INSERT`, `UPDATE` and `DELETE` accept a `RETURNING` clause (SQLite 3.35+).
    public var supportsReturning: Bool { isAtLeast(3, 35) }

    /// Whether `INSERT` accepts an `ON CONFLICT … DO UPDATE` clause (SQLite 3.24+).
    public var supportsUpsert: Bool { isAtLeast(3, 24) }

    /// Whether window functions (`… OVER (…)`) are available (SQLite 3.25+).
    public var supportsWindowFunctions: Bool { isAtLeast(3, 25) }

    /// The version of SQLite as a "major.minor.patch" string.
    public var version: String {
        "\(versionNumber / 1_000_000).\(versionNumber / 1000 % 1000).\(versionNumber % 1000)"
    }

    /// Whether the library is at least the given version.
    public func isAtLeast(_ major: Int, _ minor: Int, _ patch: Int = 0) -> Bool {
        versionNumber >= major * 1_000_000 + minor * 1000 + patch
    }
}
