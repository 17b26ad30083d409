import Foundation

/// What gives ``Database/transactionDate`` its date, once for each transaction.
///
/// ```swift
/// var config = Configuration()
/// config.transactionClock = .custom { _ in fixedDate }   // dates that tests can predict
/// ```
public protocol TransactionClock: Sendable {
    /// The date of a transaction that begins, or of a call to `transactionDate` outside of a
    /// transaction. A clock that throws makes `transactionDate` throw its error.
    ///
    /// - parameter db: The connection, which the clock may query (but not for its
    ///   `transactionDate`).
    func now(_ db: Database) throws -> Date
}
