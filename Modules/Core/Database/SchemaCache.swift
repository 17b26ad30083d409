/// What a connection knows of the schema; emptied whenever the schema may have changed.
struct SchemaCache {
    /// The primary keys, by table name.
    private var primaryKeys = LastHitCache<String, PrimaryKeyInfo>()

    /// The primary key of a table, if known.
    mutating func primaryKey(_ table: String) -> PrimaryKeyInfo? {
        primaryKeys[table]
    }

    /// Remembers the primary key of a table.
    mutating func setPrimaryKey(_ primaryKey: PrimaryKeyInfo, forTable table: String) {
        primaryKeys[table] = primaryKey
    }
}
