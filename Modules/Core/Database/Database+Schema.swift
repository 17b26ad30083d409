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
    /// Whether a table exists (views are not tables), in the given schema ("main", "temp", or the
    /// name of an attached database), or, by default, in any of them.
    ///
    /// - throws: A `DatabaseError` for a schema that does not exist.
    public func tableExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        try schemaObjectExists(name, type: "table", in: schemaName)
    }

    /// Whether a view exists, in the given schema, or, by default, in any of them.
    ///
    /// - throws: A `DatabaseError` for a schema that does not exist.
    public func viewExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        try schemaObjectExists(name, type: "view", in: schemaName)
    }

    /// Whether a trigger exists, in the given schema, or, by default, in any of them.
    ///
    /// - throws: A `DatabaseError` for a schema that does not exist.
    public func triggerExists(_ name: String, in schemaName: String? = nil) throws -> Bool {
        try schemaObjectExists(name, type: "trigger", in: schemaName)
    }

    private func schemaObjectExists(_ name: String, type: String, in schemaName: String?) throws -> Bool {
        guard let schemaName else {
            // The main and temporary schemas first, in one query; then the attached databases.
            let mainOrTemp =
                "(SELECT name, type FROM sqlite_master UNION ALL SELECT name, type FROM sqlite_temp_master)"
            if try schemaObjectExists(name, type: type, inSchemaTable: mainOrTemp) { return true }
            // (`pragma_database_list` is a function of SQLite 3.16+: the pragma works everywhere.)
            let attached = try Row.fetchAll(self, sql: "PRAGMA database_list").filter { row in row["seq"] as Int > 1 }
            return try attached.contains { row in try schemaObjectExists(name, type: type, in: row["name"]) }
        }
        // `temp.sqlite_master` is a name of SQLite 3.33+; `sqlite_temp_master` works everywhere.
        let schemaTable =
            schemaName.lowercased() == "temp"
            ? "sqlite_temp_master" : "\(schemaName.quotedDatabaseIdentifier).sqlite_master"
        return try schemaObjectExists(name, type: type, inSchemaTable: schemaTable)
    }

    private func schemaObjectExists(_ name: String, type: String, inSchemaTable schemaTable: String) throws -> Bool {
        let statement = try cachedStatement(
            sql: "SELECT 1 FROM \(schemaTable) WHERE type = ? AND name = ? COLLATE NOCASE")
        return try Int.fetchOne(statement, arguments: [type, name]) != nil
    }

    /// Whether a table is one of SQLite's own: its name starts with "sqlite_" (`sqlite_master`,
    /// `sqlite_sequence`, …) or "pragma_" (the table-valued functions of pragmas).
    public static func isSQLiteInternalTable(_ tableName: String) -> Bool {
        tableName.starts(with: "sqlite_") || tableName.starts(with: "pragma_")
    }

    /// Whether a table is one of the library's own, as GRDB names them: its name starts with
    /// "grdb_" (`grdb_migrations`).
    public static func isGRDBInternalTable(_ tableName: String) -> Bool {
        tableName.starts(with: "grdb_")
    }

    /// The schema version of the database (`PRAGMA schema_version`), which SQLite increments at
    /// each change of the schema.
    public func schemaVersion() throws -> Int32 {
        try Int32.fetchOne(cachedStatement(sql: "PRAGMA schema_version")) ?? 0
    }

    /// Forgets what the connection knows of the schema, and its prepared statements. The
    /// connection notices the schema changes of other connections at the start of each read of a
    /// `DatabasePool`; call it after another connection changed the schema of a database that
    /// this connection keeps using in one access.
    public func clearSchemaCache() {
        checkAccess()
        clearSchemaAndStatementCaches()
    }

    /// Whether the table has a primary key or a unique index on a subset of the given columns, so
    /// that at most one row matches values of all of them (column names compare case-insensitively;
    /// a partial unique index counts, as in GRDB; an index on an expression does not). `["rowid"]`
    /// is a unique key of a table that has a rowid. A view has no unique key but the primary key
    /// that the schema source (see ``schemaSource``) gives it.
    ///
    /// - throws: A `DatabaseError` ("no such table: …") when the table does not exist; the error of
    ///   the schema source.
    public func table(_ tableName: String, hasUniqueKey columns: some Collection<String>) throws -> Bool {
        let primaryKey = try primaryKeyUnlessKeylessView(tableName)
        let wanted = Set(columns.map { $0.normalizedIdentifier })
        if wanted.isEmpty { return false }
        if let primaryKey, Set(primaryKey.columns.map { $0.normalizedIdentifier }).isSubset(of: wanted) {
            return true
        }
        let keys = try uniqueKeys(tableName)
        if wanted.isSubset(of: keys.rowIDNames) { return true }
        return keys.uniqueIndexes.contains { $0.isSubset(of: wanted) }
    }

    /// Throws unless the columns are a unique key of the table (see `table(_:hasUniqueKey:)`): a key
    /// of no column would match every row, and other columns several rows, which a DELETE would
    /// delete all.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`).
    package func checkUniqueKey(_ columns: some Collection<String>, of tableName: String) throws {
        guard !columns.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "empty key for table \(tableName)")
        }
        guard try table(tableName, hasUniqueKey: columns) else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message:
                    "table \(tableName) has no unique key on the columns \(columns.sorted().joined(separator: ", ")): "
                    + "a key must contain the primary key, or the columns of a unique index")
        }
    }

    /// What identifies the rows of a table besides its primary key (cached with the schema).
    package func uniqueKeys(_ tableName: String) throws -> UniqueKeyInfo {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let keys = schemaCache.uniqueKeys[tableName] { return keys }
        let table = tableName.quotedDatabaseIdentifier
        let columns = try normalizedColumnNames(in: tableName)
        var hasRowID = true
        var hasPrimaryKeyIndex = false
        var uniqueIndexes: [Set<String>] = []
        // Each row of index_list: seq, name, unique, origin, partial; of index_xinfo: seqno, cid,
        // name (NULL for an expression or the rowid), desc, coll, key (0 for auxiliary columns).
        for index in try Row.fetchAll(self, sql: "PRAGMA index_list(\(table))") where index["unique"] as Bool {
            let name: String = index["name"]
            let indexColumns = try Row.fetchAll(self, sql: "PRAGMA index_xinfo(\(name.quotedDatabaseIdentifier))")
            if index["origin"] as String? == "pk" {
                hasPrimaryKeyIndex = true
                // The primary key index of a table WITHOUT ROWID ends with the other columns,
                // where other indexes end with the rowid (column -1).
                hasRowID = indexColumns.contains { !($0["key"] as Bool) && $0["cid"] as Int == -1 }
            }
            let keyColumns = indexColumns.filter { $0["key"] as Bool }.map { $0["name"] as String? }
            if !keyColumns.contains(nil) {
                uniqueIndexes.append(Set(keyColumns.map { $0!.normalizedIdentifier }))
            }
        }
        // A view has no index, and no rowid.
        if !hasPrimaryKeyIndex, try resolvedTableOrView(tableName)?.isView == true {
            hasRowID = false
        }
        let keys = UniqueKeyInfo(
            rowIDNames: hasRowID ? Set(["rowid", "oid", "_rowid_"]).subtracting(columns) : [],
            hasPrimaryKeyIndex: hasPrimaryKeyIndex, uniqueIndexes: uniqueIndexes)
        schemaCache.uniqueKeys[tableName] = keys
        return keys
    }

    /// The names of the columns of a table, as the schema spells them (generated and hidden
    /// columns left out).
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    package func columnNames(in tableName: String) throws -> Set<String> {
        try tableColumnNames(tableName).names
    }

    /// The lowercased names of the columns of a table (generated and hidden columns left out).
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    package func normalizedColumnNames(in tableName: String) throws -> Set<String> {
        try tableColumnNames(tableName).normalizedNames
    }

    /// The column names of a table, cached with the schema.
    private func tableColumnNames(_ tableName: String) throws -> TableColumnNames {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let names = schemaCache.columnNames[tableName] { return names }
        let rows = try Row.fetchAll(self, sql: "PRAGMA table_info(\(tableName.quotedDatabaseIdentifier))")
        guard !rows.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(tableName)")
        }
        let names = rows.map { $0["name"] as String }
        let columnNames = TableColumnNames(names: Set(names), normalizedNames: Set(names.map(\.normalizedIdentifier)))
        schemaCache.columnNames[tableName] = columnNames
        return columnNames
    }

    /// The primary key of a table, or of a view that the schema source (see ``schemaSource``)
    /// gives one: the columns it names, without rowid.
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist, or
    ///   ("database view … has no primary key") for a view that the schema source gives no primary
    ///   key; the error of the schema source.
    public func primaryKey(_ tableName: String) throws -> PrimaryKeyInfo {
        guard let primaryKey = try primaryKeyUnlessKeylessView(tableName) else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "database view \(tableName) has no primary key")
        }
        return primaryKey
    }

    /// The primary key of a table or a view (see `primaryKey(_:)`), or nil for a view that the
    /// schema source gives no primary key.
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist; the error of
    ///   the schema source.
    package func primaryKeyUnlessKeylessView(_ tableName: String) throws -> PrimaryKeyInfo? {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let cached = schemaCache.primaryKeys[tableName] { return cached }
        let rows = try Row.fetchAll(self, sql: "PRAGMA table_info(\(tableName.quotedDatabaseIdentifier))")
        guard !rows.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(tableName)")
        }
        let keyColumns = rows.filter { row -> Bool in row["pk"] as Int > 0 }
            .sorted { (lhs: Row, rhs: Row) -> Bool in (lhs["pk"] as Int) < (rhs["pk"] as Int) }
        let primaryKey: PrimaryKeyInfo?
        switch keyColumns.count {
        case 0:
            // No column of a view is part of a primary key. A view that the schema source gives no
            // key is cached too (as nil), so that the source is not asked again.
            if let view = try resolvedTableOrView(tableName), view.isView {
                primaryKey = try schemaSourcePrimaryKey(of: view.id, columns: rows.map { $0["name"] })
            } else {
                primaryKey = PrimaryKeyInfo(columns: [Column.rowID.name], rowIDColumn: Column.rowID.name)
            }
        case 1
        where try (keyColumns[0]["type"] as String).uppercased() == "INTEGER"
            && !uniqueKeys(tableName).hasPrimaryKeyIndex:
            let name: String = keyColumns[0]["name"]
            primaryKey = PrimaryKeyInfo(columns: [name], rowIDColumn: name)
        default:
            primaryKey = PrimaryKeyInfo(columns: keyColumns.map { $0["name"] }, rowIDColumn: nil)
        }
        schemaCache.primaryKeys[tableName] = primaryKey
        return primaryKey
    }

    /// The primary key that the schema source gives a view, with the columns spelled as the view
    /// spells them; nil without schema source, or when it gives no column.
    ///
    /// - parameter columns: The columns of the view.
    /// - throws: The error of the schema source; a `DatabaseError` (`SQLITE_MISUSE`) for a column
    ///   that the view does not have.
    private func schemaSourcePrimaryKey(of view: DatabaseObjectID, columns: [String]) throws -> PrimaryKeyInfo? {
        guard let schemaSource, let keyColumns = try schemaSource.columnsForPrimaryKey(self, inView: view),
            !keyColumns.isEmpty
        else { return nil }
        let spelledColumns = try keyColumns.map { keyColumn in
            guard let column = columns.first(where: { $0.normalizedIdentifier == keyColumn.normalizedIdentifier })
            else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "the schema source gives view \(view.name) the primary key column \(keyColumn), "
                        + "which the view does not have")
            }
            return column
        }
        return PrimaryKeyInfo(columns: spelledColumns, rowIDColumn: nil)
    }

    /// The table or view that an unqualified name denotes, as SQLite finds it: in the temporary
    /// schema first, then in the main one, then in the attached databases in the order of their
    /// attachment. Nil when no table or view has the name.
    private func resolvedTableOrView(_ name: String) throws -> (id: DatabaseObjectID, isView: Bool)? {
        for schemaID in [DatabaseSchemaID.temp, .main] {
            if let isView = try isView(name, in: schemaID) {
                return (DatabaseObjectID(name: name, schemaID: schemaID), isView)
            }
        }
        // Each row: seq (0 for main, 1 for temp, then the attached databases in order), name, file.
        for row in try Row.fetchAll(self, sql: "PRAGMA database_list") where row["seq"] as Int > 1 {
            let schemaID = DatabaseSchemaID.attached(row["name"])
            if let isView = try isView(name, in: schemaID) {
                return (DatabaseObjectID(name: name, schemaID: schemaID), isView)
            }
        }
        return nil
    }

    /// Whether the table or view of a schema is a view; nil when the schema has no table or view of
    /// the name.
    private func isView(_ name: String, in schemaID: DatabaseSchemaID) throws -> Bool? {
        let schemaTable = schemaID.schemaTableName
        let statement = try cachedStatement(
            sql: "SELECT type FROM \(schemaTable) WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE")
        return try String.fetchOne(statement, arguments: [name]).map { $0 == "view" }
    }
}

extension String {
    /// The string as an SQL identifier, in double quotes: `"player"`, `"my ""table"""`.
    public var quotedDatabaseIdentifier: String {
        // Most identifiers hold no double quote: no Foundation search then (SQL generation asks
        // often).
        guard utf8.contains(UInt8(ascii: "\"")) else { return "\"" + self + "\"" }
        return "\"" + replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
