import Dispatch
import RSCore
import RSMigrations

extension DatabaseMigrator {
    /// A publisher that migrates the database, then completes.
    ///
    /// ```swift
    /// // DatabasePublishers.Migrate
    /// let publisher = migrator.migratePublisher(dbQueue)
    /// ```
    ///
    /// Each subscription runs `migrate(_:)` once, off the thread that subscribes, and publishes
    /// `()`, then `.finished`, or the error of the migration, on `scheduler` (the main queue by
    /// default: see `DatabaseReader.readPublisher(receiveOn:value:)`).
    ///
    /// - parameters:
    ///   - writer: The database to migrate.
    ///   - scheduler: Where the value and the completion are published.
    public func migratePublisher(
        _ writer: some DatabaseWriter,
        receiveOn scheduler: some Scheduler = DispatchQueue.mainScheduler
    ) -> DatabasePublishers.Migrate {
        DatabasePublishers.Migrate(
            AccessPublisher(receiveOn: scheduler) { completion in
                // A migration is a barrier write: it waits for the reads that run, so it waits on a
                // thread of its own rather than on the thread that subscribes.
                DispatchQueue.global().async { completion(Result { try self.migrate(writer) }) }
            })
    }
}

extension DatabasePublishers {
    /// A publisher that migrates a database, publishes `()`, then completes (see
    /// `DatabaseMigrator.migratePublisher(_:receiveOn:)`).
    public struct Migrate: Publisher {
        /// One value, when the migration is done.
        public typealias Output = Void
        /// Errors are those of the migrations, or a `DatabaseError`.
        public typealias Failure = any Error
        private let base: AccessPublisher<Void>

        init(_ base: AccessPublisher<Void>) {
            self.base = base
        }

        /// Starts a migration for the subscriber.
        public func receive<S: Subscriber & SendableMetatype>(subscriber: S)
        where S.Input == Void, S.Failure == any Error {
            base.receive(subscriber: subscriber)
        }
    }
}
