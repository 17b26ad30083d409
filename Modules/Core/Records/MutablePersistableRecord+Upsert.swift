/// Which columns an upsert overwrites with the inserted values when the row already exists.
public struct UpsertUpdateStrategy: OptionSet, Sendable {
    /// The raw value of the options.
    public let rawValue: Int

    /// The options of a raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Only the columns of the explicit assignments are updated.
    public static let noColumnUnlessSpecified = Self([])

    /// Every column that the record encodes is overwritten, but for the primary key, the columns
    /// of the conflict target, and the columns of the explicit assignments.
    public static let allColumns = Self(rawValue: 1 << 0)
}

extension MutablePersistableRecord {
    /// Inserts the record, or updates the row it conflicts with (`INSERT … ON CONFLICT DO UPDATE`,
    /// which overwrites every column but the primary key), then calls `didInsert(_:)` with the
    /// rowid of the inserted or updated row.
    ///
    /// ```swift
    /// var player = Player(id: 1, name: "Arthur", score: 1000)
    /// try player.upsert(db)   // inserts, or updates the player 1
    /// ```
    ///
    /// - throws: A `DatabaseError` (its message names the missing feature when SQLite is older
    ///   than 3.35, as the SQLite of SQLCipher 3.4 is), or the error of a persistence callback.
    public mutating func upsert(_ db: Database) throws {
        try upsertWithSaveCallbacks(
            db, conflictTarget: [], updating: .allColumns, assignments: [], selection: []
        ) { _ in }
    }

    /// The upsert, within the save and insertion callbacks. `decode` decodes the returned row (the
    /// selection, then the rowid).
    package mutating func upsertWithSaveCallbacks(
        _ db: Database, conflictTarget: [String], updating strategy: UpsertUpdateStrategy,
        assignments: [ColumnAssignment], selection: [any SQLSelectable], decode: (Row) throws -> Void
    ) throws {
        try withSaveCallbacks(db) { record in
            let inserted = try record.withInsertCallbacks(db) { record in
                try record.upsertWithoutCallbacks(
                    db, conflictTarget: conflictTarget, updating: strategy, assignments: assignments,
                    selection: selection, decode: decode)
            }
            return PersistenceSuccess(inserted)
        }
    }

    /// Runs `INSERT … ON CONFLICT DO UPDATE … RETURNING selection, rowid`, gives the returned row
    /// to `decode`, and returns the insertion (with the rowid of the inserted or updated row).
    private func upsertWithoutCallbacks(
        _ db: Database, conflictTarget: [String], updating strategy: UpsertUpdateStrategy,
        assignments: [ColumnAssignment], selection: [any SQLSelectable], decode: (Row) throws -> Void
    ) throws -> InsertionSuccess {
        let container = try persistenceContainer()
        let table = type(of: self).databaseTableName
        let primaryKey = try db.primaryKey(table)
        let insert = PersistenceStatementKey(
            kind: .insert(nil), table: table, columns: container.columns, keyColumns: [])
        var sql = insert.sql
        sql +=
            conflictTarget.isEmpty
            ? " ON CONFLICT"
            : " ON CONFLICT(\(conflictTarget.map(\.quotedDatabaseIdentifier).joined(separator: ", ")))"
        var assignments = assignments
        if strategy.contains(.allColumns) {
            let kept = Set(
                (primaryKey.columns + conflictTarget + assignments.map(\.column)).map(\.normalizedIdentifier))
            for column in container.columns where !kept.contains(column.normalizedIdentifier) {
                assignments.append(
                    ColumnAssignment(
                        column: column, value: SQLExpression(sql: "excluded.\(column.quotedDatabaseIdentifier)")))
            }
        }
        var context = SQLGenerationContext(database: db)
        try context.append(StatementArguments(persistenceContainer: container))
        var updates = try assignments.compactMap { try $0.sql(&context) }
        if updates.isEmpty {
            // With nothing to update, a conflict would return no row, and no rowid: the first column
            // of the primary key is set to itself instead.
            let column = primaryKey.columns[0].quotedDatabaseIdentifier
            updates = ["\(column) = \(column)"]
        }
        sql += " DO UPDATE SET " + updates.joined(separator: ", ")
        let returned = try db.returningStatement(
            sql, table: table, arguments: context.arguments, selection: selection + [Column.rowID])
        let cursor = try Row.fetchCursor(returned)
        guard let row = try cursor.next() else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "the upsert returned no row", sql: sql)
        }
        let rowID: Int64 = try row.decode(Int64.self, atIndex: row.count - 1)
        try decode(row)
        // Runs the statement to its end, as an FTS5 table synchronized with the upserted one needs.
        while try cursor.next() != nil {}
        return InsertionSuccess(rowID: rowID, rowIDColumn: primaryKey.rowIDColumn, inserted: container)
    }
}
