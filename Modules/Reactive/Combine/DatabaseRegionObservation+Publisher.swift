import RSCore
import RSObservation

extension DatabaseRegionObservation {
    /// A publisher of the database, after each committed transaction that changed the observed
    /// region.
    ///
    /// ```swift
    /// // A publisher with output Database and failure Error
    /// let publisher = DatabaseRegionObservation
    ///     .tracking(Player.all())
    ///     .publisher(in: dbQueue)
    /// ```
    ///
    /// The database is published on the writer, right after the commit, before any other write:
    /// it is valid only while the subscriber receives it (do not move it to another scheduler with
    /// `receive(on:)`). A transaction that commits while the subscriber has no demand is not
    /// published. Each subscription starts an observation, which begins with the next write access
    /// and stops when the subscription is cancelled. It fails when the observation cannot start
    /// (a closed database, a region that cannot be computed), and never finishes otherwise.
    public func publisher(in writer: any DatabaseWriter) -> DatabasePublishers.DatabaseRegion {
        DatabasePublishers.DatabaseRegion(observation: self, in: writer, startsWithChange: false)
    }
}

extension DatabasePublishers {
    /// A publisher of the transactions that change a database region (see
    /// `DatabaseRegionObservation.publisher(in:)`).
    public struct DatabaseRegion: Publisher {
        /// The database, on the writer, right after a commit.
        public typealias Output = Database
        /// The error that prevents the observation.
        public typealias Failure = any Error
        private let observation: DatabaseRegionObservation
        private let writer: any DatabaseWriter
        private let startsWithChange: Bool

        /// A publisher of the changes that `observation` sees in `writer`; with `startsWithChange`,
        /// the database is also published once when a subscription starts (see
        /// `DatabaseRegionObservation.start(in:startsWithChange:onError:onChange:)`).
        init(observation: DatabaseRegionObservation, in writer: any DatabaseWriter, startsWithChange: Bool) {
            self.observation = observation
            self.writer = writer
            self.startsWithChange = startsWithChange
        }

        /// Starts an observation for the subscriber.
        public func receive<S: Subscriber & SendableMetatype>(subscriber: S)
        where S.Input == Database, S.Failure == any Error {
            let (observation, writer, startsWithChange) = (self.observation, self.writer, self.startsWithChange)
            DatabaseSubscription(downstream: subscriber, schedule: .inline).start { subscription in
                observation.start(
                    in: writer, startsWithChange: startsWithChange,
                    onError: { error in subscription.receive(failure: error) },
                    onChange: { db in subscription.receiveTransient(db) })
            }
        }
    }
}
