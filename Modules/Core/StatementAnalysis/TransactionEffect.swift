/// What a statement does to transactions and savepoints, as SQLite reports it when it compiles
/// the statement (`BEGIN`, `COMMIT`, `SAVEPOINT x`, …).
package enum TransactionEffect: Hashable, Sendable {
    /// `BEGIN [DEFERRED | IMMEDIATE | EXCLUSIVE] [TRANSACTION]`.
    case beginTransaction
    /// `COMMIT` or `END`.
    case commitTransaction
    /// `ROLLBACK` (of the whole transaction).
    case rollbackTransaction
    /// `SAVEPOINT name`; the name is lowercased (savepoint names are case-insensitive).
    case beginSavepoint(String)
    /// `RELEASE [SAVEPOINT] name`.
    case releaseSavepoint(String)
    /// `ROLLBACK [TRANSACTION] TO [SAVEPOINT] name`.
    case rollbackSavepoint(String)

    /// Whether the statement undoes changes (a rollback of the transaction or to a savepoint).
    var isRollback: Bool {
        switch self {
        case .rollbackTransaction, .rollbackSavepoint: return true
        default: return false
        }
    }
}
