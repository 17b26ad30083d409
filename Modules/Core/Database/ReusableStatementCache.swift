/// The statements of `execute(sql:)` and of the `fetchAll` / `fetchOne` / `fetchSet(db, sql:)`
/// methods, kept for the next call with the same SQL: applications run the same SQL again and
/// again, and compiling it costs more than running it.
///
/// Unlike `cachedStatement(sql:)`, which the application controls, this cache is bounded (SQL
/// built with inlined values would fill it), and never hands out a statement that is running (a
/// fetch of the same SQL from inside a fetch gets a statement of its own).
struct ReusableStatementCache {
    /// The most statements the cache holds; it empties when full.
    static let capacity = 64

    private var statements: [String: Statement] = [:]

    /// The number of statements kept.
    var count: Int { statements.count }

    /// The statement of this SQL, unless there is none or it is running (or a cursor iterates it).
    func statement(sql: String) -> Statement? {
        guard let statement = statements[sql], !statement.isBusy, !statement.isIteratedByCursor else { return nil }
        return statement
    }

    /// Keeps a statement for its SQL.
    mutating func insert(_ statement: Statement, sql: String) {
        if statements.count >= Self.capacity { statements.removeAll(keepingCapacity: true) }
        statements[sql] = statement
    }

    /// Forgets every statement (after a schema change, or when the connection closes).
    mutating func removeAll() {
        statements.removeAll()
    }

    /// Forgets the statements that satisfy the predicate.
    mutating func removeAll(where shouldBeRemoved: (Statement) -> Bool) {
        statements = statements.filter { !shouldBeRemoved($0.value) }
    }
}
