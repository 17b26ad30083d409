/// What rows read: the current row of a statement, or copied values.
///
/// Rows are values that hold one reference to a storage, so that copying a row costs a single
/// reference count. The rows that `fetchAll` copies share one storage per batch, each row reading
/// its own range of `copiedValues`.
final class RowStorage: @unchecked Sendable {
    // Sendable: copied values are immutable. A statement storage is, by contract, only read inside
    // the database access of its cursor, on the connection's queue (the cursor checks that access);
    // its mutable state is only used on that thread (`reusableDecodingContainer()` checks it).

    let columns: RowColumns
    /// The statement whose current row the rows read, or nil for copied rows. (Two stored
    /// properties rather than an enum: reading them costs no reference counting in the hot path.)
    let statement: Statement?
    /// The copied values, row after row (empty for a statement).
    let copiedValues: [DatabaseValue]
    /// The connection of the cursor that iterates the statement's rows, if any (see
    /// `CurrentDatabase.identifier(of:)`): its records may then share keyed containers.
    // Unchecked exclusivity (this and the next property): they are only used on the thread that
    // runs the cursor's database access (checked by `reusableDecodingContainer()`), and no access
    // to them is re-entrant.
    @exclusivity(unchecked) private var iteratingConnection: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var decodingContainer: ReusableKeyedContainer?

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

    /// The keyed containers shared by the `Decodable` records of a cursor's rows, created on first
    /// use. Nil when no cursor iterates, and for a row decoded outside of its database access (a
    /// misuse, which must not race with the cursor on the containers).
    func reusableDecodingContainer() -> ReusableKeyedContainer? {
        guard let iteratingConnection, CurrentDatabase.isAccessing(identifiedBy: iteratingConnection) else {
            return nil
        }
        if let decodingContainer { return decodingContainer }
        let container = ReusableKeyedContainer()
        decodingContainer = container
        return container
    }

    /// Starts the iteration of a cursor, in an access of the statement's connection.
    func beginCursorIteration() {
        iteratingConnection = statement.map { CurrentDatabase.identifier(of: $0.database) }
    }

    /// Ends the cursor's iteration, and releases the containers, which hold rows of this storage.
    func endCursorIteration() {
        iteratingConnection = nil
        decodingContainer = nil
    }
}
