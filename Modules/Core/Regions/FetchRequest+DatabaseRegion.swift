extension FetchRequest {
    /// The region of the database the request reads: the region of its prepared statement.
    ///
    /// ```swift
    /// let request = SQLRequest<Row>(sql: "SELECT name FROM player")
    /// try print(request.databaseRegion(db))  // "player(name)"
    /// ```
    ///
    /// The statement is prepared, not run.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try makePreparedRequest(db, forSingleResult: false).statement.databaseRegion
    }
}
