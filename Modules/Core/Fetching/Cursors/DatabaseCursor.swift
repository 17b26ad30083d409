/// A cursor over the rows of a prepared statement: the cursors that `fetchCursor` methods return
/// (``RowCursor``, ``DatabaseValueCursor``, ``RecordCursor``).
///
/// It is used inside the database access that created it. The statement's read lock is released
/// when the cursor is exhausted or deallocated.
public protocol DatabaseCursor<Element>: Cursor {
    /// The statement that produces the rows.
    var statement: Statement { get }
}

extension DatabaseCursor {
    /// The SQL of the statement.
    public var sql: String { statement.sql }

    /// The arguments of the statement.
    public var arguments: StatementArguments { statement.arguments }

    /// The names of the columns of the rows.
    public var columnNames: [String] { statement.columnNames }

    /// The number of columns of the rows.
    public var columnCount: Int { statement.columnCount }

    /// The region of the database the statement reads.
    public var databaseRegion: DatabaseRegion { statement.databaseRegion }
}
