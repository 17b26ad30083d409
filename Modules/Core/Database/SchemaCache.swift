/// What a connection knows of the schema; emptied whenever the schema may have changed.
struct SchemaCache {
    /// The primary keys, by table name (nil for a view that the schema source gives no key).
    var primaryKeys = LastHitCache<String, PrimaryKeyInfo?>()
    /// What the unique keys of tables are made of, by table name.
    var uniqueKeys: [String: UniqueKeyInfo] = [:]
    /// The column names, by table name.
    var columnNames: [String: TableColumnNames] = [:]
}

/// What identifies the rows of a table, besides its primary key.
package struct UniqueKeyInfo {
    /// The lowercased names that read the rowid ("rowid", "oid", "_rowid_", unless a column has
    /// the name); none for a table WITHOUT ROWID or a view.
    package let rowIDNames: Set<String>
    /// Whether the primary key has an index of its own: then an INTEGER PRIMARY KEY is not the
    /// rowid (a table WITHOUT ROWID, or `INTEGER PRIMARY KEY DESC`).
    let hasPrimaryKeyIndex: Bool
    /// The lowercased columns of each unique index (partial ones too, as in GRDB; indexes on
    /// expressions left out).
    let uniqueIndexes: [Set<String>]
}

/// The names of the columns of a table.
package struct TableColumnNames {
    /// The names, as the schema spells them.
    package let names: Set<String>
    /// The lowercased names.
    package let normalizedNames: Set<String>
}
