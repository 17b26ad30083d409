extension DatabaseWriter {
    /// Registers a transaction observer on the writer's connection, once the accesses that run
    /// now have ended: it is told of the transactions that follow.
    ///
    /// ```swift
    /// dbQueue.add(transactionObserver: myObserver)
    /// ```
    ///
    /// - parameters:
    ///   - transactionObserver: The observer.
    ///   - extent: How long the observer stays registered: by default, until it is deallocated.
    public func add(
        transactionObserver: some TransactionObserver,
        extent: Database.TransactionObservationExtent = .observerLifetime
    ) {
        writeWithoutTransaction { db in db.add(transactionObserver: transactionObserver, extent: extent) }
    }

    /// Unregisters a transaction observer from the writer's connection, once the accesses that run
    /// now have ended.
    public func remove(transactionObserver: some TransactionObserver) {
        writeWithoutTransaction { db in db.remove(transactionObserver: transactionObserver) }
    }
}
