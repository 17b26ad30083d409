/// The prepared statements a connection keeps for later use: compiling SQL costs more than running
/// it, and applications run the same statements again and again.
///
/// Four kinds of statements are kept, which differ in who asks for them and how they are found:
/// - the statements of `cachedStatement(sql:)`, by SQL, as many as the application asks for;
/// - the statements of `execute(sql:)` and of the fetches of SQL, by SQL, at most `reusableCapacity`
///   (SQL built with inlined values would fill the cache: it empties when full), never handed out
///   while they run or while a cursor iterates them;
/// - the statements of record persistence, by what they do (no SQL to build on each use), with
///   the last hit at hand (records of one table are saved one after the other);
/// - the statements that begin, commit and roll back transactions, by what they do, never handed
///   out while they run (an observer of a commit may run a transaction).
///
/// They are forgotten together, through one path: all of them after a schema change and when the
/// connection closes, and those that satisfy a predicate (the statements that delete, when the
/// observers of deletions change).
struct StatementCache {
    /// The most statements of `execute(sql:)` and of the fetches of SQL kept.
    static let reusableCapacity = 64

    private var cachedStatements: [String: Statement] = [:]
    private var reusableStatements: [String: Statement] = [:]
    private var persistenceStatements = LastHitCache<PersistenceStatementKey, Statement>()
    private var transactionStatements = [Statement?](repeating: nil, count: TransactionStatement.allCases.count)

    // MARK: - cachedStatement(sql:)

    /// The statement that `cachedStatement(sql:)` kept for this SQL, if any.
    func cachedStatement(sql: String) -> Statement? {
        cachedStatements[sql]
    }

    /// Keeps a statement of `cachedStatement(sql:)`.
    mutating func keepCachedStatement(_ statement: Statement, sql: String) {
        cachedStatements[sql] = statement
    }

    // MARK: - execute(sql:) and the fetches of SQL

    /// The statement of this SQL, unless there is none, or it runs, or a cursor iterates it.
    func reusableStatement(sql: String) -> Statement? {
        guard let statement = reusableStatements[sql], !statement.isBusy, !statement.isIteratedByCursor else {
            return nil
        }
        return statement
    }

    /// Keeps a statement for its SQL; the kept ones are forgotten first when there are too many.
    mutating func keepReusableStatement(_ statement: Statement, sql: String) {
        if reusableStatements.count >= Self.reusableCapacity { reusableStatements.removeAll(keepingCapacity: true) }
        reusableStatements[sql] = statement
    }

    // MARK: - Persistence

    /// The persistence statement of this key, if any.
    mutating func persistenceStatement(_ key: PersistenceStatementKey) -> Statement? {
        persistenceStatements[key]
    }

    /// The persistence statement found last, if its key satisfies `isMatch`: a lookup that needs no
    /// key.
    func lastPersistenceStatement(where isMatch: (PersistenceStatementKey) -> Bool) -> Statement? {
        persistenceStatements.lastHit(where: isMatch)
    }

    /// Keeps a persistence statement.
    mutating func keepPersistenceStatement(_ statement: Statement, for key: PersistenceStatementKey) {
        persistenceStatements[key] = statement
    }

    // MARK: - Transactions

    /// The statement that begins, commits or rolls back a transaction, unless there is none, or it runs.
    func transactionStatement(_ kind: TransactionStatement) -> Statement? {
        guard let statement = transactionStatements[kind.rawValue], !statement.isBusy else { return nil }
        return statement
    }

    /// Keeps the statement that begins, commits or rolls back a transaction.
    mutating func keepTransactionStatement(_ statement: Statement, for kind: TransactionStatement) {
        transactionStatements[kind.rawValue] = statement
    }

    // MARK: - Forgetting

    /// Forgets every statement (after a schema change, or when the connection closes).
    mutating func removeAll() {
        cachedStatements.removeAll()
        reusableStatements.removeAll()
        persistenceStatements.removeAll()
        transactionStatements = transactionStatements.map { _ in nil }
    }

    /// Forgets the statements that satisfy the predicate.
    mutating func removeAll(where shouldBeRemoved: (Statement) -> Bool) {
        cachedStatements = cachedStatements.filter { !shouldBeRemoved($0.value) }
        reusableStatements = reusableStatements.filter { !shouldBeRemoved($0.value) }
        persistenceStatements.removeAll(where: shouldBeRemoved)
    }
}
