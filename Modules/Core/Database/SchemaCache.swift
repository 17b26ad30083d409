/// What a connection knows of the schema; emptied whenever the schema may have changed.
struct SchemaCache {
    /// The primary keys, by table name.
    var primaryKeys = LastHitCache<String, PrimaryKeyInfo>()
}
