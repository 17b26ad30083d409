import Dispatch
import RSCore
import RSObservation

extension Reactive {
    /// An observable of the values of the observation (RxGRDB 3): the publisher of
    /// `ValueObservation.publisher(in:scheduling:)`. It never completes; it fails with the error
    /// of a fetch.
    ///
    /// ```swift
    /// let observable = ValueObservation
    ///     .tracking { db in try Player.fetchAll(db) }
    ///     .rx.observe(in: dbQueue)
    /// ```
    public func observe<Reducer: ValueReducer>(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .async(onQueue: .main)
    ) -> DatabasePublishers.Value<Reducer.Value> where Base == ValueObservation<Reducer> {
        base.publisher(in: reader, scheduling: scheduler)
    }
}

extension Reactive where Base == DatabaseRegionObservation {
    /// An observable of the database after each committed transaction that changed the observed
    /// region (RxGRDB 3): the publisher of `DatabaseRegionObservation.publisher(in:)`, which
    /// publishes on the writer, serialized with the writes.
    ///
    /// ```swift
    /// let observable = DatabaseRegionObservation
    ///     .tracking(Player.all())
    ///     .rx.changes(in: dbQueue)
    /// ```
    public func changes(in writer: any DatabaseWriter) -> DatabasePublishers.DatabaseRegion {
        base.publisher(in: writer)
    }
}
