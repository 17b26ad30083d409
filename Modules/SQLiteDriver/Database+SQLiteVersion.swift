import RSCore

extension Database {
    /// The version number of the system SQLite: `sqlite3_libversion_number()`, 3040001 for 3.40.1.
    public static var sqliteLibVersionNumber: CInt { DatabaseDriver.sqlite.api.libversion_number() }
}
