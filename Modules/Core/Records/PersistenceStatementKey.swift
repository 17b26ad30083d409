/// What a persistence statement does: the key of its cache, from which its SQL is built once.
struct PersistenceStatementKey: Hashable {
    enum Kind: Hashable {
        /// `INSERT [OR …] INTO table (columns) VALUES (?, …)`.
        case insert(ConflictResolution?)
        /// `UPDATE [OR …] table SET column = ?, … WHERE key = ? AND …`.
        case update(ConflictResolution?)
    }

    let kind: Kind
    let table: String
    let columns: [String]
    let keyColumns: [String]

    var sql: String {
        let table = self.table.quotedDatabaseIdentifier
        switch kind {
        case .insert(let conflictResolution):
            let verb = conflictResolution.map { "INSERT OR \($0.rawValue)" } ?? "INSERT"
            guard !columns.isEmpty else { return "\(verb) INTO \(table) DEFAULT VALUES" }
            let names = columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            return "\(verb) INTO \(table) (\(names)) VALUES (\(placeholders))"
        case .update(let conflictResolution):
            let verb = conflictResolution.map { "UPDATE OR \($0.rawValue)" } ?? "UPDATE"
            let assignments = columns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
            return "\(verb) \(table) SET \(assignments) WHERE \(TableKey.whereClause(columns: keyColumns))"
        }
    }
}

extension Database {
    /// The prepared statement of a persistence operation, from the connection's cache.
    func persistenceStatement(_ key: PersistenceStatementKey) throws -> Statement {
        // First, because the cache's exclusivity is unchecked: only the access's thread may touch it.
        checkAccess()
        if let statement = statementCache.persistenceStatement(key) { return statement }
        let statement = try makeStatement(sql: key.sql)
        statementCache.keepPersistenceStatement(statement, for: key)
        return statement
    }
}

extension Database {
    /// The INSERT statement of a record's columns, from the connection's cache. The statement of
    /// the previous insertion is checked first, without building a key.
    func insertStatement(
        table: String, columnsOf container: PersistenceContainer, onConflict conflictResolution: ConflictResolution?
    ) throws -> Statement {
        checkAccess()
        let kind = PersistenceStatementKey.Kind.insert(conflictResolution)
        let lastHit = statementCache.lastPersistenceStatement { key in
            key.kind == kind && key.table == table && key.keyColumns.isEmpty && container.hasColumns(key.columns)
        }
        if let lastHit { return lastHit }
        return try persistenceStatement(
            PersistenceStatementKey(kind: kind, table: table, columns: container.columns, keyColumns: []))
    }
}
