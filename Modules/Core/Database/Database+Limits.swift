extension Database {
    /// The most arguments that one statement of this connection accepts (SQLite's
    /// `SQLITE_LIMIT_VARIABLE_NUMBER`: 32,766 since SQLite 3.32, 999 before).
    ///
    /// A request whose arguments come from a collection of unknown size, such as
    /// `Player.deleteAll(db, keys: ids)`, fails with `SQLITE_ERROR` ("too many SQL variables") beyond
    /// it: split such a collection in chunks of this size.
    public var maximumStatementArgumentCount: Int {
        checkAccess()
        return Int(api.limit(sqliteConnection, SQLITE.LIMIT_VARIABLE_NUMBER, -1))
    }
}
