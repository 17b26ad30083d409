/// A statement that begins, commits or rolls back a transaction. The connection keeps one prepared
/// statement of each (see `StatementCache`): they run around every transaction, and need no lookup
/// by their SQL.
enum TransactionStatement: Int, CaseIterable {
    case beginDeferred
    case beginImmediate
    case beginExclusive
    case commit
    case rollback

    /// The statement that begins a transaction of this kind.
    init(beginning kind: Database.TransactionKind) {
        switch kind {
        case .deferred: self = .beginDeferred
        case .immediate: self = .beginImmediate
        case .exclusive: self = .beginExclusive
        }
    }

    /// The SQL of the statement.
    var sql: String {
        switch self {
        case .beginDeferred: "BEGIN DEFERRED TRANSACTION"
        case .beginImmediate: "BEGIN IMMEDIATE TRANSACTION"
        case .beginExclusive: "BEGIN EXCLUSIVE TRANSACTION"
        case .commit: "COMMIT TRANSACTION"
        case .rollback: "ROLLBACK TRANSACTION"
        }
    }
}
