import RSCore

extension Database {
    /// The version number of the SQLite that SQLCipher embeds: `sqlite3_libversion_number()`,
    /// 3015002 for SQLCipher 3.4's SQLite 3.15.2.
    public static var sqliteLibVersionNumber: CInt { DatabaseDriver.sqlcipher.api.libversion_number() }
}
