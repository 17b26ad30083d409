import Dispatch
import RSCore

extension DatabaseWriter {
    /// A publisher that writes in a transaction, publishes the result of `updates`, and completes.
    ///
    /// ```swift
    /// // DatabasePublishers.Write<Int>
    /// let newPlayerCount = dbQueue.writePublisher { db -> Int in
    ///     try Player(name: "Arthur").insert(db)
    ///     return try Player.fetchCount(db)
    /// }
    /// ```
    ///
    /// Each subscription runs `updates` once, in a transaction that is committed when it returns
    /// and rolled back when it throws, and publishes its result, then `.finished`, or its error, on
    /// `scheduler` (the main queue by default: see `readPublisher(receiveOn:value:)`). Two
    /// subscriptions write twice.
    ///
    /// - parameters:
    ///   - scheduler: Where the value and the completion are published.
    ///   - updates: Writes in the database. The `Database` is valid only while it runs.
    public func writePublisher<Output: Sendable>(
        receiveOn scheduler: some Scheduler = DispatchQueue.mainScheduler,
        updates: @escaping @Sendable (Database) throws -> Output
    ) -> DatabasePublishers.Write<Output> {
        DatabasePublishers.Write(
            AccessPublisher(receiveOn: scheduler) { completion in
                self._asyncWriteAccess { result in
                    completion(
                        Result {
                            let db = try result.get()
                            return try db.inTransactionReturning { try updates(db) }
                        })
                }
            })
    }

    /// A publisher that writes in a transaction, then reads, publishes the result of `value`, and
    /// completes.
    ///
    /// ```swift
    /// // DatabasePublishers.Write<Int>
    /// let newPlayerCount = dbQueue.writePublisher { db in
    ///     try Player(name: "Arthur").insert(db)
    /// } thenRead: { db, _ in
    ///     try Player.fetchCount(db)
    /// }
    /// ```
    ///
    /// It publishes what `writePublisher(receiveOn:updates:)` would if `updates` fetched the value
    /// at its end. `value` sees the database as `updates` left it, and gets its result. On a
    /// `DatabasePool`, `value` runs on a reader (see `spawnConcurrentRead(_:)`): writes that come
    /// next do not wait for it.
    ///
    /// - parameters:
    ///   - scheduler: Where the value and the completion are published.
    ///   - updates: Writes in the database, in a transaction.
    ///   - value: Reads the database, read-only.
    public func writePublisher<T: Sendable, Output: Sendable>(
        receiveOn scheduler: some Scheduler = DispatchQueue.mainScheduler,
        updates: @escaping @Sendable (Database) throws -> T,
        thenRead value: @escaping @Sendable (Database, T) throws -> Output
    ) -> DatabasePublishers.Write<Output> {
        DatabasePublishers.Write(
            AccessPublisher(receiveOn: scheduler) { completion in
                self.asyncWrite(updates: updates, thenRead: value, completion: completion)
            })
    }
}

extension DatabasePublishers {
    /// A publisher that writes in the database, publishes one value, then completes (see
    /// `DatabaseWriter.writePublisher(receiveOn:updates:)`).
    public struct Write<Output: Sendable>: Publisher {
        /// Errors are those of the write, or a `DatabaseError`.
        public typealias Failure = any Error
        private let base: AccessPublisher<Output>

        init(_ base: AccessPublisher<Output>) {
            self.base = base
        }

        /// Starts a write for the subscriber.
        public func receive<S: Subscriber & SendableMetatype>(subscriber: S)
        where S.Input == Output, S.Failure == any Error {
            base.receive(subscriber: subscriber)
        }
    }
}
