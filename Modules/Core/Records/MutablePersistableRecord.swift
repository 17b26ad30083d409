/// The outcome of a successful insertion, handed to `didInsert(_:)`.
public struct InsertionSuccess: Sendable {
    /// The rowid of the inserted row.
    public let rowID: Int64
    /// The column that holds the rowid (the INTEGER PRIMARY KEY, or "rowid"), if the table has one.
    public let rowIDColumn: String?
    /// The values that were inserted.
    let insertedContainer: PersistenceContainer

    /// The values that were inserted, with the rowid column set.
    public var persistenceContainer: PersistenceContainer {
        var container = insertedContainer
        if let rowIDColumn {
            container.setDatabaseValue(rowID.databaseValue, forColumn: rowIDColumn)
        }
        return container
    }
}

/// How an INSERT or UPDATE resolves a constraint conflict (`INSERT OR REPLACE`, …).
public enum ConflictResolution: String, Sendable {
    /// Undo the statement (the default of SQLite).
    case abort = "ABORT"
    /// Undo the whole transaction.
    case rollback = "ROLLBACK"
    /// Keep the previous changes of the statement, and stop.
    case fail = "FAIL"
    /// Skip the conflicting row.
    case ignore = "IGNORE"
    /// Delete the conflicting rows, then insert.
    case replace = "REPLACE"
}

/// A record that can be inserted, updated and deleted, and which may change when it is inserted
/// (a struct that takes its auto-incremented id in `didInsert(_:)`).
///
/// ```swift
/// struct Player: Codable, FetchableRecord, MutablePersistableRecord {
///     var id: Int64?
///     var name: String
///     mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
/// }
/// var player = Player(id: nil, name: "Arthur")
/// try player.insert(db)   // player.id is now set
/// ```
public protocol MutablePersistableRecord: EncodableRecord, TableRecord {
    /// Called after a successful insertion (does nothing by default).
    mutating func didInsert(_ inserted: InsertionSuccess)
}

extension MutablePersistableRecord {
    /// Does nothing.
    public mutating func didInsert(_ inserted: InsertionSuccess) {}

    /// Inserts the record, then calls `didInsert(_:)`.
    ///
    /// - throws: A `DatabaseError`, such as a constraint violation (`SQLITE_CONSTRAINT`).
    public mutating func insert(_ db: Database, onConflict conflictResolution: ConflictResolution? = nil) throws {
        try insertAndNotify(db, onConflict: conflictResolution)
    }

    /// Returns an inserted copy of the record.
    public func inserted(_ db: Database, onConflict conflictResolution: ConflictResolution? = nil) throws -> Self {
        var record = self
        try record.insert(db, onConflict: conflictResolution)
        return record
    }

    /// Updates the row of the record's primary key (all columns, or only the given ones).
    ///
    /// - throws: `PersistenceError.recordNotFound` when no row has this primary key.
    public func update(
        _ db: Database, onConflict conflictResolution: ConflictResolution? = nil, columns: Set<String>? = nil
    ) throws {
        let container = try persistenceContainer()
        let key = try TableKey(db, table: Self.databaseTableName, container: container)
        guard try performUpdate(db, container: container, key: key, onConflict: conflictResolution, columns: columns)
        else {
            throw PersistenceError.recordNotFound(databaseTableName: Self.databaseTableName, key: key.dictionary)
        }
    }

    /// Updates the record when its row exists, and inserts it otherwise.
    public mutating func save(_ db: Database, onConflict conflictResolution: ConflictResolution? = nil) throws {
        try saveAndNotify(db, onConflict: conflictResolution)
    }

    /// The implementation of `insert`, shared with `PersistableRecord`.
    mutating func insertAndNotify(_ db: Database, onConflict conflictResolution: ConflictResolution?) throws {
        didInsert(try performInsert(db, onConflict: conflictResolution))
    }

    /// The implementation of `save`, shared with `PersistableRecord`.
    mutating func saveAndNotify(_ db: Database, onConflict conflictResolution: ConflictResolution?) throws {
        let container = try persistenceContainer()
        let key = try? TableKey(db, table: Self.databaseTableName, container: container)
        if let key, !key.hasNull,
            try performUpdate(db, container: container, key: key, onConflict: conflictResolution, columns: nil)
        {
            return
        }
        try insertAndNotify(db, onConflict: conflictResolution)
    }

    /// Deletes the row of the record's primary key, and returns whether there was one.
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        try Self.delete(db, TableKey(db, table: Self.databaseTableName, container: persistenceContainer()))
    }

    /// Whether a row has the record's primary key.
    public func exists(_ db: Database) throws -> Bool {
        try Self.exists(db, TableKey(db, table: Self.databaseTableName, container: persistenceContainer()))
    }

    private func performInsert(_ db: Database, onConflict conflictResolution: ConflictResolution?) throws
        -> InsertionSuccess
    {
        let container = try persistenceContainer()
        let table = Self.databaseTableName
        try db.insertStatement(table: table, columnsOf: container, onConflict: conflictResolution)
            .execute(arguments: StatementArguments(persistenceContainer: container))
        return InsertionSuccess(
            rowID: db.lastInsertedRowID, rowIDColumn: try db.primaryKey(table).rowIDColumn,
            insertedContainer: container)
    }

    /// Runs the UPDATE, and returns whether a row was updated.
    private func performUpdate(
        _ db: Database, container: PersistenceContainer, key: TableKey,
        onConflict conflictResolution: ConflictResolution?, columns: Set<String>?
    ) throws -> Bool {
        if key.hasNull { return false }
        let keyColumns = Set(key.columns.map { $0.normalizedIdentifier })
        let selected = columns.map { Set($0.map { $0.normalizedIdentifier }) }
        var assigned = container.columnsAndValues.filter { column, _ in
            !keyColumns.contains(column.normalizedIdentifier)
                && (selected?.contains(column.normalizedIdentifier) ?? true)
        }
        if assigned.isEmpty {
            // Nothing to change but the key itself: the UPDATE still tells whether the row exists.
            assigned = zip(key.columns, key.values).map { ($0, $1) }
        }
        let statementKey = PersistenceStatementKey(
            kind: .update(conflictResolution), table: key.tableName, columns: assigned.map(\.0),
            keyColumns: key.columns)
        try db.persistenceStatement(statementKey).execute(
            arguments: StatementArguments(databaseValues: assigned.map(\.1) + key.values))
        return db.changesCount > 0
    }
}

/// A record that can be inserted, updated and deleted without changing (a class, or a struct
/// whose primary key is not auto-incremented).
public protocol PersistableRecord: MutablePersistableRecord {
    /// Called after a successful insertion (does nothing by default).
    func didInsert(_ inserted: InsertionSuccess)
}

extension PersistableRecord {
    /// Does nothing.
    public func didInsert(_ inserted: InsertionSuccess) {}

    /// Inserts the record, then calls `didInsert(_:)`.
    public func insert(_ db: Database, onConflict conflictResolution: ConflictResolution? = nil) throws {
        var record = self
        try record.insertAndNotify(db, onConflict: conflictResolution)
    }

    /// Updates the record when its row exists, and inserts it otherwise.
    public func save(_ db: Database, onConflict conflictResolution: ConflictResolution? = nil) throws {
        var record = self
        try record.saveAndNotify(db, onConflict: conflictResolution)
    }
}
