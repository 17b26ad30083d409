extension Row {
    /// A cursor over the rows of a statement. Each row is valid until the next iteration.
    public static func fetchCursor(_ statement: Statement, arguments: StatementArguments? = nil) throws -> RowCursor {
        try StatementCursor(statement: statement, arguments: arguments) { $0 }
    }

    /// All rows of a statement.
    public static func fetchAll(_ statement: Statement, arguments: StatementArguments? = nil) throws -> [Row] {
        try copiedRows(statement, arguments: arguments)
    }

    /// The distinct rows of a statement.
    public static func fetchSet(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Set<Row> {
        try Set(copiedRows(statement, arguments: arguments))
    }

    /// How many copied rows share one storage.
    private static let batchRowCount = 64

    /// The rows of a statement, copied in batches that share one storage: a row then costs no
    /// allocation of its own, and keeps at most its batch alive.
    private static func copiedRows(_ statement: Statement, arguments: StatementArguments?) throws -> [Row] {
        let cursor = try StatementCursor(statement: statement, arguments: arguments) { _ in () }
        let columnCount = statement.columnCount
        var rows: [Row] = []
        var batch: [DatabaseValue] = []
        var pendingRowCount = 0
        func flush() {
            guard pendingRowCount > 0 else { return }
            let storage = RowStorage(columns: statement.columns, values: batch)
            for index in 0..<pendingRowCount {
                rows.append(Row(storage: storage, valuesStart: index * columnCount))
            }
            batch = []
            pendingRowCount = 0
        }
        while try cursor.next() != nil {
            if pendingRowCount == 0 { batch.reserveCapacity(batchRowCount * columnCount) }
            for index in 0..<Int32(columnCount) { batch.append(statement.databaseValue(at: index)) }
            pendingRowCount += 1
            if pendingRowCount == batchRowCount { flush() }
        }
        flush()
        return rows
    }

    /// The first row of a statement, if any.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Row? {
        try StatementCursor(statement: statement, arguments: arguments) { $0.copy() }.next()
    }

    /// A cursor over the rows of an SQL query.
    public static func fetchCursor(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> RowCursor {
        try fetchCursor(db.makeStatement(sql: sql), arguments: arguments)
    }

    /// All rows of an SQL query.
    public static func fetchAll(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [Row] {
        try fetchAll(db.reusableStatement(sql: sql), arguments: arguments)
    }

    /// The distinct rows of an SQL query.
    public static func fetchSet(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> Set<Row> {
        try fetchSet(db.reusableStatement(sql: sql), arguments: arguments)
    }

    /// The first row of an SQL query, if any.
    public static func fetchOne(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> Row? {
        try fetchOne(db.reusableStatement(sql: sql), arguments: arguments)
    }

    /// A cursor over the rows of a request.
    public static func fetchCursor(_ db: Database, _ request: some FetchRequest) throws -> RowCursor {
        try fetchCursor(request.preparedStatement(db, forSingleResult: false))
    }

    /// All rows of a request.
    public static func fetchAll(_ db: Database, _ request: some FetchRequest) throws -> [Row] {
        try fetchAll(request.preparedStatement(db, forSingleResult: false))
    }

    /// The distinct rows of a request.
    public static func fetchSet(_ db: Database, _ request: some FetchRequest) throws -> Set<Row> {
        try fetchSet(request.preparedStatement(db, forSingleResult: false))
    }

    /// The first row of a request, if any.
    public static func fetchOne(_ db: Database, _ request: some FetchRequest) throws -> Row? {
        try fetchOne(request.preparedStatement(db, forSingleResult: true))
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
