import Foundation

/// The clock of ``Configuration/transactionClock`` by default: the current date, so that the date
/// of a transaction is the date it began.
public struct DefaultTransactionClock: TransactionClock {
    /// The current date.
    public func now(_ db: Database) throws -> Date {
        Date()
    }
}

extension TransactionClock where Self == DefaultTransactionClock {
    /// The clock that gives the current date.
    public static var `default`: Self { DefaultTransactionClock() }
}
