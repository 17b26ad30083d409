import Dispatch
import RSCore
import RSObservation

extension ValueObservation {
    /// Starts the observation, and returns a recorder of its values: the initial value, then a fresh
    /// value after each change. An error that ends the observation is the recorder's failure.
    ///
    /// ```swift
    /// let recorder = ValueObservation
    ///     .tracking { db in try Player.fetchAll(db) }
    ///     .record(in: dbQueue)
    /// let initialPlayers = try await recorder.next()
    /// ```
    ///
    /// The observation stops when the recorder is cancelled or deinitialized.
    ///
    /// - parameters:
    ///   - reader: The database to observe.
    ///   - scheduler: Where values are notified: by default, a serial queue of the recorder's, so that
    ///     every form of wait gets them wherever it runs. Give `.mainActor` (and start from the main
    ///     actor) to check what code on the main actor gets.
    public func record(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .async(
            onQueue: DispatchQueue(label: "ReactiveSQLite.Recorder"))
    ) -> Recorder<Reducer.Value> {
        let recorder = Recorder<Reducer.Value>()
        let cancellable = start(
            in: reader, scheduling: scheduler,
            onError: { [weak recorder] error in recorder?.receive(completion: .failure(error)) },
            onChange: { [weak recorder] value in recorder?.receive(value) })
        recorder.setStopSource { cancellable.cancel() }
        return recorder
    }
}
