/// The run of a statement by a cursor, from the binding of its arguments to its reset: what the
/// cursors of statements share.
///
/// The connection learns of the run at the first step, and of its end when the rows are exhausted
/// (or when the iteration is abandoned, at deinit), so that transaction observers see the changes
/// of the statement (`INSERT … RETURNING`). The statement's read lock is released at the end.
///
/// Not copyable: one cursor owns the run, and ends it once.
@usableFromInline
struct StatementIteration: ~Copyable {
    /// The statement that produces the rows.
    @usableFromInline let statement: Statement
    /// The row storage of the cursor, whose decoding containers live as long as the iteration.
    private let rowStorage: RowStorage?
    @usableFromInline var isDone = false
    /// Whether the statement has run its first step: the connection learns of the execution then,
    /// so that other statements run between the creation of the cursor and its first step do not
    /// hide its changes from transaction observers.
    @usableFromInline var isStarted = false
    /// Identifies the connection (see `CurrentDatabase`) without a reference to it.
    private let databaseIdentifier: UnsafeMutableRawPointer

    /// Binds the arguments, when given, and marks the statement as iterated by a cursor.
    init(statement: Statement, arguments: StatementArguments?, rowStorage: RowStorage?) throws {
        try statement.prepareToRun(with: arguments)
        self.statement = statement
        self.rowStorage = rowStorage
        self.databaseIdentifier = CurrentDatabase.identifier(of: statement.database)
        statement.isIteratedByCursor = true
        rowStorage?.beginCursorIteration()
    }

    // Inlinable: the cursors' inlinable code destroys iterations (a non-inlinable deinit there
    // crashes the optimizer of Swift 6.3 in release builds).
    @inlinable
    deinit {
        if !isDone { abandon() }
    }

    /// Ends an iteration that was not finished. An abandoned cursor that changed the database
    /// (INSERT … RETURNING) may end an implicit transaction when it is reset: the connection learns
    /// it, unless the cursor outlived its access (a programming error). An error of a refused
    /// commit is lost: `finish()` reports it when the rows are exhausted.
    @usableFromInline
    func abandon() {
        release()
        if isStarted && CurrentDatabase.isAccessing(identifiedBy: databaseIdentifier) {
            try? statement.database.statementDidFinish(statement)
        }
    }

    /// Steps to the next row: true when there is one. When there is none, or once the iteration
    /// is over, false, and the iteration is finished.
    @inlinable
    mutating func step() throws -> Bool {
        if isDone { return false }
        if !isStarted { try start() }
        guard try statement.step() else {
            try finish()
            return false
        }
        return true
    }

    /// Runs before the first step: the connection learns that the statement runs.
    @usableFromInline
    mutating func start() throws {
        isStarted = true
        try statement.database.willExecute(statement)
    }

    /// Ends the iteration, and tells the connection that the statement is done.
    @usableFromInline
    mutating func finish() throws {
        end()
        if isStarted { try statement.database.statementDidFinish(statement) }
    }

    private mutating func end() {
        isDone = true
        release()
    }

    /// Releases the statement's read lock, and the decoding containers of the cursor's row.
    private func release() {
        statement.isIteratedByCursor = false
        rowStorage?.endCursorIteration()
        statement.reset()
    }
}
