extension FetchRequest {
    /// The same request, with its rows adapted by the adapter that `adapter` makes for a connection
    /// (see ``RowAdapter``). A request that already has an adapter applies the new one to the
    /// columns of its adapted rows.
    ///
    /// ```swift
    /// let request = SQLRequest<Row>(sql: "SELECT player.*, team.* FROM …").adapted { db in
    ///     let adapters = try splittingRowAdapters(columnCounts: [db.columns(in: "player").count])
    ///     return ScopeAdapter(["player": adapters[0], "team": adapters[1]])
    /// }
    /// ```
    public func adapted(_ adapter: @escaping @Sendable (Database) throws -> any RowAdapter) -> AdaptedFetchRequest<Self>
    {
        AdaptedFetchRequest(base: self, adapter: adapter)
    }
}

/// A request whose rows are adapted: see ``FetchRequest/adapted(_:)``.
public struct AdaptedFetchRequest<Base: FetchRequest>: FetchRequest {
    /// The request decodes its rows as its base request does.
    public typealias RowDecoder = Base.RowDecoder

    let base: Base
    let adapter: @Sendable (Database) throws -> any RowAdapter

    /// The base request's statement, with the adapter.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool = false) throws
        -> PreparedRequest
    {
        var prepared = try base.makePreparedRequest(db, forSingleResult: singleResult)
        let adapter = try self.adapter(db)
        prepared.adapter = prepared.adapter.map { ChainedRowAdapter(first: $0, second: adapter) } ?? adapter
        return prepared
    }

    /// The base request's count: an adapter changes no row.
    public func fetchCount(_ db: Database) throws -> Int {
        try base.fetchCount(db)
    }

    /// The base request's subquery: an adapter changes no SQL.
    public var sqlSubquery: SQLSubquery {
        base.sqlSubquery
    }

    /// The base request's region: an adapter reads no other column.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try base.databaseRegion(db)
    }
}
