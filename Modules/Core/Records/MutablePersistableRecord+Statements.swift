/// What the `…AndFetch` methods add to a persistence statement: `RETURNING selection`, and the
/// function that runs the statement and keeps what it returns.
@usableFromInline
struct ReturningClause {
    let selection: [any SQLSelectable]
    let fetch: (Statement) throws -> Void
}

/// The statements of the persistence methods, run without callbacks: each one encodes the record,
/// executes its statement, or runs it with a RETURNING clause, and tells what it did.
extension MutablePersistableRecord {
    /// Runs the INSERT, and returns the insertion. `recordType` is `type(of: self)`, which the
    /// specialized callers know without asking the runtime.
    @usableFromInline
    func insertWithoutCallbacks(
        _ db: Database, as recordType: Self.Type, onConflict conflictResolution: ConflictResolution?,
        returning: ReturningClause?
    ) throws -> InsertionSuccess {
        let container = try persistenceContainer()
        let table = recordType.databaseTableName
        let resolution = (conflictResolution ?? recordType.persistenceConflictPolicy.conflictResolutionForInsert)
            .clause
        let arguments = StatementArguments(persistenceContainer: container)
        if let returning {
            let key = PersistenceStatementKey(
                kind: .insert(resolution), table: table, columns: container.columns, keyColumns: [])
            try returning.fetch(
                db.returningStatement(key.sql, table: table, arguments: arguments, selection: returning.selection))
        } else {
            try db.insertStatement(table: table, columnsOf: container, onConflict: resolution)
                .execute(arguments: arguments)
        }
        return InsertionSuccess(
            rowID: db.lastInsertedRowID, rowIDColumn: try db.primaryKey(table).rowIDColumn, inserted: container)
    }

    /// Runs the UPDATE of the given columns (all of them when nil), and returns the update.
    ///
    /// Only the columns of the table that the record encodes are updated, never the primary key.
    /// When no column is left, the primary key is set to itself: the statement still tells whether
    /// the row exists, and transaction observers see the update.
    ///
    /// - throws: `RecordError.recordNotFound` when no row has the record's primary key.
    func updateWithoutCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?, columns: Set<String>?,
        returning: ReturningClause?
    ) throws -> PersistenceSuccess {
        let container = try persistenceContainer()
        let recordType = type(of: self)
        let key = try TableKey(db, table: recordType.databaseTableName, container: container)
        if key.isAllNull { throw RecordError.recordNotFound(databaseTableName: key.tableName, key: key.dictionary) }
        let tableColumns = try db.normalizedColumnNames(in: key.tableName)
        let keyColumns = Set(key.columns.map(\.normalizedIdentifier))
        let selected = columns.map { Set($0.map(\.normalizedIdentifier)) }
        var assigned = container.columnsAndValues.filter { column, _ in
            let name = column.normalizedIdentifier
            return tableColumns.contains(name) && !keyColumns.contains(name) && (selected?.contains(name) ?? true)
        }
        if assigned.isEmpty {
            assigned = zip(key.columns, key.values).map { ($0, $1) }
        }
        let resolution = (conflictResolution ?? recordType.persistenceConflictPolicy.conflictResolutionForUpdate)
            .clause
        let statementKey = PersistenceStatementKey(
            kind: .update(resolution), table: key.tableName, columns: assigned.map(\.0), keyColumns: key.columns)
        let arguments = StatementArguments(databaseValues: assigned.map(\.1) + key.values)
        if let returning {
            try returning.fetch(
                db.returningStatement(
                    statementKey.sql, table: key.tableName, arguments: arguments, selection: returning.selection))
        } else {
            try db.persistenceStatement(statementKey).execute(arguments: arguments)
        }
        if db.changesCount == 0 {
            throw RecordError.recordNotFound(databaseTableName: key.tableName, key: key.dictionary)
        }
        return PersistenceSuccess(persistenceContainer: container)
    }

    /// Runs the DELETE, and returns whether a row was deleted.
    func deleteWithoutCallbacks(_ db: Database) throws -> Bool {
        try Self.delete(db, TableKey(db, table: type(of: self).databaseTableName, container: persistenceContainer()))
    }

    /// A `fetch` function of the `…AndFetch` methods: the first returned row, decoded as `T`.
    ///
    /// - throws: `RecordError.recordNotFound` when the statement returns no row.
    func fetchingOne<T: FetchableRecord>(_ db: Database, as type: T.Type) -> (Statement) throws -> T {
        { statement in
            guard let record = try T.fetchOne(statement) else { throw recordNotFound(db) }
            return record
        }
    }
}

extension ConflictResolution {
    /// The resolution that a statement spells out: nil for `.abort`, SQLite's default, so that
    /// `INSERT` and `INSERT OR ABORT` share one statement.
    var clause: ConflictResolution? { self == .abort ? nil : self }
}

extension Database {
    /// The statement of `sql` followed by `RETURNING selection`, from the statement cache (a new one
    /// when `cached` is false: a statement that its caller keeps), with its arguments bound. `table`
    /// is the table of the statement, whose columns the selection may name
    /// (`allColumns(excluding:)`).
    ///
    /// - throws: A `DatabaseError`: `SQLITE_MISUSE` for an empty selection; the error of SQLite
    ///   (which names the missing feature) when it has no RETURNING (before 3.35).
    package func returningStatement(
        _ sql: String, table: String, arguments: StatementArguments, selection: [any SQLSelectable],
        cached: Bool = true
    ) throws -> Statement {
        guard !selection.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "empty RETURNING selection", sql: sql)
        }
        var context = SQLGenerationContext(database: self)
        context.relationTable = (table, table)
        try context.append(arguments)
        let returning = try selection.sql(&context)
        let returningSQL = "\(sql) RETURNING \(returning)"
        let statement = try cached ? cachedStatement(sql: returningSQL) : makeStatement(sql: returningSQL)
        try statement.setArguments(context.arguments)
        return statement
    }
}
