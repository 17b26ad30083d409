import Dispatch
import RSCore
import RSObservation

extension ValueObservation {
    /// A publisher of the values of the observation: the initial value, then a fresh value after
    /// each committed transaction that changed what it reads.
    ///
    /// ```swift
    /// // A publisher with output [Player] and failure Error
    /// let publisher = ValueObservation
    ///     .tracking { db in try Player.fetchAll(db) }
    ///     .publisher(in: dbQueue)
    /// ```
    ///
    /// Each subscription starts an observation, which stops when the subscription is cancelled.
    /// Values are published through `scheduler`: asynchronously on the main queue by default; with
    /// `.immediate`, the initial value is published before the subscription returns (then the
    /// publisher must be subscribed on the main actor). Without demand, the subscription keeps only
    /// the latest value. It fails with the error of a fetch, and never finishes otherwise.
    ///
    /// On Linux, a command-line program gets the values of the main queue only while it runs the
    /// main queue: with an async `main` or top-level `await`, `dispatchMain()`, or
    /// `RunLoop.main.run()`.
    ///
    /// - parameters:
    ///   - reader: The database to observe.
    ///   - scheduler: Where values are published.
    public func publisher(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .async(onQueue: .main)
    ) -> DatabasePublishers.Value<Reducer.Value> {
        DatabasePublishers.Value(scheduler: scheduler) { onError, onChange in
            self.start(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
        }
    }
}

extension SharedValueObservation {
    /// A publisher of the values of the shared observation (see
    /// `ValueObservation.publisher(in:scheduling:)`): each subscription is a client of the shared
    /// observation.
    ///
    /// ```swift
    /// let publisher = ValueObservation
    ///     .tracking { db in try Player.fetchAll(db) }
    ///     .shared(in: dbQueue)
    ///     .publisher()
    /// ```
    public func publisher() -> DatabasePublishers.Value<Element> {
        DatabasePublishers.Value(scheduler: scheduler) { onError, onChange in
            self.start(onError: onError, onChange: onChange)
        }
    }
}

extension DatabasePublishers {
    /// A publisher of the values of a `ValueObservation` or a `SharedValueObservation`.
    public struct Value<Output: Sendable>: Publisher {
        /// The error of a fetch.
        public typealias Failure = any Error
        private let delivery: DeliveryScheduler
        private let start: ObservationStart<Output>

        init(scheduler: some ValueObservationScheduler, start: @escaping ObservationStart<Output>) {
            self.init(delivery: DeliveryScheduler(scheduler), start: start)
        }

        /// A publisher of the values that `start` notifies on `delivery`.
        init(delivery: DeliveryScheduler, start: @escaping ObservationStart<Output>) {
            self.delivery = delivery
            self.start = start
        }

        /// Starts an observation for the subscriber.
        public func receive<S: Subscriber & SendableMetatype>(subscriber: S)
        where S.Input == Output, S.Failure == any Error {
            let start = self.start
            DatabaseSubscription(downstream: subscriber, schedule: delivery).start { subscription in
                start(
                    { error in subscription.receive(failure: error) },
                    { value in subscription.receive(value) })
            }
        }
    }
}
