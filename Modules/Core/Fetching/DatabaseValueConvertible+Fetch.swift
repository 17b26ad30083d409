/// Values are read from the leftmost column of each row.
extension DatabaseValueConvertible {
    /// A cursor over the values of a statement, read from the leftmost column of the rows (of the
    /// adapted rows, with an adapter).
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when the adapter leaves no column.
    @inlinable
    public static func fetchCursor(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> DatabaseValueCursor<Self> {
        try valueCursor(statement, arguments: arguments, adapter: adapter, decode: _decodeLeftmostValue)
    }

    /// A cursor that decodes the leftmost column of the rows; throws when an adapter leaves no column.
    @usableFromInline
    static func valueCursor<Element>(
        _ statement: Statement, arguments: StatementArguments?, adapter: (any RowAdapter)?,
        decode: @escaping (Row) throws -> Element
    ) throws -> StatementCursor<Element> {
        let cursor = try StatementCursor(statement: statement, arguments: arguments, adapter: adapter, decode: decode)
        try checkHasColumn(cursor.row, statement, adapter: adapter)
        return cursor
    }

    /// Throws when an adapter leaves no column to fetch a value from.
    private static func checkHasColumn(_ row: Row, _ statement: Statement, adapter: (any RowAdapter)?) throws {
        if adapter != nil && row.count == 0 { throw DatabaseError.noColumnToFetch(Self.self, sql: statement.sql) }
    }

    /// All values of a statement.
    @inlinable
    public static func fetchAll(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> [Self] {
        try Array(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

    /// The first value of a statement; nil when there is no row or the value is NULL.
    ///
    /// The types that hold NULL are the exception, as in GRDB: only a missing row gives nil.
    /// `String?.fetchOne(db, sql: "SELECT NULL")` is `.some(nil)`, and
    /// `DatabaseValue.fetchOne(db, sql: "SELECT NULL")` is `.null`.
    public static func fetchOne(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> Self? {
        let keepsNull = Self.self is any NullHoldingValue.Type
        let value = try statement.decodeFirstRow(
            arguments: arguments, adapter: adapter,
            checkRow: { try checkHasColumn($0, statement, adapter: adapter) },
            { row in !keepsNull && row.hasNull(atIndex: 0) ? nil : try _decodeLeftmostValue(of: row) })
        return value ?? nil
    }

    /// A cursor over the values of an SQL query.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> DatabaseValueCursor<Self> {
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

    /// The first value of an SQL query; nil when there is no row or the value is NULL.
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> Self? {
        try fetchOne(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// A cursor over the values of a request.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> DatabaseValueCursor<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try fetchCursor(prepared.statement, adapter: prepared.adapter)
    }

    /// All values of a request.
    @inlinable
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Self] {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        return try fetchAll(prepared.statement, adapter: prepared.adapter)
    }

    /// The first value of a request; nil when there is no row or the value is NULL.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Self? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: true)
        return try fetchOne(prepared.statement, adapter: prepared.adapter)
    }
}

extension DatabaseValueConvertible where Self: Hashable {
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

extension FetchRequest where RowDecoder: DatabaseValueConvertible {
    /// A cursor over the fetched values.
    public func fetchCursor(_ db: Database) throws -> DatabaseValueCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, self)
    }
    /// All fetched values.
    @inlinable
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, self) }
    /// The first fetched value; nil when there is no row or the value is NULL.
    public func fetchOne(_ db: Database) throws -> RowDecoder? { try RowDecoder.fetchOne(db, self) }
}

extension FetchRequest where RowDecoder: DatabaseValueConvertible & Hashable {
    /// The distinct fetched values.
    @inlinable
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { try RowDecoder.fetchSet(db, self) }
}

/// The convertible types that hold NULL (`DatabaseValue`, optionals): their `fetchOne` gives nil
/// only when there is no row.
protocol NullHoldingValue {}

extension DatabaseValue: NullHoldingValue {}

extension Optional: NullHoldingValue where Wrapped: DatabaseValueConvertible {}
