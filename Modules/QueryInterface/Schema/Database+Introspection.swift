import RSCore

// Schema introspection: the columns, indexes and foreign keys of a table. Each method throws
// "no such table" for a table that does not exist, rather than returning an empty list. (The
// primary key is `primaryKey(_:in:)`, and existence is `tableExists(_:)`.)
extension Database {
    /// The columns of a table or a view, in order; hidden columns of virtual tables are left out.
    ///
    /// ```swift
    /// let columns = try db.columns(in: "player")
    /// columns.map { $0.name }   // ["id", "name", "score"]
    /// ```
    ///
    /// - parameters:
    ///   - tableName: The name of the table.
    ///   - schemaName: The schema of the table ("main", "temp", or an attached database);
    ///     by default, SQLite looks for the table as a query would.
    /// - throws: A `DatabaseError` ("no such table: …") when the table does not exist.
    public func columns(in tableName: String, in schemaName: String? = nil) throws -> [ColumnInfo] {
        // PRAGMA table_xinfo (SQLite 3.26+) also tells generated columns, and which columns are hidden.
        let pragma = driver.capabilities.isAtLeast(3, 26) ? "table_xinfo" : "table_info"
        let table = SchemaObjectName(tableName, in: schemaName)
        let columns = try ColumnInfo.fetchAll(self, sql: table.pragmaSQL(pragma))
            .filter { $0.hidden != 1 }
            .sorted { $0.cid < $1.cid }
        if columns.isEmpty { throw noSuchTableError(table) }
        return columns
    }

    /// The indexes of a table, including those of its UNIQUE and PRIMARY KEY constraints. Indexes on
    /// expressions are left out.
    ///
    /// - throws: A `DatabaseError` ("no such table: …") when the table does not exist.
    public func indexes(on tableName: String, in schemaName: String? = nil) throws -> [IndexInfo] {
        // Each row: seq, name, unique, origin, partial.
        let table = SchemaObjectName(tableName, in: schemaName)
        let indexRows = try Row.fetchAll(self, sql: table.pragmaSQL("index_list"))
        if indexRows.isEmpty {
            try checkTableExists(table)
            return []
        }
        return try indexRows.compactMap { row -> IndexInfo? in
            let name: String = row["name"]
            // Each row: seqno, cid, name (NULL for the rowid or an expression).
            let columnRows = try Row.fetchAll(self, sql: SchemaObjectName(name, in: schemaName).pragmaSQL("index_info"))
                .sorted { (lhs: Row, rhs: Row) -> Bool in (lhs["seqno"] as Int) < (rhs["seqno"] as Int) }
            var columns: [String] = []
            for columnRow in columnRows {
                guard let column = columnRow["name"] as String? else { return nil }
                columns.append(column)
            }
            return IndexInfo(name: name, columns: columns, isUnique: row["unique"], origin: row["origin"])
        }
    }

    /// The foreign keys of a table. A key that names no destination column maps its columns to the
    /// primary key of the destination table.
    ///
    /// - throws: A `DatabaseError` ("no such table: …") when the table does not exist, or when a
    ///   key refers to the primary key of a table that does not exist.
    public func foreignKeys(on tableName: String, in schemaName: String? = nil) throws -> [ForeignKeyInfo] {
        // Each row: id, seq, table, from, to (NULL for the primary key), on_update, on_delete, match.
        let table = SchemaObjectName(tableName, in: schemaName)
        let rows = try Row.fetchAll(self, sql: table.pragmaSQL("foreign_key_list"))
        if rows.isEmpty {
            try checkTableExists(table)
            return []
        }
        var keys: [(id: Int, table: String, columns: [(seq: Int, origin: String, destination: String?)])] = []
        for row in rows {
            let id: Int = row["id"]
            let column = (seq: row["seq"] as Int, origin: row["from"] as String, destination: row["to"] as String?)
            if let last = keys.indices.last, keys[last].id == id {
                keys[last].columns.append(column)
            } else {
                keys.append((id, row["table"], [column]))
            }
        }
        return try keys.map { key in
            let columns = key.columns.sorted { $0.seq < $1.seq }
            let mapping: [(origin: String, destination: String)]
            if columns.contains(where: { $0.destination == nil }) {
                let destinationColumns = try primaryKey(key.table, in: schemaName).columns
                mapping = zip(columns, destinationColumns).map { ($0.origin, $1) }
            } else {
                mapping = columns.map { ($0.origin, $0.destination!) }
            }
            return ForeignKeyInfo(id: key.id, destinationTable: key.table, mapping: mapping)
        }
    }

    /// Throws "no such table" unless the table (or view) exists.
    private func checkTableExists(_ table: SchemaObjectName) throws {
        guard try tableExists(table.name, in: table.schemaName) || viewExists(table.name, in: table.schemaName) else {
            throw noSuchTableError(table)
        }
    }
}
