/// What rows read: the current row of a statement, or copied values.
///
/// Rows are values that hold one reference to a storage, so that copying a row costs a single
/// reference count. The rows that `fetchAll` copies share one storage per batch, each row reading
/// its own range of `copiedValues`.
final class RowStorage: @unchecked Sendable {
    // Sendable: copied values are immutable. A statement storage is, by contract, only read inside
    // the database access of its cursor, on the connection's queue (the cursor checks that access).

    let columns: RowColumns
    /// The statement whose current row the rows read, or nil for copied rows. (Two stored
    /// properties rather than an enum: reading them costs no reference counting in the hot path.)
    let statement: Statement?
    /// The copied values, row after row (empty for a statement).
    let copiedValues: [DatabaseValue]
    // Unchecked exclusivity: a statement storage is only used inside its cursor's database access,
    // by one thread, and no access to it is re-entrant.
    /// The container that decodes `Decodable` records from a statement's row, while a cursor iterates.
    @exclusivity(unchecked) var reusableDecodingContainer: ReusableKeyedContainer?

    init(columns: RowColumns, values: [DatabaseValue]) {
        self.columns = columns
        self.statement = nil
        self.copiedValues = values
    }

    init(statement: Statement) {
        self.columns = statement.columns
        self.statement = statement
        self.copiedValues = []
    }
}
