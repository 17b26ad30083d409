/// A cursor over the rows of a statement, each decoded as an element.
///
/// The statement's read lock is released when the cursor is exhausted or deallocated.
public final class StatementCursor<Element>: DatabaseCursor {
    /// The statement that produces the rows.
    public let statement: Statement
    // The iteration is inlinable, so that `next()` is specialized in the code that reads the
    // cursor. Unchecked exclusivity (iteration): a cursor is not Sendable, and `next()` does not
    // re-enter itself.
    @usableFromInline @exclusivity(unchecked) var iteration: StatementIteration
    @usableFromInline let row: Row
    @usableFromInline let decode: (Row) throws -> Element

    /// A cursor that decodes the rows of a statement, adapted by `adapter` when there is one.
    init(
        statement: Statement, arguments: StatementArguments?, adapter: (any RowAdapter)? = nil,
        decode: @escaping (Row) throws -> Element
    ) throws {
        statement.database.checkAccess()
        let row = try Row(statement: statement, adapter: adapter)
        self.statement = statement
        self.iteration = try StatementIteration(statement: statement, arguments: arguments, rowStorage: row.storage)
        self.row = row
        self.decode = decode
    }

    /// The next element, or nil when the statement has no more rows.
    @inlinable
    public func next() throws -> Element? {
        guard try iteration.step() else { return nil }
        do {
            return try decode(row)
        } catch {
            try? iteration.finish()
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

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension StatementCursor: Sendable {}
