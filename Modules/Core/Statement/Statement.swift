import Foundation

/// A prepared SQL statement.
///
/// ```swift
/// let statement = try db.makeStatement(sql: "INSERT INTO player (name) VALUES (?)")
/// try statement.execute(arguments: ["Arthur"])
/// try statement.execute(arguments: ["Barbara"])
/// ```
///
/// A statement belongs to its database connection, and is used only inside the database access
/// that created it.
public final class Statement: CustomStringConvertible {
    /// The connection that prepared the statement.
    public unowned let database: Database
    /// The SQL of the statement, trimmed.
    public let sql: String
    /// Whether the statement does not write to the database.
    public let isReadonly: Bool
    /// The region of the database the statement reads: its tables and columns, as SQLite reports
    /// them when it compiles the statement. The columns that the statement writes are not part of it.
    ///
    /// ```swift
    /// let statement = try db.makeStatement(sql: "UPDATE player SET bonus = 0 WHERE score = 0")
    /// print(statement.databaseRegion)  // "player(score)"
    /// ```
    ///
    /// A view appears along with the tables it reads; SQLite's internal tables (`sqlite_master`, …)
    /// never appear.
    public var databaseRegion: DatabaseRegion {
        if readRegionNeedsCompletion {
            readRegionNeedsCompletion = false
            readRegion = database.completeReadRegion(readRegion, ofQuery: sql)
        }
        return readRegion
    }
    /// The read region that SQLite reported.
    private var readRegion: DatabaseRegion
    /// Whether `readRegion` misses the tables the query reads without their columns: SQLite that
    /// does not report them (SQLCipher's 3.15) leaves them to `EXPLAIN`, which runs only when the
    /// region is first needed, not at each compilation.
    private var readRegionNeedsCompletion: Bool
    /// The changes the statement may make, as SQLite reports them when it compiles the statement:
    /// insertions, deletions and updates of columns, by table (triggers included).
    package let databaseEventKinds: [DatabaseEventKind]
    /// Whether running the statement changes the schema (CREATE, DROP or ALTER of a table, index,
    /// view or trigger; ATTACH, DETACH), so that what the connection knows of the schema is forgotten.
    package let invalidatesSchemaCache: Bool
    /// What the statement does to transactions and savepoints, if anything.
    package let transactionEffect: TransactionEffect?
    /// The SQLite statement, for SQLite's C functions (`sqlite3_column_int64`, …).
    public let sqliteStatement: SQLiteStatement
    @usableFromInline let api: SQLiteAPI
    /// The names of the parameters (nil for `?` parameters), in order.
    private let parameterNames: [String?]
    /// Whether every parameter is anonymous (`?`): arguments then bind in order, without lookups.
    private let hasOnlyPositionalParameters: Bool
    /// The column names, and the lookup of an index by name, shared by every row of this statement.
    let columns: RowColumns
    /// Copies of the short text and blob arguments currently bound.
    private let argumentBytes = ArgumentBytes()
    // Unchecked exclusivity: a statement is only used inside its connection's database access, by
    // one thread, and no access to `boundArguments` calls back into the statement.
    /// The arguments currently bound.
    @exclusivity(unchecked) private var boundArguments = StatementArguments()
    /// The column after the last one looked up by name: the first guess of the next lookup.
    private var nextColumnGuess = 0
    /// The region that `Database.recordingSelection(_:_:)` records for the next execution instead
    /// of `databaseRegion`: a request that knows its region better than its statement (some rows of
    /// a table) sets it when it prepares the statement.
    package var recordedRegion: DatabaseRegion?
    /// Who the transaction observers told of the statement's changes are, kept by the connection's
    /// broker while its observers do not change.
    var observationDispatch: StatementDispatch?
    /// The rows the statement reads by rowid (nil when its program could not be read), read once,
    /// on first use.
    lazy var rowIDKeys = StatementRowIDKeys(sql: sql, database: database)
    /// Whether a cursor iterates the statement's rows (created, and not finished yet): the caches
    /// then prepare another statement for the same SQL, which would reset or rebind it.
    var isIteratedByCursor = false
    /// Whether every parameter is bound to the current `arguments`: false until arguments are set,
    /// and after SQLite refused one of them (which empties `arguments`; arguments that do not fit
    /// are refused before they are kept).
    private var hasBoundArguments: Bool { parameterNames.isEmpty || !arguments.isEmpty }

