import RSCore
import RSObservation

extension DatabaseRegionObservation {
    /// The committed transactions that changed the observed region, as an asynchronous sequence of
    /// values: after each, `value` runs on the writer, right after the commit and before any other
    /// write, and its result is the next element.
    ///
    /// ```swift
    /// let observation = DatabaseRegionObservation(tracking: Player.all())
    /// for try await count in observation.values(in: dbQueue, { db in try Player.fetchCount(db) }) {
    ///     print("Players changed: \(count)")  // one element per transaction, none coalesced
    /// }
    /// ```
    ///
    /// The observation begins with the next write access; it stops when the iterating task is
    /// cancelled or the iterator is released. The sequence ends with the error of `value`, or with
    /// the error that prevents the observation.
    ///
    /// - parameters:
    ///   - writer: The database to observe.
    ///   - bufferingPolicy: What the sequence keeps while the consumer is busy: all elements by
    ///     default.
    ///   - value: Runs on the writer after each transaction; the `Database` is valid only while it
    ///     runs.
    public func values<Value: Sendable>(
        in writer: any DatabaseWriter,
        bufferingPolicy: AsyncValueObservation<Value>.BufferingPolicy = .unbounded,
        _ value: @escaping @Sendable (Database) throws -> Value
    ) -> AsyncValueObservation<Value> {
        AsyncValueObservation(bufferingPolicy: bufferingPolicy) { onError, onChange in
            self.start(in: writer, onError: onError) { db in
                do {
                    try onChange(value(db))
                } catch {
                    onError(error)
                }
            }
        }
    }

    /// The committed transactions that changed the observed region, as an asynchronous sequence:
    /// one element per transaction (see `values(in:bufferingPolicy:_:)`).
    ///
    /// ```swift
    /// for try await _ in DatabaseRegionObservation(tracking: Player.all()).changes(in: dbQueue) {
    ///     print("Players have changed.")
    /// }
    /// ```
    public func changes(
        in writer: any DatabaseWriter, bufferingPolicy: AsyncValueObservation<Void>.BufferingPolicy = .unbounded
    ) -> AsyncValueObservation<Void> {
        values(in: writer, bufferingPolicy: bufferingPolicy) { _ in () }
    }
}
