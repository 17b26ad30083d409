/// A cursor over the rows of a statement, each decoded as an element.
///
/// The statement's read lock is released when the cursor is exhausted or deallocated.
public final class StatementCursor<Element>: Cursor {
    /// The statement that produces the rows.
    public let statement: Statement
    private let row: Row
    private let decode: (Row) throws -> Element
    private var isDone = false

    init(statement: Statement, arguments: StatementArguments?, decode: @escaping (Row) throws -> Element) throws {
        statement.database.checkAccess()
        try statement.prepareToRun(with: arguments)
        try statement.database.willExecute(statement)
        self.statement = statement
        self.row = Row(statement: statement)
        self.decode = decode
        statement.isIteratedByCursor = true
        row.storage.beginCursorIteration()
    }

    deinit {
        if !isDone { finish() }
    }

    /// Ends the iteration: releases the statement's read lock, and the decoding container that
    /// holds the row.
    private func finish() {
        isDone = true
        statement.isIteratedByCursor = false
        row.storage.endCursorIteration()
        statement.reset()
    }

    /// The next element, or nil when the statement has no more rows.
    public func next() throws -> Element? {
        if isDone { return nil }
        guard try statement.step() else {
            finish()
            return nil
        }
        do {
            return try decode(row)
        } catch {
            finish()
            throw error
        }
    }
}

/// A cursor of rows. Each row is valid until the next call to `next()`: `copy()` keeps one.
public typealias RowCursor = StatementCursor<Row>
/// A cursor of values of a convertible type.
public typealias DatabaseValueCursor<Value> = StatementCursor<Value>
/// A cursor of records.
public typealias RecordCursor<Record> = StatementCursor<Record>
