// The value fetches of the types that are read straight from the statement go through a
// `FastDatabaseValueCursor`. These overloads are more specific than those of every
// `DatabaseValueConvertible` type, which generic code over `DatabaseValueConvertible` calls, and
// which give the same values.
extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    /// A cursor over the values of a statement, read straight from the leftmost column of the rows
    /// (of the adapted rows, with an adapter).
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when the adapter leaves no column.
    public static func fetchCursor(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> FastDatabaseValueCursor<Self> {
        try FastDatabaseValueCursor(statement: statement, arguments: arguments, adapter: adapter)
    }

    /// All values of a statement.
    @inlinable
    public static func fetchAll(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> [Self] {
        try Array(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

    /// A cursor over the values of an SQL query.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> FastDatabaseValueCursor<Self> {
        try fetchCursor(db.makeStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// All values of an SQL query.
    @inlinable
    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> [Self] {
        try fetchAll(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// A cursor over the values of a request.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> FastDatabaseValueCursor<Self>
    {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try fetchCursor(prepared.statement, adapter: prepared.adapter)
    }

    /// All values of a request.
    @inlinable
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Self] {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try fetchAll(prepared.statement, adapter: prepared.adapter)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible & Hashable {
    /// The distinct values of a statement.
    @inlinable
    public static func fetchSet(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> Set<Self> {
        try Set(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

    /// The distinct values of an SQL query.
    @inlinable
    public static func fetchSet(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> Set<Self> {
        try fetchSet(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// The distinct values of a request.
    @inlinable
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try fetchSet(prepared.statement, adapter: prepared.adapter)
    }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible {
    /// A cursor over the fetched values, read straight from the statement.
    public func fetchCursor(_ db: Database) throws -> FastDatabaseValueCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, self)
    }

    /// All fetched values.
    @inlinable
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, self) }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & StatementColumnConvertible & Hashable {
    /// The distinct fetched values.
    @inlinable
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { try RowDecoder.fetchSet(db, self) }
}