    init(database: Database, sqliteStatement: OpaquePointer, sql: String, footprint: StatementFootprint) {
        self.database = database
        let api = database.driver.api
        self.api = api
        self.sqliteStatement = sqliteStatement
        self.sql = sql
        self.isReadonly = api.stmt_readonly(sqliteStatement) != 0
        self.readRegion = footprint.readRegion
        self.readRegionNeedsCompletion = footprint.hasQuery && !database.reportsWholeTableReads
        self.databaseEventKinds = footprint.eventKinds
        self.invalidatesSchemaCache = footprint.invalidatesSchemaCache
        self.transactionEffect = footprint.transactionEffect
        let parameterCount = api.bind_parameter_count(sqliteStatement)
        parameterNames = (0..<parameterCount).map { index in
            api.bind_parameter_name(sqliteStatement, index + 1).map { String(cString: $0).dropFirst() }.map(String.init)
        }
        hasOnlyPositionalParameters = parameterNames.allSatisfy { $0 == nil }
        let columnCount = api.column_count(sqliteStatement)
        columns = RowColumns(
            names: (0..<columnCount).map { String(cString: api.column_name(sqliteStatement, $0)!) }, sql: sql)
    }

    deinit {
        _ = api.finalize(sqliteStatement)
    }

    /// The number of columns of the rows this statement produces.
    public var columnCount: Int { columns.names.count }

    /// The names of the columns of the rows this statement produces.
    public var columnNames: [String] { columns.names }

    /// The index of the leftmost column of this name (case-insensitive), if any.
    @inline(__always)
    public func index(ofColumn name: String) -> Int? {
        guard let index = columns.index(of: name, guess: nextColumnGuess) else { return nil }
        nextColumnGuess = columns.guess(after: index)
        return index
    }

    /// The SQL of the statement.
    public var description: String { sql }

    /// The arguments currently bound.
    ///
    /// Setting it binds arguments as `setUncheckedArguments(_:)` does: arguments that do not fit
    /// the parameters stop the program, as in GRDB. `setArguments(_:)` throws instead.
    public var arguments: StatementArguments {
        get { boundArguments }
        set { setUncheckedArguments(newValue) }
    }

    /// Throws unless the arguments fit the parameters, as `setArguments(_:)` would check them,
    /// without binding them.
    ///
    /// - throws: A `DatabaseError` with `SQLITE_MISUSE` when arguments are missing or superfluous.
    public func validateArguments(_ arguments: StatementArguments) throws {
        _ = try fittingParameterValues(arguments)
    }

    /// Binds arguments that fit the parameters, such as arguments that `validateArguments(_:)`
    /// accepted. Arguments that do not fit, or that SQLite refuses, stop the program, as in GRDB.
    public func setUncheckedArguments(_ arguments: StatementArguments) {
        do {
            try setArguments(arguments)
        } catch {
            fatalError("\(error)")
        }
    }

    /// Binds the arguments, after checking that they fit the parameters.
    ///
    /// - throws: A `DatabaseError` with `SQLITE_MISUSE` when arguments are missing or superfluous.
    public func setArguments(_ arguments: StatementArguments) throws {
        if hasOnlyPositionalParameters && arguments.namedValues.isEmpty {
            guard arguments.positional.count == parameterNames.count else {
                throw wrongArgumentCount(arguments, expected: parameterNames.count)
            }
            try bindAnew(arguments) {
                // Binding in place, without building an array of database values.
                switch arguments.positional {
                case .databaseValues(let values):
                    for (index, value) in values.enumerated() {
                        try bind(value, at: Int32(index + 1))
                    }
                case .convertibles(let elements):
                    try ConvertibleLiteralValues.forEach(in: elements) { index, value in
                        try bind(value, at: Int32(index + 1))
                    }
                case .persistenceContainer(let container):
                    for index in container.entries.indices {
                        try bind(container.entries[index].value, at: Int32(index + 1))
                    }
                }
            }
            return
        }
        try bind(fittingParameterValues(arguments), of: arguments)
    }

