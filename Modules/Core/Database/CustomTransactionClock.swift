import Foundation

/// A clock that gives the dates of a function.
public struct CustomTransactionClock: TransactionClock {
    private let date: @Sendable (Database) throws -> Date

    /// A clock that calls `now` for each date.
    public init(_ now: @escaping @Sendable (Database) throws -> Date) {
        self.date = now
    }

    /// The date that the function returns.
    public func now(_ db: Database) throws -> Date {
        try date(db)
    }
}

extension TransactionClock where Self == CustomTransactionClock {
    /// A clock that calls `now` for each date: `config.transactionClock = .custom { _ in date }`.
    public static func custom(_ now: @escaping @Sendable (Database) throws -> Date) -> Self {
        CustomTransactionClock(now)
    }
}
