import Dispatch
import Foundation

/// A connection to a SQLite database.
///
/// You do not create a `Database`: a `DatabaseQueue` or a `DatabasePool` lends one to the closures
/// of its database accesses (`read`, `write`, …), on the connection's own dispatch queue. Using it
/// outside of its access, or from another thread, stops the program with a message.
public final class Database: CustomStringConvertible, CustomDebugStringConvertible {
    /// The raw `sqlite3 *` connection, for calls to the driver's C API.
    public let sqliteConnection: OpaquePointer
    /// The configuration the connection was opened with.
    public let configuration: Configuration
    /// The driver of the connection.
    public let driver: DatabaseDriver
    /// A name for the connection, such as "main.writer" or "main.reader.1".
    public let description: String

    /// The description of the connection, for debugging: `<Database: main.writer>`.
    public var debugDescription: String { "<Database: \(description)>" }

    let api: SQLiteAPI
    // The two caches below are read through mutating accessors (they keep their last hit) on each
    // saved record. Unchecked exclusivity: a connection is only used by the thread of its current
    // access (`checkAccess`), and the caches' methods never call back into the connection, so that
    // their accesses cannot overlap; the dynamic checks cost more than the lookups.

    /// The prepared statements kept for later use.
    @exclusivity(unchecked) var statementCache = StatementCache()
    /// What the connection knows of the schema.
    @exclusivity(unchecked) var schemaCache = SchemaCache()
    /// What tells the connection the primary keys of views: the `schemaSource` of the
    /// configuration, or the one that ``withSchemaSource(_:execute:)`` sets for its closure.
    public internal(set) var schemaSource: (any DatabaseSchemaSource)?
    /// The date that the transaction clock gave the current transaction, or its error; nil
    /// outside of a transaction (see `transactionDate`).
    var transactionDateResult: Result<Date, any Error>?
    /// The `PRAGMA schema_version` that `clearCachesIfSchemaChanged()` saw last.
    var lastSchemaVersion: Int32?
    /// The `PRAGMA data_version` that `noticeOutsideCommits()` saw last, on a writer that notices
    /// the commits of other connections.
    var lastDataVersion: Int64?
    /// The count of the commit clock after the last `noticeOutsideCommits()`.
    var commitCountAtLastLook = 0
    /// Whether the open transaction changed the schema: its rollback then makes the statements
    /// prepared since then stale.
    var hasUncommittedSchemaChanges = false
    /// The encoder of `Encodable` records, while it is not encoding one. Unchecked exclusivity:
    /// only the thread that runs the connection's access uses it.
    @exclusivity(unchecked) var reusableRecordEncoder: DatabaseRecordEncoder?
    var trace: TraceRegistration?
    /// The function of `BusyMode.callback`, which SQLite's busy handler calls.
    var busyCallback: BusyCallback?
    /// Whether `withTraceSuspended(_:)` runs: SQLite reports nothing to the trace meanwhile.
    var isTraceSuspended = false
    /// Records what SQLite reports while it compiles statements (see `StatementAuthorizer`).
    let authorizer = StatementAuthorizer()
    /// Whether SQLite reports the tables that queries read without reading a column; when false,
    /// the regions of queries are completed (see `completeReadRegion(_:ofQuery:)`). It is false
    /// until the connection finds out, which only costs the statements of `prepareDatabase` a
    /// look at their program.
    var reportsWholeTableReads = false
    /// Tells transaction observers of the changes and transactions of the connection; nil for a
    /// read-only connection (unless it notices the commits of other connections: see
    /// `Configuration.outsideChanges`).
    private(set) var observationBroker: DatabaseObservationBroker?
    /// The count of the commits of the database's writer, which this connection shares with the
    /// other connections of its database.
    package let commitClock: CommitClock
    /// Whether `PRAGMA query_only` is on, until the end of the read-only access (see `readingOnly`).
    var isQueryOnly = false
    /// Whether the current access is read-only (see `readingOnly`): transaction observers are
    /// told nothing of it.
    var isReadOnlyAccess = false
    /// The commits of the writer that the snapshot of the current read holds (see
    /// `CommitClock`), while a read transaction of a pool reader runs.
    var readerSnapshotPosition: ClosedRange<Int>?
    /// Whether the block of a transaction or savepoint that the library opened runs (see
    /// `insideTransactionBlock(_:)`): its statements must not outlive the transaction.
    var isInsideTransactionBlock = false
    /// The regions that `recordingSelection(_:_:)` records, innermost last.
    var selectionRecordings: [DatabaseRegion] = []
    /// The memo of the repeated fetch that runs, if any (see `withFetchMemo(_:_:)`).
    var fetchMemo: FetchMemo?
    /// What the connection knows of the schema, as a number that changes each time it forgets it:
    /// what was derived from the schema under another number may be stale. Unique to the
    /// connection (see `nextSchemaGeneration()`): the number of one connection says nothing of
    /// another's knowledge.
    package internal(set) var schemaGeneration = Database.nextSchemaGeneration()
    /// The connection's `fts5_api *`, once `fts5EntryPoints()` has asked it.
    var fts5APIPointer: UnsafeMutableRawPointer?

