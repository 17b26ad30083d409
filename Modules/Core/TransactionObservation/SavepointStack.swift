/// The savepoints of the current transaction, and the changes made inside them: a value-type state
/// machine that the observation broker drives.
///
/// Changes made inside a savepoint wait in the stack: they are told to observers only once no
/// savepoint is left to roll them back (the outermost savepoint is released, or the transaction
/// commits), and forgotten when a savepoint they belong to is rolled back.
///
/// Savepoint names are compared as SQLite compares them (the caller gives them lowercased), and may
/// repeat: SQLite releases and rolls back to the most recent savepoint of a name.
struct SavepointStack<Change> {
    /// The open savepoints, innermost last, each with the number of changes made before it.
    private var savepoints: [(name: String, changeCount: Int)] = []
    /// The changes made since the outermost savepoint began, in order.
    private var changes: [Change] = []

    /// An empty stack: no savepoint is open.
    init() {}

    /// Whether no savepoint is open: changes are then told at once.
    var isEmpty: Bool { savepoints.isEmpty }

    /// A savepoint begins (`SAVEPOINT name`).
    mutating func begin(_ name: String) {
        savepoints.append((name, changes.count))
    }

    /// Keeps a change made inside the open savepoints.
    mutating func append(_ change: Change) {
        precondition(!isEmpty, "a change outside of any savepoint is told at once")
        changes.append(change)
    }

    /// A savepoint is released (`RELEASE name`), along with the savepoints that began after it.
    /// Returns the changes to tell now: all of them when no savepoint is left.
    mutating func release(_ name: String) -> [Change] {
        guard let index = savepoints.lastIndex(where: { $0.name == name }) else { return [] }
        savepoints.removeSubrange(index...)
        return savepoints.isEmpty ? takeChanges() : []
    }

    /// The transaction rolls back to a savepoint (`ROLLBACK TO name`): the changes made since it
    /// began are forgotten, and the savepoints that began after it are gone. The savepoint stays.
    mutating func rollback(to name: String) {
        guard let index = savepoints.lastIndex(where: { $0.name == name }) else { return }
        changes.removeSubrange(savepoints[index].changeCount...)
        savepoints.removeSubrange((index + 1)...)
    }

    /// The transaction commits, which releases every savepoint: returns the changes to tell now,
    /// and empties the stack.
    mutating func commit() -> [Change] {
        savepoints.removeAll()
        return takeChanges()
    }

    /// The transaction rolls back: every change and savepoint is forgotten.
    mutating func rollback() {
        savepoints.removeAll()
        changes.removeAll()
    }

    private mutating func takeChanges() -> [Change] {
        defer { changes.removeAll() }
        return changes
    }
}