    /// The value of each parameter, in order, from arguments that must give them all, and nothing
    /// more.
    private func fittingParameterValues(_ arguments: StatementArguments) throws -> [DatabaseValue] {
        var remaining = arguments.values[...]
        let values = try parameterValues(arguments, consumingPositionalValuesFrom: &remaining)
        guard remaining.isEmpty else {
            throw wrongArgumentCount(arguments, expected: parameterNames.count)
        }
        return values
    }

    /// Binds the parameters from the arguments: named parameters take the named value of their name,
    /// or else the next positional value; anonymous ones take the next positional value.
    ///
    /// - throws: A `DatabaseError` with `SQLITE_MISUSE` when an argument is missing, before any
    ///   parameter is bound.
    func bind(
        _ arguments: StatementArguments,
        consumingPositionalValuesFrom remaining: inout ArraySlice<DatabaseValue>
    ) throws {
        guard hasOnlyPositionalParameters else {
            try bind(parameterValues(arguments, consumingPositionalValuesFrom: &remaining), of: arguments)
            return
        }
        // Anonymous parameters fit when enough positional values remain, bound in place.
        let count = parameterNames.count
        guard remaining.count >= count else { throw wrongArgumentCount(arguments, expected: count) }
        try bind(remaining.prefix(count), of: arguments)
        remaining.removeFirst(count)
    }

    /// The value bound to a parameter (1-based), if the arguments give it.
    func boundValue(ofParameter index: Int) -> DatabaseValue? {
        guard index >= 1, index <= parameterNames.count else { return nil }
        var remaining = arguments.values[...]
        return try? parameterValues(arguments, consumingPositionalValuesFrom: &remaining)[index - 1]
    }

    /// The value of each parameter, in order: see `bind(_:consumingPositionalValuesFrom:)`.
    private func parameterValues(
        _ arguments: StatementArguments,
        consumingPositionalValuesFrom remaining: inout ArraySlice<DatabaseValue>
    ) throws -> [DatabaseValue] {
        try parameterNames.map { name in
            if let name, let namedValue = arguments.namedValues[name] {
                return namedValue
            } else if let positionalValue = remaining.popFirst() {
                return positionalValue
            } else if let name {
                throw databaseError(
                    code: .SQLITE_MISUSE, message: "missing statement argument: \(name)", arguments: arguments)
            } else {
                throw wrongArgumentCount(arguments, expected: parameterNames.count)
            }
        }
    }

    /// Binds the value of each parameter, in order.
    private func bind(_ values: some Collection<DatabaseValue>, of arguments: StatementArguments) throws {
        try bindAnew(arguments) {
            for (index, value) in values.enumerated() {
                try bind(value, at: Int32(index + 1))
            }
        }
    }

    /// Resets the statement, and binds every parameter again with `bindAll`, from `arguments`. If
    /// SQLite refuses a value, no parameter is left bound: one that `bindAll` did not reach could
    /// point to overwritten copies of the previous arguments. (Arguments that do not fit the
    /// parameters are refused before, and leave the statement as it was.)
    private func bindAnew(_ arguments: StatementArguments, _ bindAll: () throws -> Void) throws {
        reset()
        boundArguments = arguments
        argumentBytes.beginBinding()
        do {
            try bindAll()
        } catch {
            _ = api.clear_bindings(sqliteStatement)
            boundArguments = StatementArguments()
            throw error
        }
    }

