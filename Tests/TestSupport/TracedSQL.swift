import RSCore

/// The SQL of every statement that `body` runs in an access of the writer outside of a transaction,
/// as the trace reports it.
public func tracedSQL(_ writer: some DatabaseWriter, _ body: (Database) throws -> Void) throws -> [String] {
    let log = StatementLog()
    try writer.writeWithoutTransaction { db in
        db.trace { event in
            if case .statement(let statement) = event { log.statements.append(statement.sql) }
        }
        defer { db.trace(nil) }
        try body(db)
    }
    return log.statements
}

/// The schema statements (CREATE, ALTER, DROP, REINDEX) that `body` runs, as `tracedSQL` reports
/// them: not the PRAGMAs and SELECTs of introspection, nor transaction control.
public func schemaSQL(_ writer: some DatabaseWriter, _ body: (Database) throws -> Void) throws -> [String] {
    try tracedSQL(writer, body).filter { sql in ["CREATE", "ALTER", "DROP", "REINDEX"].contains { sql.hasPrefix($0) } }
}

/// The SQL of traced statements. The trace callback runs inside the database access, on the
/// connection's queue: the log is read after the access returns.
private final class StatementLog {
    var statements: [String] = []
}
