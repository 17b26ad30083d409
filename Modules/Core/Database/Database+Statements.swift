import Foundation

extension Database {
    /// Prepares one statement.
    ///
    /// - throws: A `DatabaseError` when the SQL is invalid, or holds more than one statement.
    public func makeStatement(sql: String) throws -> Statement {
        checkAccess()
        var statements = try prepareStatements(sql: sql)
        guard let statement = try statements.next() else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "no statement found", sql: sql)
        }
        if try statements.next() != nil {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "multiple statements found: use execute(sql:) to run several statements", sql: sql)
        }
        return statement
    }

    /// Returns a prepared statement from the connection's cache, preparing it on first use.
    public func cachedStatement(sql: String) throws -> Statement {
        if let statement = statementCache[sql] {
            checkAccess()
            return statement
        }
        let statement = try makeStatement(sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Executes one or several SQL statements, separated by semicolons.
    ///
    /// Positional arguments are consumed by the statements in order; named arguments are shared.
    ///
    /// ```swift
    /// try db.execute(sql: """
    ///     CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
    ///     INSERT INTO player (name) VALUES (?);
    ///     """, arguments: ["Arthur"])
    /// ```
    ///
    /// - throws: A `DatabaseError` for invalid SQL, wrong arguments, or a failed execution.
    public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
        checkAccess()
        var statements = try prepareStatements(sql: sql)
        var remaining = arguments.values[...]
        while let statement = try statements.next() {
            try statement.bind(arguments, consumingPositionalValuesFrom: &remaining)
            try willExecute(statement)
            while try statement.step() {}
        }
        guard remaining.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "wrong number of statement arguments: \(arguments.values.count) instead of "
                    + "\(arguments.values.count - remaining.count)",
                sql: sql, arguments: arguments, publicStatementArguments: configuration.publicStatementArguments)
        }
    }

    /// Executes one statement without arguments through the statement cache (transaction control,
    /// pragmas that run often).
    func executeCached(_ sql: String) throws {
        try cachedStatement(sql: sql).execute()
    }

    /// Called before a statement runs: the single place where the connection learns of executions.
    func willExecute(_ statement: Statement) throws {
        if statement.invalidatesSchemaCache {
            schemaCache = SchemaCache()
            statementCache.removeAll()
            persistenceStatements.removeAll()
        } else if statement.transactionEffect?.isRollback == true {
            // A rollback undoes the schema changes of the transaction or savepoint.
            schemaCache = SchemaCache()
        }
    }

    /// Returns an iterator over the statements of an SQL string, prepared one after the other, so
    /// that a statement may use the schema that an earlier one creates.
    func prepareStatements(sql: String) throws -> StatementIterator {
        StatementIterator(database: self, sql: sql)
    }
}

/// Prepares the statements of an SQL string one after the other.
struct StatementIterator {
    private let database: Database
    private let sql: String
    private let utf8: [CChar]
    private var offset = 0

    init(database: Database, sql: String) {
        self.database = database
        self.sql = sql
        self.utf8 = Array(sql.utf8CString)
    }

    /// The SQL of a range of bytes, without surrounding white space and semicolons.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: utf8[range].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: ";")))
    }

    /// The next statement, or nil when only white space and comments remain.
    mutating func next() throws -> Statement? {
        let api = database.api
        let authorizer = database.authorizer
        while offset < utf8.count - 1 {
            var sqliteStatement: OpaquePointer?
            var consumed = 0
            authorizer.startRecording()
            let code = utf8.withUnsafeBufferPointer { buffer -> Int32 in
                let start = buffer.baseAddress! + offset
                var tail: UnsafePointer<CChar>?
                let code = api.prepare_v2(
                    database.sqliteConnection, start, Int32(utf8.count - 1 - offset), &sqliteStatement, &tail)
                consumed = tail.map { $0 - start } ?? (utf8.count - 1 - offset)
                return code
            }
            var footprint = authorizer.stopRecording()
            guard code == SQLITE.OK else {
                // After a syntax error, SQLite leaves the tail where parsing stopped: the failed
                // statement runs up to the next semicolon.
                let searchStart = offset + max(consumed, 1) - 1
                let end = utf8[searchStart...].firstIndex(of: CChar(UInt8(ascii: ";"))) ?? utf8.count - 1
                throw database.compilationError(code: code, sql: text(offset..<end))
            }
            let statementSQL = text(offset..<offset + consumed)
            offset += consumed
            if let sqliteStatement {
                if footprint.hasQuery && !database.reportsWholeTableReads {
                    footprint.readRegion = database.completeReadRegion(footprint.readRegion, ofQuery: statementSQL)
                }
                return Statement(
                    database: database, sqliteStatement: sqliteStatement, sql: statementSQL, footprint: footprint)
            }
            if consumed == 0 { break }
        }
        return nil
    }
}