    /// Readies the statement to run from its start: with `arguments`, or else with the arguments
    /// bound last. A statement that has parameters and no bound arguments is refused, as
    /// `setArguments` would refuse empty arguments (SQLite would read NULL for each parameter).
    func prepareToRun(with arguments: StatementArguments?) throws {
        if let arguments {
            try setArguments(arguments)
        } else if hasBoundArguments {
            reset()
        } else {
            try setArguments(StatementArguments())
        }
    }

    private func bind(_ value: DatabaseValue, at index: Int32) throws {
        let code = api.bind(value, to: sqliteStatement, at: index, copies: argumentBytes)
        if code != SQLITE.OK {
            throw database.error(code: code, sql: sql, arguments: arguments)
        }
    }

    private func wrongArgumentCount(_ arguments: StatementArguments, expected: Int) -> DatabaseError {
        databaseError(
            code: .SQLITE_MISUSE,
            message: "wrong number of statement arguments: \(arguments.positional.count) instead of \(expected)",
            arguments: arguments)
    }

    func databaseError(code: ResultCode, message: String, arguments: StatementArguments?) -> DatabaseError {
        DatabaseError(
            resultCode: code, message: message, sql: sql, arguments: arguments,
            publicStatementArguments: database.configuration.publicStatementArguments)
    }

    /// Executes the statement with the given arguments, and ignores the rows it produces.
    public func execute(arguments: StatementArguments? = nil) throws {
        let database = self.database  // One strong reference for the whole execution.
        database.checkAccess()
        try prepareToRun(with: arguments)
        try database.willExecute(self)
        while try step() {}
        try database.statementDidFinish(self)
    }

    /// Whether the statement has a row and was not reset: it is being iterated.
    var isBusy: Bool { api.stmt_busy(sqliteStatement) != 0 }

    /// Runs one step: true when a row is available, false when done. Inlinable, so that the
    /// cursors that clients specialize step without a call of their own.
    ///
    /// On error the statement is reset, and the error describes the SQL and arguments.
    @inlinable @inline(__always)
    func step() throws -> Bool {
        let code = api.step(sqliteStatement)
        // SQLITE_ROW (an internal constant cannot be inlined).
        if code == 100 { return true }
        return try stepDidEnd(code)
    }

    /// What a step that gave no row means: false when the statement is done; otherwise the step
    /// failed, and it throws.
    @usableFromInline
    func stepDidEnd(_ code: CInt) throws -> Bool {
        guard code != SQLITE.DONE else { return false }
        let error = database.diagnosedError(code: code, sql: sql, arguments: arguments)
        reset()
        throw database.statementDidFail(self, error: error)
    }

    /// Resets the statement, so that it runs again from the start with the same arguments.
    func reset() {
        _ = api.reset(sqliteStatement)
    }

    /// The value of a column of the current row.
    func databaseValue(at index: Int32) -> DatabaseValue {
        column(at: index) { $0.databaseValue(of: $1) }
    }

    /// The result of `read` with this statement and a column index.
    func reading<T>(at index: CInt, _ read: (Statement, CInt) -> T) -> T { read(self, index) }

    /// The value at `index` of the current row when SQLite stores it as an INTEGER; nil otherwise.
    func storedInteger(at index: CInt) -> Int64? { api.storedInteger(of: api.column_value(sqliteStatement, index)) }

    /// The value at `index` of the current row when SQLite stores it as a REAL; nil otherwise.
    func storedReal(at index: CInt) -> Double? { api.storedReal(of: api.column_value(sqliteStatement, index)) }

    /// The value at `index` of the current row when SQLite stores it as TEXT; nil otherwise.
    func storedText(at index: CInt) -> String? { api.storedText(of: api.column_value(sqliteStatement, index)) }

    /// Whether the value at `index` of the current row is NULL.
    func isNull(at index: CInt) -> Bool { api.value_type(api.column_value(sqliteStatement, index)) == SQLITE.NULL }

    /// Reads a column of the current row from its `sqlite3_value`.
    func column<T>(at index: Int32, _ read: (SQLiteAPI, OpaquePointer?) throws -> T) rethrows -> T {
        try read(api, api.column_value(sqliteStatement, index))
    }
}
