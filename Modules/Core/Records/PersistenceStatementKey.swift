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
            let names = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
            return "\(verb) INTO \(table) (\(names)) VALUES (\(placeholders))"
        case .update(let conflictResolution):
            let verb = conflictResolution.map { "UPDATE OR \($0.rawValue)" } ?? "UPDATE"
            let assignments = columns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
            let condition = keyColumns.map { "\($0.quotedDatabaseIdentifier) = ?" }.joined(separator: " AND ")
            return "\(verb) \(table) SET \(assignments) WHERE \(condition)"
        }
    }
}

extension Database {
    /// The prepared statement of a persistence operation, from the connection's cache.
    func persistenceStatement(_ key: PersistenceStatementKey) throws -> Statement {
        if let statement = persistenceStatements[key] {
            checkAccess()
            return statement
        }
        let statement = try makeStatement(sql: key.sql)
        persistenceStatements[key] = statement
        return statement
    }
}

/// The statements of record persistence, by key, with the last one used at hand: records are
/// usually saved many times in a row, and comparing two keys costs much less than hashing one.
struct PersistenceStatementCache {
    private var statements: [PersistenceStatementKey: Statement] = [:]
    private var last: (key: PersistenceStatementKey, statement: Statement)?

    /// The statement of a key.
    subscript(key: PersistenceStatementKey) -> Statement? {
        mutating get {
            if let last, last.key == key { return last.statement }
            guard let statement = statements[key] else { return nil }
            last = (key, statement)
            return statement
        }
        set {
            statements[key] = newValue
            last = newValue.map { (key, $0) }
        }
    }

    /// Forgets every statement.
    mutating func removeAll() {
        statements.removeAll()
        last = nil
    }
}
