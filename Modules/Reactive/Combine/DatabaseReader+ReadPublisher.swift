import Dispatch
import RSCore

extension DatabaseReader {
    /// A publisher that reads one value and completes.
    ///
    /// ```swift
    /// // DatabasePublishers.Read<[Player]>
    /// let players = dbQueue.readPublisher { db in
    ///     try Player.fetchAll(db)
    /// }
    /// ```
    ///
    /// Each subscription runs `value` once, in a read-only transaction (an attempt to write fails
    /// with `SQLITE_READONLY`), and publishes its result, then `.finished`, or its error, on
    /// `scheduler`: the main queue by default (`DispatchQueue.main.ocombine` on Linux, where a
    /// program must run the main queue, with `dispatchMain()` or an async `main`).
    ///
    /// - parameters:
    ///   - scheduler: Where the value and the completion are published.
    ///   - value: Reads the database. The `Database` is valid only while it runs.
    public func readPublisher<Output: Sendable>(
        receiveOn scheduler: some Scheduler = DispatchQueue.mainScheduler,
        value: @escaping @Sendable (Database) throws -> Output
    ) -> DatabasePublishers.Read<Output> {
        DatabasePublishers.Read(
            AccessPublisher(receiveOn: scheduler) { completion in
                self.asyncRead { result in completion(Result { try value(result.get()) }) }
            })
    }
}

extension DatabasePublishers {
    /// A publisher that reads one value from the database, then completes (see
    /// `DatabaseReader.readPublisher(receiveOn:value:)`).
    public struct Read<Output: Sendable>: Publisher {
        /// Errors are those of the read, or a `DatabaseError`.
        public typealias Failure = any Error
        private let base: AccessPublisher<Output>

        init(_ base: AccessPublisher<Output>) {
            self.base = base
        }

        /// Starts a read for the subscriber.
        public func receive<S: Subscriber & SendableMetatype>(subscriber: S)
        where S.Input == Output, S.Failure == any Error {
            base.receive(subscriber: subscriber)
        }
    }
}
