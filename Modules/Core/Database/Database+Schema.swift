import Foundation

/// The primary key of a table.
public struct PrimaryKeyInfo: Hashable, Sendable {
    /// The columns of the primary key, in order. `["rowid"]` for a table without explicit primary key.
    public let columns: [String]
    /// The column that is an alias of the rowid (an INTEGER PRIMARY KEY), or "rowid" for the
    /// hidden rowid; nil when the key is not the rowid.
    public let rowIDColumn: String?

    /// Whether the primary key is the rowid, hidden or aliased.
    public var isRowID: Bool { rowIDColumn != nil }
}

extension Database {
    /// Whether a table exists in the main schema or the temporary one (views are not tables).
    public func tableExists(_ name: String) throws -> Bool {
        try schemaObjectExists(name, type: "table")
    }

    /// Whether a view exists in the main schema or the temporary one.
    public func viewExists(_ name: String) throws -> Bool {
        try schemaObjectExists(name, type: "view")
    }

    /// Whether a trigger exists in the main schema or the temporary one.
    public func triggerExists(_ name: String) throws -> Bool {
        try schemaObjectExists(name, type: "trigger")
    }

    private func schemaObjectExists(_ name: String, type: String) throws -> Bool {
        let statement = try cachedStatement(
            sql:
                "SELECT 1 FROM (SELECT name, type FROM sqlite_master UNION ALL SELECT name, type FROM sqlite_temp_master) "
                + "WHERE type = ? AND name = ? COLLATE NOCASE")
        try statement.setArguments([type, name])
        defer { statement.reset() }
        return try statement.step()
    }

    /// The primary key of a table.
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    public func primaryKey(_ tableName: String) throws -> PrimaryKeyInfo {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let primaryKey = schemaCache.primaryKeys[tableName] { return primaryKey }
        let rows = try Row.fetchAll(self, sql: "PRAGMA table_info(\(tableName.quotedDatabaseIdentifier))")
        guard !rows.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(tableName)")
        }
        let keyColumns = rows.filter { row -> Bool in row["pk"] as Int > 0 }
            .sorted { (lhs: Row, rhs: Row) -> Bool in (lhs["pk"] as Int) < (rhs["pk"] as Int) }
        let primaryKey: PrimaryKeyInfo
        switch keyColumns.count {
        case 0:
            primaryKey = PrimaryKeyInfo(columns: [Column.rowID.name], rowIDColumn: Column.rowID.name)
        case 1 where (keyColumns[0]["type"] as String).uppercased() == "INTEGER":
            let name: String = keyColumns[0]["name"]
            primaryKey = PrimaryKeyInfo(columns: [name], rowIDColumn: name)
        default:
            primaryKey = PrimaryKeyInfo(columns: keyColumns.map { $0["name"] }, rowIDColumn: nil)
        }
        schemaCache.primaryKeys[tableName] = primaryKey
        return primaryKey
    }
}

extension String {
    /// The string as an SQL identifier, in double quotes: `"player"`, `"my ""table"""`.
    public var quotedDatabaseIdentifier: String {
        "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
