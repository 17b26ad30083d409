extension FetchableRecord {
    /// A cursor over the records of a statement.
    public static func fetchCursor(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> RecordCursor<Self> {
        try StatementCursor(statement: statement, arguments: arguments, adapter: adapter, decode: Self.init(row:))
    }

    /// All records of a statement.
    @inlinable
    public static func fetchAll(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> [Self] {
        try Array(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

    /// The first record of a statement, if any.
    public static func fetchOne(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> Self? {
        try statement.decodeFirstRow(arguments: arguments, adapter: adapter, Self.init(row:))
    }

    /// A cursor over the records of an SQL query.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> RecordCursor<Self> {
        try fetchCursor(db.makeStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// All records of an SQL query.
    @inlinable
    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> [Self] {
        try fetchAll(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// The first record of an SQL query, if any.
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> Self? {
        try fetchOne(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// A cursor over the records of a request.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> RecordCursor<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        try prepared.checkCursorSupport()
        return try fetchCursor(prepared.statement, adapter: prepared.adapter)
    }

    /// All records of a request.
    @inlinable
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Self] {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        if let rows = try prepared.supplementedRows(db) { return try Row.records(Self.self, decodedFrom: rows) }
        return try fetchAll(prepared.statement, adapter: prepared.adapter)
    }

    /// The first record of a request, if any.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Self? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: true)
        if let rows = try prepared.supplementedRows(db) { return try rows.first.map { try Self(row: $0) } }
        return try fetchOne(prepared.statement, adapter: prepared.adapter)
    }
}

extension FetchableRecord where Self: Hashable {
    /// The distinct records of a statement.
    @inlinable
    public static func fetchSet(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> Set<Self> {
        try Set(fetchCursor(statement, arguments: arguments, adapter: adapter))
    }

    /// The distinct records of an SQL query.
    @inlinable
    public static func fetchSet(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> Set<Self> {
        try fetchSet(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// The distinct records of a request.
    @inlinable
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Self> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        if let rows = try prepared.supplementedRows(db) { return Set(try Row.records(Self.self, decodedFrom: rows)) }
        return try fetchSet(prepared.statement, adapter: prepared.adapter)
    }
}

extension FetchRequest where RowDecoder: FetchableRecord {
    /// A cursor over the fetched records.
    public func fetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder> {
        try RowDecoder.fetchCursor(db, self)
    }
    /// All fetched records.
    @inlinable
    public func fetchAll(_ db: Database) throws -> [RowDecoder] { try RowDecoder.fetchAll(db, self) }
    /// The first fetched record, if any.
    public func fetchOne(_ db: Database) throws -> RowDecoder? { try RowDecoder.fetchOne(db, self) }
}

extension FetchRequest where RowDecoder: FetchableRecord & Hashable {
    /// The distinct fetched records.
    @inlinable
    public func fetchSet(_ db: Database) throws -> Set<RowDecoder> { try RowDecoder.fetchSet(db, self) }
}
