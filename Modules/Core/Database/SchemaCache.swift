/// What a connection knows of the schema; emptied whenever the schema may have changed.
struct SchemaCache {
    /// The primary keys of the tables named without schema, found without building a key: records
    /// save often, one after the other.
    var primaryKeys = LastHitCache<String, PrimaryKeyInfo>()
    /// The primary keys of the tables named with their schema.
    var qualifiedPrimaryKeys: [SchemaObjectName: PrimaryKeyInfo] = [:]
    /// The views that the schema source gives no key. (Apart from the primary keys, whose values
    /// are then not optional: a lookup copies no optional.)
    var keylessViews: Set<SchemaObjectName> = []
    /// What the unique keys of tables are made of.
    var uniqueKeys: [SchemaObjectName: UniqueKeyInfo] = [:]
    /// The columns of tables and views.
    var tables: [SchemaObjectName: TableSchema] = [:]
    /// Values that other modules derive from the schema (the foreign keys of tables, say), by key.
    var derivedValues: [String: Any] = [:]
}

/// A table, a view or an index as the schema functions are given it: a name, and a schema, or none
/// for the object that SQLite resolves the name to.
package struct SchemaObjectName: Hashable {
    /// The name of the object.
    package var name: String
    /// "main", "temp", the name of an attached database, or nil.
    package var schemaName: String?

    /// The object of the given name, in the given schema or where SQLite finds it.
    package init(_ name: String, in schemaName: String? = nil) {
        self.name = name
        self.schemaName = schemaName
    }

    /// A `PRAGMA` that takes the object: `PRAGMA table_info("player")`, or
    /// `PRAGMA "main".table_info("player")`.
    package func pragmaSQL(_ pragma: String) -> String {
        let schema = schemaName.map { $0.quotedDatabaseIdentifier + "." } ?? ""
        return "PRAGMA \(schema)\(pragma)(\(name.quotedDatabaseIdentifier))"
    }
}

/// The columns of a table or a view, read once from `PRAGMA table_info`.
struct TableSchema {
    /// The names of the columns, in order, as the schema spells them.
    let columns: [String]
    /// The names of the columns.
    let names: Set<String>
    /// The lowercased names of the columns.
    let normalizedNames: Set<String>
    /// The columns of the primary key, in the key's order, with their declared types.
    let primaryKeyColumns: [(name: String, type: String)]
    /// The view, when the object is one. Only an object without primary key columns may be a view:
    /// the others are tables.
    let view: DatabaseObjectID?
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
