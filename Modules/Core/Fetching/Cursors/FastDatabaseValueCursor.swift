/// A cursor of values read straight from the leftmost column of a statement's rows, without
/// building a row or a `DatabaseValue`: what value fetches return for the types that conform to
/// both `DatabaseValueConvertible` and ``StatementColumnConvertible``.
///
/// It gives the values a ``DatabaseValueCursor`` gives: a value that the type does not read
/// straight from the statement (NULL, or another kind of value) is decoded with
/// `fromDatabaseValue(_:)`, and one that cannot be decoded throws a `DatabaseError`
/// (`SQLITE_MISMATCH`), after which the cursor is done.
///
/// ```swift
/// let scores = try Int.fetchCursor(db, sql: "SELECT score FROM player") // FastDatabaseValueCursor<Int>
/// while let score = try scores.next() { print(score) }
/// ```
///
/// The statement's read lock is released when the cursor is exhausted or deallocated.
public final class FastDatabaseValueCursor<Value: DatabaseValueConvertible & StatementColumnConvertible>:
    DatabaseCursor
{
    /// The statement that produces the rows.
    public let statement: Statement
    // The iteration and the reading are inlinable, so that `next()` is specialized for `Value` in
    // the code that reads the cursor. Unchecked exclusivity (iteration): a cursor is not Sendable,
    // and `next()` does not re-enter itself.
    @usableFromInline @exclusivity(unchecked) var iteration: StatementIteration
    /// The statement's column of the values: the leftmost one of the adapted rows.
    @usableFromInline let columnIndex: CInt
    /// The (adapted) row of the statement, which decodes the values not read straight.
    @usableFromInline let row: Row

    /// A cursor of the leftmost values of the rows of a statement, adapted by `adapter` when there
    /// is one.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when the adapter leaves no column.
    init(statement: Statement, arguments: StatementArguments?, adapter: (any RowAdapter)?) throws {
        statement.database.checkAccess()
        let row = try Row(statement: statement, adapter: adapter)
        guard let columnIndex = row.leftmostStatementColumnIndex else {
            throw DatabaseError.noColumnToFetch(Value.self, sql: statement.sql)
        }
        self.statement = statement
        self.iteration = try StatementIteration(statement: statement, arguments: arguments, rowStorage: nil)
        self.columnIndex = columnIndex
        self.row = row
    }

    /// The next value, or nil when the statement has no more rows.
    @inlinable
    public func next() throws -> Value? {
        guard try iteration.step() else { return nil }
        if let value = Value._straightValue(from: statement, atIndex: columnIndex) { return value }
        return try decodedValue()
    }

    /// The value of the current row, decoded with `fromDatabaseValue(_:)`. When it cannot be, the
    /// iteration ends and the decoding error is thrown.
    @usableFromInline
    func decodedValue() throws -> Value {
        do {
            return try row.decode(Value.self, atIndex: 0)
        } catch {
            try? iteration.finish()
            throw error
        }
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension FastDatabaseValueCursor: Sendable {}
