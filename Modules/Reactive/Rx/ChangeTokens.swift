import Dispatch
import RSCore
import RSObservation

/// An opaque token of a committed transaction that changed the observed requests: a sequence of
/// tokens (`rx.changeTokens(in:)`) is turned into fetched values by `mapFetch(_:)`.
public struct ChangeToken: Sendable {}

extension Reactive where Base: DatabaseWriter {
    /// An observable of change tokens (RxGRDB 0.7), one after each committed transaction that
    /// changed any of the requests, to be turned into values by `mapFetch(_:)`:
    ///
    /// ```swift
    /// dbQueue.rx
    ///     .changeTokens(in: [Player.all()])
    ///     .mapFetch { db -> ([Player], Int) in
    ///         let players = try Player.order(Column("score").desc).limit(10).fetchAll(db)
    ///         let count = try Player.fetchCount(db)
    ///         return (players, count)
    ///     }
    /// ```
    ///
    /// - parameters:
    ///   - requests: The observed requests.
    ///   - startImmediately: Whether a first token comes at subscription, before any change.
    ///   - synchronizedStart: The same, in RxGRDB's other spelling; it wins when given.
    ///   - scheduler: Where `mapFetch` publishes its values: the main queue by default.
    public func changeTokens(
        in requests: [any DatabaseRegionConvertible],
        startImmediately: Bool = true,
        synchronizedStart: Bool? = nil,
        scheduler: DispatchQueue = .main
    ) -> DatabasePublishers.ChangeTokens {
        DatabasePublishers.ChangeTokens(
            writer: base, observation: DatabaseRegionObservation(tracking: requests),
            startsWithChange: synchronizedStart ?? startImmediately, queue: scheduler)
    }

    /// An observable of the database after each committed transaction that changed any of the
    /// requests (RxGRDB 0.7): one element per transaction, published on the writer, serialized
    /// with the writes.
    ///
    /// - parameters:
    ///   - requests: The observed requests.
    ///   - startImmediately: Whether a first element is published at subscription, before the
    ///     subscription returns.
    ///   - synchronizedStart: The same, in RxGRDB's other spelling; it wins when given.
    public func changes(
        in requests: [any DatabaseRegionConvertible],
        startImmediately: Bool = true,
        synchronizedStart: Bool? = nil
    ) -> DatabasePublishers.DatabaseRegion {
        DatabasePublishers.DatabaseRegion(
            observation: DatabaseRegionObservation(tracking: requests), in: base,
            startsWithChange: synchronizedStart ?? startImmediately)
    }
}

extension DatabasePublishers {
    /// A publisher of change tokens (see
    /// `Reactive.changeTokens(in:startImmediately:synchronizedStart:scheduler:)`).
    ///
    /// Tokens are published on the writer; they are meant for `mapFetch(_:)`, and for no other
    /// operator (as in RxGRDB: do not skip, merge or reschedule them).
    public struct ChangeTokens: Publisher {
        /// A token per transaction.
        public typealias Output = ChangeToken
        /// The error that prevents the observation.
        public typealias Failure = any Error
        private let writer: any DatabaseWriter
        private let observation: DatabaseRegionObservation
        private let startsWithChange: Bool
        private let queue: DispatchQueue

        init(
            writer: any DatabaseWriter, observation: DatabaseRegionObservation, startsWithChange: Bool,
            queue: DispatchQueue
        ) {
            self.writer = writer
            self.observation = observation
            self.startsWithChange = startsWithChange
            // Values go out in order through a serial queue, whatever `queue` is.
            self.queue = DispatchQueue(label: "ReactiveSQLite.ChangeTokens", target: queue)
        }

        /// Starts an observation for the subscriber.
        public func receive<S: Subscriber & SendableMetatype>(subscriber: S)
        where S.Input == ChangeToken, S.Failure == any Error {
            DatabaseRegion(observation: observation, in: writer, startsWithChange: startsWithChange)
                .map { _ in ChangeToken() }
                .receive(subscriber: subscriber)
        }

        /// An observable of values fetched after each token (RxGRDB 0.7): `fetch` runs after each
        /// transaction, in a snapshot of the database as that transaction left it (on a
        /// `DatabasePool`, on a reader, without delaying the writes that follow), and the values
        /// are published in the order of the transactions, on the scheduler of the tokens.
        ///
        /// Every fetch sees one consistent state of the database: values fetched together in
        /// `fetch` (players and their count) always agree.
        public func mapFetch<Value: Sendable>(
            _ fetch: @escaping @Sendable (Database) throws -> Value
        ) -> DatabasePublishers.Value<Value> {
            fetchValues { db in (try fetch(db), nil) }
        }

        /// The values fetched after each token, published in order, without the values decoded
        /// from the same rows as the value before when `fetch` gives its rows.
        func fetchValues<Value: Sendable>(
            _ fetch: @escaping @Sendable (Database) throws -> OrderedFetches<Value>.Fetched
        ) -> DatabasePublishers.Value<Value> {
            let (writer, observation, startsWithChange, queue) = (
                self.writer, self.observation, self.startsWithChange, self.queue
            )
            return DatabasePublishers.Value(delivery: DeliveryScheduler(queue: queue)) { onError, onChange in
                let ordering = LockedValue(OrderedFetches<Value>())
                // Results leave the lock in order: they are queued inside it.
                @Sendable func publish(_ results: [Result<Value, any Error>]) {
                    for result in results {
                        queue.async {
                            switch result {
                            case .success(let value): onChange(value)
                            case .failure(let error): onError(error)
                            }
                        }
                    }
                }
                let cancellable = observation.start(
                    in: writer, startsWithChange: startsWithChange,
                    onError: { error in
                        ordering.withLock { ordering in
                            ordering.finish()
                            publish([.failure(error)])
                        }
                    },
                    onChange: { _ in
                        let number = ordering.withLock { $0.startFetch() }
                        writer._spawnReadOfCurrentState { db in
                            let fetched = Result { try fetch(db.get()) }
                            ordering.withLock { publish($0.fetchDidComplete(number, with: fetched)) }
                        }
                    })
                return AnyDatabaseCancellable {
                    ordering.withLock { $0.finish() }
                    cancellable.cancel()
                }
            }
        }
    }
}
