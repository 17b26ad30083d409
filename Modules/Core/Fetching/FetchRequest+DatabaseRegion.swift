extension FetchRequest {
    /// The region of the database the request reads: the region of its prepared statement.
    ///
    /// ```swift
    /// let request = SQLRequest<Row>(sql: "SELECT name FROM player")
    /// try print(request.databaseRegion(db))  // "player(name)"
    /// ```
    ///
    /// The statement is prepared, not run. SQL that reads one row by rowid
    /// (`SELECT * FROM player WHERE id = ?`, `id` an INTEGER PRIMARY KEY) reads the row of its
    /// argument: its region is limited to it.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try makePreparedRequest(db, forSingleResult: false).statement.regionOfBoundRows
    }
}
