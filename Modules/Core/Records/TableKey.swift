/// Builds the SQL that targets rows of a table by primary key, or by unique key.
struct TableKey {
    let tableName: String
    /// The key columns and their values.
    let columns: [String]
    let values: [DatabaseValue]

    /// The key made of the primary key of the table, with one value (a single-column primary key).
    init(_ db: Database, table tableName: String, primaryKeyValue value: DatabaseValue) throws {
        let primaryKey = try db.primaryKey(tableName)
        guard primaryKey.columns.count == 1 else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message:
                    "table \(tableName) has a composite primary key (\(primaryKey.columns.joined(separator: ", "))): "
                    + "use a key dictionary")
        }
        self.tableName = tableName
        self.columns = primaryKey.columns
        self.values = [value]
    }

    /// The key made of the columns of a dictionary, which must identify one row at most.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when the columns are no unique key of the table.
    init(_ db: Database, table tableName: String, dictionary: [String: (any DatabaseValueConvertible)?]) throws {
        try db.checkUniqueKey(dictionary.keys, of: tableName)
        let sorted = dictionary.sorted { $0.key < $1.key }
        self.tableName = tableName
        self.columns = sorted.map { $0.key }
        self.values = sorted.map { $0.value?.databaseValue ?? .null }
    }

    /// The key of a record: its primary key columns, read from its container. A column that the
    /// record does not encode is NULL, as in GRDB (a record of a table without explicit primary
    /// key that does not encode the rowid has no key).
    init(_ db: Database, table tableName: String, container: PersistenceContainer) throws {
        let primaryKey = try db.primaryKey(tableName)
        self.tableName = tableName
        self.columns = primaryKey.columns
        self.values = primaryKey.columns.map { container.databaseValue(forColumn: $0) ?? .null }
    }

    /// Whether a value of the key is NULL: then no row can match.
    var hasNull: Bool { values.contains { $0.isNull } }

    /// Whether every value of the key is NULL: the record has no key at all.
    var isAllNull: Bool { values.allSatisfy { $0.isNull } }

    /// `"a" = ? AND "b" = ?`.
    var whereClause: String { Self.whereClause(columns: columns) }

    /// `"a" = ? AND "b" = ?`: the condition on the values of the given columns.
    static func whereClause(columns: [String]) -> String {
        columns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
    }

    var arguments: StatementArguments { StatementArguments(values) }

    var dictionary: [String: DatabaseValue] {
        Dictionary(zip(columns, values), uniquingKeysWith: { first, _ in first })
    }
}
