extension TableRecord {
    /// The number of rows in the table.
    public static func fetchCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(databaseTableName.quotedDatabaseIdentifier)") ?? 0
    }

    /// Deletes every row of the table, and returns how many were deleted.
    @discardableResult
    public static func deleteAll(_ db: Database) throws -> Int {
        try db.execute(sql: "DELETE FROM \(databaseTableName.quotedDatabaseIdentifier)")
        return db.changesCount
    }

    /// Deletes the row of a primary key, and returns whether there was one.
    @discardableResult
    public static func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try delete(db, TableKey(db, table: databaseTableName, primaryKeyValue: key.databaseValue))
    }

    /// Deletes the row of a unique key (`["email": "arthur@example.com"]`), and returns whether there was one.
    @discardableResult
    public static func deleteOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try delete(db, TableKey(db, table: databaseTableName, dictionary: key))
    }

    /// Deletes the rows of several primary keys, and returns how many were deleted.
    @discardableResult
    public static func deleteAll<Keys: Sequence>(_ db: Database, keys: Keys) throws -> Int
    where Keys.Element: DatabaseValueConvertible {
        var count = 0
        for key in keys where try deleteOne(db, key: key) { count += 1 }
        return count
    }

    /// Whether a row has this primary key.
    public static func exists(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try exists(db, TableKey(db, table: databaseTableName, primaryKeyValue: key.databaseValue))
    }

    static func delete(_ db: Database, _ key: TableKey) throws -> Bool {
        if key.hasNull { return false }
        try db.cachedStatement(sql: "DELETE FROM \(key.tableName.quotedDatabaseIdentifier) WHERE \(key.whereClause)")
            .execute(arguments: key.arguments)
        return db.changesCount > 0
    }

    static func exists(_ db: Database, _ key: TableKey) throws -> Bool {
        if key.hasNull { return false }
        let sql = "SELECT 1 FROM \(key.tableName.quotedDatabaseIdentifier) WHERE \(key.whereClause)"
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: key.arguments) != nil
    }
}

extension TableRecord where Self: FetchableRecord {
    /// All records of the table.
    public static func fetchAll(_ db: Database) throws -> [Self] {
        let (sql, arguments) = try selectSQL(db)
        return try fetchAll(db, sql: sql, arguments: arguments)
    }

    /// A cursor over all records of the table.
    public static func fetchCursor(_ db: Database) throws -> RecordCursor<Self> {
        let (sql, arguments) = try selectSQL(db)
        return try fetchCursor(db, sql: sql, arguments: arguments)
    }

    /// The first record of the table, if any.
    public static func fetchOne(_ db: Database) throws -> Self? {
        let (sql, arguments) = try selectSQL(db)
        return try fetchOne(db, sql: sql + " LIMIT 1", arguments: arguments)
    }

    /// The record of a primary key, if any.
    public static func fetchOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Self? {
        try fetchOne(db, TableKey(db, table: databaseTableName, primaryKeyValue: key.databaseValue))
    }

    /// The record of a unique key (`["email": "arthur@example.com"]`), if any.
    public static func fetchOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Self? {
        try fetchOne(db, TableKey(db, table: databaseTableName, dictionary: key))
    }

    /// The records of several primary keys, in no particular order. Missing keys are ignored.
    public static func fetchAll<Keys: Sequence>(_ db: Database, keys: Keys) throws -> [Self]
    where Keys.Element: DatabaseValueConvertible {
        // A closure, not a key path: a generic key path is instantiated at run time.
        let values = keys.map { $0.databaseValue }.filter { !$0.isNull }
        guard let first = values.first else { return [] }
        let key = try TableKey(db, table: databaseTableName, primaryKeyValue: first)
        let placeholders = Array(repeating: "?", count: values.count).joined(separator: ", ")
        let (sql, arguments) = try selectSQL(db)
        let condition = " WHERE \(key.columns[0].quotedDatabaseIdentifier) IN (\(placeholders))"
        return try fetchAll(db, sql: sql + condition, arguments: arguments + StatementArguments(values))
    }

    /// The record of a primary key.
    ///
    /// - throws: `RecordError.recordNotFound` when there is none.
    public static func find(_ db: Database, key: some DatabaseValueConvertible) throws -> Self {
        let tableKey = try TableKey(db, table: databaseTableName, primaryKeyValue: key.databaseValue)
        guard let record = try fetchOne(db, tableKey) else {
            throw RecordError.recordNotFound(databaseTableName: databaseTableName, key: tableKey.dictionary)
        }
        return record
    }

    private static func fetchOne(_ db: Database, _ key: TableKey) throws -> Self? {
        if key.hasNull { return nil }
        let (sql, arguments) = try selectSQL(db)
        return try fetchOne(
            db.cachedStatement(sql: "\(sql) WHERE \(key.whereClause)"),
            arguments: arguments.isEmpty ? key.arguments : arguments + key.arguments)
    }

    /// `SELECT databaseSelection FROM table`, and its arguments.
    private static func selectSQL(_ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        let (selection, arguments) = try databaseSelectionSQL(db)
        return ("SELECT \(selection) FROM \(databaseTableName.quotedDatabaseIdentifier)", arguments)
    }
}

extension TableRecord where Self: Identifiable, ID: DatabaseValueConvertible {
    /// Deletes the row of an id, and returns whether there was one.
    @discardableResult
    public static func deleteOne(_ db: Database, id: ID) throws -> Bool { try deleteOne(db, key: id) }

    /// Whether a row has this id.
    public static func exists(_ db: Database, id: ID) throws -> Bool { try exists(db, key: id) }
}

extension TableRecord where Self: FetchableRecord & Identifiable, ID: DatabaseValueConvertible {
    /// The record of an id, if any.
    public static func fetchOne(_ db: Database, id: ID) throws -> Self? { try fetchOne(db, key: id) }

    /// The records of several ids, in no particular order.
    public static func fetchAll(_ db: Database, ids: some Collection<ID>) throws -> [Self] {
        try fetchAll(db, keys: ids)
    }

    /// The record of an id.
    ///
    /// - throws: `RecordError.recordNotFound` when there is none.
    public static func find(_ db: Database, id: ID) throws -> Self { try find(db, key: id) }
}
