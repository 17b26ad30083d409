extension Row {
    /// A cursor over the rows of a statement. Each row is valid until the next iteration.
    public static func fetchCursor(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> RowCursor {
        try StatementCursor(statement: statement, arguments: arguments, adapter: adapter) { $0 }
    }

    /// All rows of a statement.
    public static func fetchAll(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> [Row] {
        try copiedRows(statement, arguments: arguments, adapter: adapter)
    }

    /// The distinct rows of a statement.
    public static func fetchSet(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> Set<Row> {
        try Set(copiedRows(statement, arguments: arguments, adapter: adapter))
    }

    /// At most how many values the copied rows of one storage hold (18 KB, and the bytes of their
    /// short texts and blobs: see `CopiedValues`): few enough that a row kept alone keeps little
    /// memory alive, many enough that allocating and freeing storages costs little (measured:
    /// batches of 64 rows of 7 columns cost 10 % more time than batches of 256).
    private static let maximumBatchValueCount = 2048

    /// The rows of a statement, copied in batches that share one storage: a row then costs no
    /// allocation of its own, and keeps at most its batch alive. Batches start small, for the many
    /// requests that fetch a few rows, and double up to the maximum. Adapted rows read the batch
    /// through an adapted storage, built once per batch.
    private static func copiedRows(
        _ statement: Statement, arguments: StatementArguments?, adapter: (any RowAdapter)?
    ) throws -> [Row] {
        let layout = try adapter.map { try AdaptedRowLayout(adapting: statement, with: $0) }
        let cursor = try StatementCursor(statement: statement, arguments: arguments) { _ in () }
        let columnCount = statement.columnCount
        let maximumBatchRowCount = Swift.max(1, maximumBatchValueCount / Swift.max(1, columnCount))
        var batchRowCount = Swift.min(16, maximumBatchRowCount)
        var rows: [Row] = []
        // The first row of a batch is stepped before the batch is allocated: no result, or a last
        // batch that ended full, allocates nothing more. The builder's staging serves every batch.
        guard try cursor.next() != nil else { return rows }
        var builder = CopiedValuesBuilder(capacity: batchRowCount * columnCount)
        repeat {
            var rowCount = 0
            repeat {
                builder.appendCurrentRow(of: statement)
                rowCount += 1
            } while try rowCount < batchRowCount && cursor.next() != nil
            let unadapted = RowStorage(columns: statement.columns, values: builder.build())
            let storage = layout.map { RowStorage(base: unadapted, layout: $0) } ?? unadapted
            for index in 0..<rowCount {
                rows.append(Row(storage: storage, valuesStart: index * columnCount))
            }
            if rowCount < batchRowCount { return rows }
            batchRowCount = Swift.min(batchRowCount * 2, maximumBatchRowCount)
        } while try cursor.next() != nil
        return rows
    }

    /// The first row of a statement, if any.
    public static func fetchOne(
        _ statement: Statement, arguments: StatementArguments? = nil, adapter: (any RowAdapter)? = nil
    ) throws -> Row? {
        try statement.decodeFirstRow(arguments: arguments, adapter: adapter) { $0.copy() }
    }

    /// A cursor over the rows of an SQL query.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> RowCursor {
        try fetchCursor(db.makeStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// All rows of an SQL query.
    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> [Row] {
        try fetchAll(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// The distinct rows of an SQL query.
    public static func fetchSet(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> Set<Row> {
        try fetchSet(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// The first row of an SQL query, if any.
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
        adapter: (any RowAdapter)? = nil
    ) throws -> Row? {
        try fetchOne(db.reusableStatement(sql: sql), arguments: arguments, adapter: adapter)
    }

    /// A cursor over the rows of a request.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> RowCursor {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        try prepared.checkCursorSupport()
        return try fetchCursor(prepared.statement, adapter: prepared.adapter)
    }

    /// All rows of a request.
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Row] {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        if let rows = try prepared.supplementedRows(db) { return rows }
        return try fetchAll(prepared.statement, adapter: prepared.adapter)
    }

    /// The distinct rows of a request.
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Row> {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        if let rows = try prepared.supplementedRows(db) { return Set(rows) }
        return try fetchSet(prepared.statement, adapter: prepared.adapter)
    }

    /// The first row of a request, if any.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Row? {
        let prepared = try request.makePreparedRequest(db, forSingleResult: true)
        if let rows = try prepared.supplementedRows(db) { return rows.first }
        return try fetchOne(prepared.statement, adapter: prepared.adapter)
    }
}

extension FetchRequest where RowDecoder == Row {
    /// A cursor over the fetched rows.
    public func fetchCursor(_ db: Database) throws -> RowCursor { try Row.fetchCursor(db, self) }
    /// All fetched rows.
    public func fetchAll(_ db: Database) throws -> [Row] { try Row.fetchAll(db, self) }
    /// The distinct fetched rows.
    public func fetchSet(_ db: Database) throws -> Set<Row> { try Row.fetchSet(db, self) }
    /// The first fetched row, if any.
    public func fetchOne(_ db: Database) throws -> Row? { try Row.fetchOne(db, self) }
}
