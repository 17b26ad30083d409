import Foundation

extension Database {
    /// The date of the current transaction: the same for all of the transaction, given by the
    /// ``Configuration/transactionClock`` when the transaction began (with `BEGIN`, or a
    /// `SAVEPOINT` outside of a transaction). Outside of a transaction, each call asks the clock for
    /// a new date.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     player.modificationDate = try db.transactionDate
    ///     try player.update(db)
    /// }
    /// ```
    ///
    /// - throws: The error of the clock (inside a transaction, the error it threw when the
    ///   transaction began).
    public var transactionDate: Date {
        get throws {
            checkAccess()
            if let transactionDateResult { return try transactionDateResult.get() }
            return try configuration.transactionClock.now(self)
        }
    }

    /// Asks the clock for the date of a transaction that began, and forgets the date of a
    /// transaction that ended: called after the statements that may begin or end one.
    func updateTransactionDate() {
        guard isInsideTransaction else {
            transactionDateResult = nil
            return
        }
        guard transactionDateResult == nil else { return }
        // The clock may run statements, which come back here: the transaction has its date then.
        transactionDateResult = .failure(Self.reentrantTransactionClockError)
        transactionDateResult = Result { try configuration.transactionClock.now(self) }
    }

    /// What the transaction date throws while the clock gives it: built once, as each transaction
    /// sets it.
    private static let reentrantTransactionClockError: any Error = DatabaseError(
        resultCode: .SQLITE_MISUSE, message: "the transaction clock asked for the transaction date")
}
