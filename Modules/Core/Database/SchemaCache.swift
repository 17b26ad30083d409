/// What a connection knows of the schema; emptied whenever the schema may have changed.
struct SchemaCache {
    var primaryKeys: [String: PrimaryKeyInfo] = [:]
}
