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

    /// At most how many values the copied rows of one storage hold (48 KB of values): few enough
    /// that a row kept alone keeps little memory alive, many enough that allocating and freeing
    /// storages costs little (measured: batches of 64 rows of 7 columns cost 10 % more time than
    /// batches of 256).
    private static let maximumBatchValueCount = 2048

    /// The rows of a statement, copied in batches that share one storage: a row then costs no
    /// allocation of its own, and keeps at most its batch alive. Batches start small, for the many
    /// requests that fetch a few rows, and double up to the maximum.
    private static func copiedRows(_ statement: Statement, arguments: StatementArguments?) throws -> [Row] {
        let cursor = try StatementCursor(statement: statement, arguments: arguments) { _ in () }
        let columnCount = statement.columnCount
        let maximumBatchRowCount = Swift.max(1, maximumBatchValueCount / Swift.max(1, columnCount))
        var batchRowCount = Swift.min(16, maximumBatchRowCount)
        var rows: [Row] = []
        // The first row of a batch is stepped before the batch is allocated: no result, or a last
        // batch that ended full, allocates nothing more.
        while try cursor.next() != nil {
            var rowCount = 0
            let values = try [DatabaseValue](unsafeUninitializedCapacity: batchRowCount * columnCount) {
                buffer, initializedCount in
                repeat {
                    for column in 0..<columnCount {
                        buffer.initializeElement(at: initializedCount, to: statement.databaseValue(at: Int32(column)))
                        initializedCount += 1
                    }
                    rowCount += 1
                } while try rowCount < batchRowCount && cursor.next() != nil
            }
            let storage = RowStorage(columns: statement.columns, values: values)
            for index in 0..<rowCount {
                rows.append(Row(storage: storage, valuesStart: index * columnCount))
            }
            if rowCount < batchRowCount { return rows }
            batchRowCount = Swift.min(batchRowCount * 2, maximumBatchRowCount)
        }
        return rows
    }

    /// The first row of a statement, if any.
    public static func fetchOne(_ statement: Statement, arguments: StatementArguments? = nil) throws -> Row? {
        try StatementCursor(statement: statement, arguments: arguments) { $0.copy() }.nextThenFinish()
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
