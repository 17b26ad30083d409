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
        try resolvedSchemaObject(name, types: [type], in: schemaName) != nil
    }

    /// The object of one of the given types ("table", "view", "index", "trigger") that a name
    /// denotes, and its type: in the given schema, or, without schema, where SQLite finds it: in
    /// the temporary schema first, then in the main one, then in the attached databases in the
    /// order of their attachment. Nil when there is none.
    ///
    /// - throws: A `DatabaseError` for a schema that does not exist.
    private func resolvedSchemaObject(
        _ name: String, types: Set<String>, in schemaName: String?
    ) throws -> (id: DatabaseObjectID, type: String)? {
        if let schemaName { return try schemaObject(name, types: types, in: DatabaseSchemaID(named: schemaName)) }
        for schemaID in [DatabaseSchemaID.temp, .main] {
            if let object = try schemaObject(name, types: types, in: schemaID) { return object }
        }
        // Each row: seq (0 for main, 1 for temp, then the attached databases in order), name, file.
        // (`pragma_database_list` is a function of SQLite 3.16+: the pragma works everywhere.)
        for row in try Row.fetchAll(self, sql: "PRAGMA database_list") where row["seq"] as Int > 1 {
            if let object = try schemaObject(name, types: types, in: .attached(row["name"])) { return object }
        }
        return nil
    }

    /// The object of one of the given types that a name denotes in a schema, and its type.
    private func schemaObject(
        _ name: String, types: Set<String>, in schemaID: DatabaseSchemaID
    ) throws -> (id: DatabaseObjectID, type: String)? {
        let statement = try cachedStatement(
            sql: "SELECT type FROM \(schemaID.schemaTableName) WHERE name = ? COLLATE NOCASE")
        guard let type = try String.fetchAll(statement, arguments: [name]).first(where: types.contains) else {
            return nil
        }
        return (DatabaseObjectID(name: name, schemaID: schemaID), type)
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
    package func uniqueKeys(_ tableName: String, in schemaName: String? = nil) throws -> UniqueKeyInfo {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        let table = SchemaObjectName(tableName, in: schemaName)
        if let keys = schemaCache.uniqueKeys[table] { return keys }
        let tableSchema = try tableSchema(table)
        var hasRowID = true
        var hasPrimaryKeyIndex = false
        var uniqueIndexes: [Set<String>] = []
        // Each row of index_list: seq, name, unique, origin, partial; of index_xinfo: seqno, cid,
        // name (NULL for an expression or the rowid), desc, coll, key (0 for auxiliary columns).
        for index in try Row.fetchAll(self, sql: table.pragmaSQL("index_list")) where index["unique"] as Bool {
            let indexName = SchemaObjectName(index["name"], in: schemaName)
            let indexColumns = try Row.fetchAll(self, sql: indexName.pragmaSQL("index_xinfo"))
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
        if !hasPrimaryKeyIndex && tableSchema.view != nil {
            hasRowID = false
        }
        let keys = UniqueKeyInfo(
            rowIDNames: hasRowID ? Set(["rowid", "oid", "_rowid_"]).subtracting(tableSchema.normalizedNames) : [],
            hasPrimaryKeyIndex: hasPrimaryKeyIndex, uniqueIndexes: uniqueIndexes)
        schemaCache.uniqueKeys[table] = keys
        return keys
    }

    /// The columns whose values tell whether a row of a table or a view is there, in the result of
    /// an outer join that reads NULL for a missing row: the rowid (under the name of the column that
    /// aliases it, if any), or else the primary key, or else all the columns of a view.
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    package func existenceCheckColumns(in tableName: String) throws -> [String] {
        guard let primaryKey = try primaryKeyUnlessKeylessView(tableName) else {
            return try columnNames(in: tableName, excluding: [])
        }
        if let rowIDColumn = primaryKey.rowIDColumn { return [rowIDColumn] }
        let rowIDNames = try uniqueKeys(tableName).rowIDNames
        if let rowIDName = rowIDNames.contains("rowid") ? "rowid" : rowIDNames.min() { return [rowIDName] }
        return primaryKey.columns
    }

    /// The names of the columns of a table, as the schema spells them (generated and hidden
    /// columns left out).
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    package func columnNames(in tableName: String) throws -> Set<String> {
        try tableSchema(SchemaObjectName(tableName)).names
    }

    /// The names of the columns of a table, in order, but the excluded ones (lowercased names).
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    package func columnNames(in tableName: String, excluding excludedColumns: Set<String>) throws -> [String] {
        try tableSchema(SchemaObjectName(tableName)).columns.filter {
            !excludedColumns.contains($0.normalizedIdentifier)
        }
    }

    /// The lowercased names of the columns of a table (generated and hidden columns left out).
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    func normalizedColumnNames(in tableName: String) throws -> Set<String> {
        try tableSchema(SchemaObjectName(tableName)).normalizedNames
    }

    /// The columns of a table or a view, cached with the schema.
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist.
    private func tableSchema(_ table: SchemaObjectName) throws -> TableSchema {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let tableSchema = schemaCache.tables[table] { return tableSchema }
        // Each row: cid, name, type, notnull, dflt_value, pk (the position in the primary key, or 0).
        let rows = try Row.fetchAll(self, sql: table.pragmaSQL("table_info"))
        guard !rows.isEmpty else { throw noSuchTableError(table) }
        let columns = rows.map { $0["name"] as String }
        let keyColumns = rows.filter { row -> Bool in row["pk"] as Int > 0 }
            .sorted { (lhs: Row, rhs: Row) -> Bool in (lhs["pk"] as Int) < (rhs["pk"] as Int) }
            .map { (name: $0["name"] as String, type: $0["type"] as String) }
        // No column of a view is part of a primary key.
        let view =
            keyColumns.isEmpty
            ? try resolvedSchemaObject(table.name, types: ["table", "view"], in: table.schemaName)
                .flatMap { $0.type == "view" ? $0.id : nil }
            : nil
        let tableSchema = TableSchema(
            columns: columns, names: Set(columns), normalizedNames: Set(columns.map(\.normalizedIdentifier)),
            primaryKeyColumns: keyColumns, view: view)
        schemaCache.tables[table] = tableSchema
        return tableSchema
    }

    /// A value derived from the schema, computed on first use and cached until the schema changes
    /// (the foreign keys of a table, say). Keys are shared by all modules: prefix them with a kind.
    package func schemaCachedValue<Value>(forKey key: String, _ compute: () throws -> Value) throws -> Value {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let value = schemaCache.derivedValues[key] as? Value { return value }
        let value = try compute()
        schemaCache.derivedValues[key] = value
        return value
    }

    /// "no such table: player", or "no such table: main.player" when the schema is given.
    package func noSuchTableError(_ table: SchemaObjectName) -> DatabaseError {
        let name = table.schemaName.map { "\($0).\(table.name)" } ?? table.name
        return DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(name)")
    }

    /// The primary key of a table, or of a view that the schema source (see ``schemaSource``)
    /// gives one: the columns it names, without rowid.
    ///
    /// - parameters:
    ///   - tableName: The name of the table.
    ///   - schemaName: The schema of the table ("main", "temp", or an attached database); by
    ///     default, the table that SQLite finds as a query would: in the temporary schema first,
    ///     then in the main one, then in the attached databases.
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist, or the schema;
    ///   ("database view … has no primary key") for a view that the schema source gives no primary
    ///   key; the error of the schema source.
    public func primaryKey(_ tableName: String, in schemaName: String? = nil) throws -> PrimaryKeyInfo {
        guard let primaryKey = try primaryKeyUnlessKeylessView(tableName, in: schemaName) else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "database view \(tableName) has no primary key")
        }
        return primaryKey
    }

    /// The primary key of a table or a view (see `primaryKey(_:in:)`), or nil for a view that the
    /// schema source gives no primary key.
    ///
    /// - throws: A `DatabaseError` ("no such table") when the table does not exist; the error of
    ///   the schema source.
    package func primaryKeyUnlessKeylessView(_ tableName: String, in schemaName: String? = nil) throws
        -> PrimaryKeyInfo?
    {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        let cached =
            schemaName == nil
            ? schemaCache.primaryKeys[tableName]
            : schemaCache.qualifiedPrimaryKeys[SchemaObjectName(tableName, in: schemaName)]
        if let cached { return cached }
        let table = SchemaObjectName(tableName, in: schemaName)
        if schemaCache.keylessViews.contains(table) { return nil }
        guard let primaryKey = try readPrimaryKey(table) else {
            schemaCache.keylessViews.insert(table)
            return nil
        }
        if schemaName == nil {
            schemaCache.primaryKeys[tableName] = primaryKey
        } else {
            schemaCache.qualifiedPrimaryKeys[table] = primaryKey
        }
        return primaryKey
    }

    /// The primary key of a table or a view, or nil for a view that the schema source gives no
    /// primary key (see `primaryKeyUnlessKeylessView(_:in:)`), from the columns of the schema.
    private func readPrimaryKey(_ table: SchemaObjectName) throws -> PrimaryKeyInfo? {
        let tableSchema = try tableSchema(table)
        let keyColumns = tableSchema.primaryKeyColumns
        switch keyColumns.count {
        case 0:
            // A view that the schema source gives no key reads nil, which is cached too, so that
            // the source is not asked again.
            if let view = tableSchema.view {
                return try schemaSourcePrimaryKey(of: view, columns: tableSchema.columns)
            }
            return PrimaryKeyInfo(columns: [Column.rowID.name], rowIDColumn: Column.rowID.name)
        case 1
        where try keyColumns[0].type.uppercased() == "INTEGER"
            && !uniqueKeys(table.name, in: table.schemaName).hasPrimaryKeyIndex:
            return PrimaryKeyInfo(columns: [keyColumns[0].name], rowIDColumn: keyColumns[0].name)
        default:
            return PrimaryKeyInfo(columns: keyColumns.map(\.name), rowIDColumn: nil)
        }
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
