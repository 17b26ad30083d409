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

    /// Returns a prepared statement from the connection's cache, preparing it on first use. While a
    /// cursor iterates the cached statement (a request fetched again inside the loop over its
    /// cursor), a new statement is returned, which would otherwise reset or rebind the cursor's.
    public func cachedStatement(sql: String) throws -> Statement {
        // First: the cache's exclusivity is unchecked, only the access's thread may touch it.
        checkAccess()
        if let statement = statementCache.cachedStatement(sql: sql) {
            if statement.isIteratedByCursor { return try makeStatement(sql: sql) }
            return statement
        }
        let statement = try makeStatement(sql: sql)
        statementCache.keepCachedStatement(statement, sql: sql)
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
        var remaining = arguments.values[...]
        func run(_ statement: Statement) throws {
            try statement.bind(arguments, consumingPositionalValuesFrom: &remaining)
            try runToCompletion(statement)
        }
        if let statement = statementCache.reusableStatement(sql: sql) {
            try run(statement)
        } else {
            var statements = try prepareStatements(sql: sql)
            var single: Statement?
            var count = 0
            while let statement = try statements.next() {
                try run(statement)
                count += 1
                single = count == 1 ? statement : nil
            }
            if let single, !single.invalidatesSchemaCache {
                statementCache.keepReusableStatement(single, sql: sql)
            }
        }
        try checkAllArgumentsConsumed(arguments, remaining: remaining, sql: sql)
    }

    /// Runs a statement that begins, commits or rolls back a transaction, as `execute(sql:)` would,
    /// with the prepared statement that the connection keeps for it.
    func execute(_ transactionStatement: TransactionStatement) throws {
        checkAccess()
        let statement: Statement
        if let kept = statementCache.transactionStatement(transactionStatement) {
            statement = kept
        } else {
            statement = try makeStatement(sql: transactionStatement.sql)
            statementCache.keepTransactionStatement(statement, for: transactionStatement)
        }
        try runToCompletion(statement)
    }

    /// Runs a statement whose arguments are bound, until it is done, telling the connection before
    /// and after (`willExecute(_:)`, `statementDidFinish(_:)`).
    private func runToCompletion(_ statement: Statement) throws {
        try willExecute(statement)
        while try statement.step() {}
        try statementDidFinish(statement)
    }

    /// Throws unless the statements of `sql` took every positional argument.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for arguments left over.
    func checkAllArgumentsConsumed(
        _ arguments: StatementArguments, remaining: ArraySlice<DatabaseValue>, sql: String
    ) throws {
        guard remaining.isEmpty else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "wrong number of statement arguments: \(arguments.positional.count) instead of "
                    + "\(arguments.positional.count - remaining.count)",
                sql: sql, arguments: arguments, publicStatementArguments: configuration.publicStatementArguments)
        }
    }

    /// A statement of one SQL statement, from the bounded cache of reusable statements, for the
    /// fetches that run it to completion at once.
    @usableFromInline
    func reusableStatement(sql: String) throws -> Statement {
        // First: the cache's exclusivity is unchecked, only the access's thread may touch it.
        checkAccess()
        if let statement = statementCache.reusableStatement(sql: sql) {
            return statement
        }
        let statement = try makeStatement(sql: sql)
        statementCache.keepReusableStatement(statement, sql: sql)
        return statement
    }

    /// Called before a statement runs: the single place where the connection learns of executions.
    func willExecute(_ statement: Statement) throws {
        if isInsideTransactionBlock { try checkTransactionIsOpen(sql: statement.sql, arguments: statement.arguments) }
        if isReadOnlyAccess { try enforceReadOnlyAccess(before: statement) }
        if !selectionRecordings.isEmpty { recordSelection(of: statement) }
        observationBroker?.statementWillExecute(statement)
        if statement.invalidatesSchemaCache {
            clearSchemaAndStatementCaches()
            hasUncommittedSchemaChanges = isInsideTransaction
        } else if let effect = statement.transactionEffect {
            if effect.isRollback {
                // A rollback undoes the schema changes of the transaction or savepoint, and the
                // statements prepared since then describe the schema it undoes.
                if hasUncommittedSchemaChanges { clearSchemaAndStatementCaches() } else { resetSchemaCache() }
            }
            if effect == .commitTransaction || effect == .rollbackTransaction { hasUncommittedSchemaChanges = false }
        }
    }

    /// Called after a statement ran to its end, or was reset before: the single place where the
    /// connection learns that a statement is done (the step loops and the end of cursors call it).
    ///
    /// - throws: The error of a transaction observer that refused a commit.
    func statementDidFinish(_ statement: Statement) throws {
        // Only those statements begin or end a transaction, when they succeed.
        if statement.transactionEffect != nil { updateTransactionDate() }
        try observationBroker?.statementDidFinish(statement)
    }

    /// Called after a statement failed: SQLite may have rolled the transaction back on its own
    /// (`INSERT OR ROLLBACK`, `RAISE(ROLLBACK)`, a full disk, an interruption), undoing its schema
    /// changes as a ROLLBACK statement would.
    ///
    /// - returns: The error to throw: `error`, or the error of a transaction observer that refused
    ///   the commit.
    func statementDidFail(_ statement: Statement, error: DatabaseError) -> any Error {
        updateTransactionDate()
        if hasUncommittedSchemaChanges && !isInsideTransaction {
            hasUncommittedSchemaChanges = false
            clearSchemaAndStatementCaches()
        }
        return observationBroker?.statementDidFail(statement, error: error) ?? error
    }

    /// Forgets the schema and the prepared statements when another connection changed the schema
    /// since the last call. SQLite recompiles a statement of a changed schema by itself, but the
    /// statement's columns, region and footprint were read when it was prepared: a `SELECT *` would
    /// read other columns than it names. A DatabasePool's readers call it at the start of each read.
    func clearCachesIfSchemaChanged() throws {
        let version = try schemaVersion()
        guard version != lastSchemaVersion else { return }
        lastSchemaVersion = version
        clearSchemaAndStatementCaches()
        // SQLite still prepares statements with the schema it loaded before, until a statement that
        // reads the schema finds it changed: this one makes it load the new one now.
        try execute(sql: "SELECT 1 FROM sqlite_master LIMIT 0")
    }

    func clearSchemaAndStatementCaches() {
        resetSchemaCache()
        statementCache.removeAll()
    }

    /// Forgets what the connection knows of the schema.
    private func resetSchemaCache() {
        schemaCache = SchemaCache()
        schemaGeneration = Database.nextSchemaGeneration()
    }

    /// The generations of schema knowledge of all connections: each number is given once.
    private static let schemaGenerations = LockedValue(0)

    /// A schema generation that no connection had (see `schemaGeneration`).
    static func nextSchemaGeneration() -> Int {
        schemaGenerations.withLock { generation in
            generation += 1
            return generation
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
    /// The connection that prepares the statements.
    let database: Database
    private let sql: String
    private let utf8: [CChar]
    private var offset = 0

    init(database: Database, sql: String) {
        self.database = database
        self.sql = sql
        self.utf8 = Array(sql.utf8CString)
    }

    /// The SQL of a range of bytes, without surrounding white space and semicolons.
    /// (White space is SQLite's: ASCII spaces, tabs, and line and page breaks.)
    private func text(_ range: Range<Int>) -> String {
        func isTrimmed(_ byte: CChar) -> Bool {
            switch UInt8(bitPattern: byte) {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, UInt8(ascii: ";"): return true
            default: return false
            }
        }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && isTrimmed(utf8[lower]) { lower += 1 }
        while upper > lower && isTrimmed(utf8[upper - 1]) { upper -= 1 }
        return utf8.withUnsafeBufferPointer { buffer in
            UnsafeBufferPointer(rebasing: buffer[lower..<upper]).withMemoryRebound(to: UInt8.self) {
                String(decoding: $0, as: UTF8.self)
            }
        }
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
            let footprint = authorizer.stopRecording()
            guard code == SQLITE.OK else {
                // After a syntax error, SQLite leaves the tail where parsing stopped: the failed
                // statement runs up to the next semicolon.
                let searchStart = offset + max(consumed, 1) - 1
                let end = utf8[searchStart...].firstIndex(of: CChar(UInt8(ascii: ";"))) ?? utf8.count - 1
                throw database.diagnosedError(code: code, sql: text(offset..<end), arguments: nil)
            }
            let statementSQL = text(offset..<offset + consumed)
            offset += consumed
            if let sqliteStatement {
                return Statement(
                    database: database, sqliteStatement: sqliteStatement, sql: statementSQL, footprint: footprint)
            }
            if consumed == 0 { break }
        }
        return nil
    }
}
