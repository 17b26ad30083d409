/// A cursor over the rows of a statement, each decoded as an element.
///
/// The statement's read lock is released when the cursor is exhausted or deallocated.
public final class StatementCursor<Element>: DatabaseCursor {
    /// The statement that produces the rows.
    public let statement: Statement
    // The iteration is inlinable, so that `next()` is specialized in the code that reads the
    // cursor. Unchecked exclusivity (isDone, isStarted): a cursor is not Sendable, and `next()`
    // does not re-enter itself.
    @usableFromInline let row: Row
    @usableFromInline let decode: (Row) throws -> Element
    @usableFromInline @exclusivity(unchecked) var isDone = false
    /// Whether the statement has run its first step: the connection learns of the execution then,
    /// so that other statements run between the creation of the cursor and its first step do not
    /// hide its changes from transaction observers.
    @usableFromInline @exclusivity(unchecked) var isStarted = false
    /// Identifies the connection (see `CurrentDatabase`) without a reference to it.
    private let databaseIdentifier: UnsafeMutableRawPointer

    /// A cursor that decodes the rows of a statement, adapted by `adapter` when there is one.
    init(
        statement: Statement, arguments: StatementArguments?, adapter: (any RowAdapter)? = nil,
        decode: @escaping (Row) throws -> Element
    ) throws {
        statement.database.checkAccess()
        let row = try Row(statement: statement, adapter: adapter)
        try statement.prepareToRun(with: arguments)
        self.statement = statement
        self.row = row
        self.decode = decode
        self.databaseIdentifier = CurrentDatabase.identifier(of: statement.database)
        statement.isIteratedByCursor = true
        row.storage.beginCursorIteration()
    }

    deinit {
        guard !isDone else { return }
        endIteration()
        // An abandoned cursor that changed the database (INSERT … RETURNING) may end an implicit
        // transaction when it is reset: the connection learns it, unless the cursor outlived its
        // access (a programming error). An error of a refused commit is lost: `nextThenFinish()`
        // reports it.
        if isStarted && CurrentDatabase.isAccessing(identifiedBy: databaseIdentifier) {
            try? statement.database.statementDidFinish(statement)
        }
    }

    /// Ends the iteration: releases the statement's read lock, and the decoding container that
    /// holds the row.
    private func endIteration() {
        isDone = true
        statement.isIteratedByCursor = false
        row.storage.endCursorIteration()
        statement.reset()
    }

    /// Ends the iteration, and tells the connection that the statement is done.
    @usableFromInline
    func finish() throws {
        endIteration()
        if isStarted { try statement.database.statementDidFinish(statement) }
    }

    /// Runs before the first step: the connection learns that the statement runs.
    @usableFromInline
    func start() throws {
        isStarted = true
        try statement.database.willExecute(statement)
    }

    /// The next element, or nil when the statement has no more rows.
    @inlinable
    public func next() throws -> Element? {
        if isDone { return nil }
        if !isStarted { try start() }
        guard try statement.step() else {
            try finish()
            return nil
        }
        do {
            return try decode(row)
        } catch {
            try? finish()
            throw error
        }
    }

    /// The number of columns of the rows the cursor decodes (after the adapter).
    var rowColumnCount: Int { row.count }

    /// The next element, after which the iteration ends: what `fetchOne` returns.
    func nextThenFinish() throws -> Element? {
        let element = try next()
        if !isDone { try finish() }
        return element
    }
}

/// A cursor of rows. Each row is valid until the next call to `next()`: `copy()` keeps one.
public typealias RowCursor = StatementCursor<Row>
/// A cursor of values of a convertible type.
public typealias DatabaseValueCursor<Value> = StatementCursor<Value>
/// A cursor of records.
public typealias RecordCursor<Record> = StatementCursor<Record>

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension StatementCursor: Sendable {}
