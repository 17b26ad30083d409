/// What a connection knows of the schema; emptied whenever the schema may have changed.
struct SchemaCache {
    /// The primary keys, by table name.
    private var primaryKeysByTable: [String: PrimaryKeyInfo] = [:]
    /// The last primary key looked up: records are usually saved many times in a row, and
    /// comparing a table name costs less than hashing it.
    private var lastPrimaryKey: (table: String, primaryKey: PrimaryKeyInfo)?

    /// The primary key of a table, if known.
    mutating func primaryKey(_ table: String) -> PrimaryKeyInfo? {
        if let lastPrimaryKey, lastPrimaryKey.table == table { return lastPrimaryKey.primaryKey }
        guard let primaryKey = primaryKeysByTable[table] else { return nil }
        lastPrimaryKey = (table, primaryKey)
        return primaryKey
    }

    /// Remembers the primary key of a table.
    mutating func setPrimaryKey(_ primaryKey: PrimaryKeyInfo, forTable table: String) {
        primaryKeysByTable[table] = primaryKey
        lastPrimaryKey = (table, primaryKey)
    }
}