    /// Opens a connection, on the queue of its future accesses.
    ///
    /// - parameter commitClock: The clock of the database's writer (a new one for a writer).
    init(
        path: String, description: String, configuration: Configuration, driver: DatabaseDriver,
        commitClock: CommitClock
    ) throws {
        let api = driver.api
        self.api = api
        self.commitClock = commitClock
        var flags = configuration.readonly ? SQLITE.OPEN_READONLY : (SQLITE.OPEN_READWRITE | SQLITE.OPEN_CREATE)
        flags |= SQLITE.OPEN_NOMUTEX | SQLITE.OPEN_URI
        var connection: OpaquePointer?
        let code = api.open_v2(path, &connection, flags, nil)
        guard code == SQLITE.OK, let connection else {
            let message = connection.flatMap { api.errmsg($0) }.map { String(cString: $0) }
            _ = api.close_v2(connection)
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code), message: message ?? "could not open database at \(path)")
        }
        self.sqliteConnection = connection
        self.configuration = configuration
        self.schemaSource = configuration.schemaSource
        self.driver = driver
        self.description = description
        // Before any statement is prepared: registering an authorizer expires prepared statements.
        authorizer.register(on: connection, api: api)
        // A read-only connection that notices the commits of other connections tells observers of them.
        if !configuration.readonly || configuration.outsideChanges != .ignored {
            let broker = DatabaseObservationBroker(database: self, clock: commitClock)
            observationBroker = broker
            authorizer.observesDeletions = { [unowned broker] table in broker.observesDeletions(on: table) }
        }
        do {
            try CurrentDatabase.withAccess(self) { try setUp() }
        } catch {
            close()
            throw error
        }
    }

    private func setUp() throws {
        _ = api.extended_result_codes(sqliteConnection, 1)
        if !configuration.acceptsDoubleQuotedStringLiterals && driver.capabilities.isAtLeast(3, 29) {
            _ = api.db_config_int(sqliteConnection, SQLITE.DBCONFIG_DQS_DML, 0)
            _ = api.db_config_int(sqliteConnection, SQLITE.DBCONFIG_DQS_DDL, 0)
        }
        switch configuration.busyMode {
        case .immediateError:
            break
        case .timeout(let seconds):
            _ = api.busy_timeout(sqliteConnection, Int32(clamping: Int((seconds * 1000).rounded(.up))))
        case .callback(let callback):
            registerBusyCallback(callback)
        }
        addDefaultFunctionsAndCollations()
        for setup in configuration.setups {
            try setup(self)
        }
        // Reading the schema fails early for a file that is not a database, or a wrong passphrase.
        reportsWholeTableReads = try readSchemaAndProbeWholeTableReads()
        if configuration.foreignKeysEnabled {
            try execute(sql: "PRAGMA foreign_keys = ON")
        }
    }

    /// Closes the connection. Statements are finalized first.
    func close() {
        statementCache.removeAll()
        // A statement that outlives the connection (close_v2 leaves it a zombie until its last
        // statement is finalized) must not report to a trace callback whose context is gone.
        stopTracing()
        unregisterBusyCallback()
        observationBroker?.unregisterHooks()
        StatementAuthorizer.unregister(from: sqliteConnection, api: api)
        _ = api.close_v2(sqliteConnection)
    }

    /// Stops the program unless the connection is used from its own database access.
    ///
    /// The driver modules of the package call it before they call the C API on `sqliteConnection`.
    package func checkAccess() {
        guard CurrentDatabase.isAccessing(self) else {
            fatalError(
                "Database \(description) was used outside of its database access, or from another thread. "
                    + "Use the Database only inside the closure that received it.")
        }
    }

    /// The error SQLite reports for the last failed call, with the SQL and arguments involved.
    func error(code: Int32, sql: String?, arguments: StatementArguments?) -> DatabaseError {
        let extendedCode = api.extended_errcode(sqliteConnection)
        // The connection's code can lag the returned one (e.g. after a reset): prefer the returned one.
        let resultCode = ResultCode(rawValue: extendedCode & 0xFF == code & 0xFF ? extendedCode : code)
        let message = api.errmsg(sqliteConnection).map { String(cString: $0) }
        return DatabaseError(
            resultCode: resultCode, message: message, sql: sql, arguments: arguments,
            publicStatementArguments: configuration.publicStatementArguments)
    }

    /// The error of a C function of SQLite other than a statement's (a driver's `sqlite3_key`, for
    /// instance) that returned `code`: the connection's message when it is about this code (some
    /// functions return a code without setting it), the code's description otherwise.
    package func error(code: Int32, operation: String) -> DatabaseError {
        let message: String
        if api.extended_errcode(sqliteConnection) & 0xFF == code & 0xFF, let text = api.errmsg(sqliteConnection) {
            message = String(cString: text)
        } else {
            message = "\(operation) failed: " + (api.errstr(code).map { String(cString: $0) } ?? "error \(code)")
        }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message)
    }

    /// The version of SQLite that the connection runs ("3.40.1").
    public var sqliteVersion: String {
        String(cString: api.libversion()!)
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertedRowID: Int64 {
        checkAccess()
        return api.last_insert_rowid(sqliteConnection)
    }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE statement.
    public var changesCount: Int {
        checkAccess()
        return Int(api.changes(sqliteConnection))
    }

    /// The number of rows changed since the connection was opened.
    public var totalChangesCount: Int {
        checkAccess()
        return Int(api.total_changes(sqliteConnection))
    }

    /// Whether a transaction is open.
    public var isInsideTransaction: Bool {
        api.get_autocommit(sqliteConnection) == 0
    }
}
