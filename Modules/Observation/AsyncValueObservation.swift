import RSCore

extension ValueObservation {
    /// The values of the observation, as an asynchronous sequence: the initial value, then a fresh
    /// value after each change. The sequence ends with the error of a failed fetch; the observation
    /// stops when the iterating task is cancelled, or the iterator is released.
    ///
    /// ```swift
    /// for try await players in observation.values(in: dbQueue) {
    ///     print("Fresh players", players)
    /// }
    /// ```
    ///
    /// Each value is handed to the sequence as soon as it is fetched, without a hop through
    /// `scheduler` (the iterating task resumes on its own executor anyway).
    ///
    /// - parameters:
    ///   - reader: The database to observe.
    ///   - scheduler: Whether the initial value is ready at once (`.immediate`, on the main actor)
    ///     or fetched asynchronously (any other scheduler; `.task` by default).
    ///   - bufferingPolicy: What the sequence keeps while the consumer is busy: all values by
    ///     default; `.bufferingNewest(1)` keeps only the latest.
    public func values(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .task,
        bufferingPolicy: AsyncValueObservation<Reducer.Value>.BufferingPolicy = .unbounded
    ) -> AsyncValueObservation<Reducer.Value> {
        AsyncValueObservation(bufferingPolicy: bufferingPolicy) { onError, onChange in
            self.start(
                in: reader, scheduling: SequenceDeliveryScheduler(base: scheduler), onError: onError, onChange: onChange
            )
        }
    }
}

/// The start of an observation, given the closures that receive its errors and values.
package typealias ObservationStart<Element> =
    @Sendable (
        _ onError: @escaping @Sendable (any Error) -> Void, _ onChange: @escaping @Sendable (Element) -> Void
    ) -> AnyDatabaseCancellable

/// An asynchronous sequence of the values of an observation. Each iterator starts an observation of
/// its own, which stops when the iterator is released or its task is cancelled.
public struct AsyncValueObservation<Element: Sendable>: AsyncSequence, Sendable {
    /// What the sequence keeps while the consumer is busy.
    public typealias BufferingPolicy = AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy

    private let bufferingPolicy: BufferingPolicy
    private let start: ObservationStart<Element>

    package init(bufferingPolicy: BufferingPolicy, start: @escaping ObservationStart<Element>) {
        self.bufferingPolicy = bufferingPolicy
        self.start = start
    }

    /// Starts an observation, whose values the iterator returns.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let cancellable = start(
            { error in continuation.finish(throwing: error) },
            { element in continuation.yield(element) })
        continuation.onTermination = { _ in cancellable.cancel() }
        return Iterator(base: stream.makeAsyncIterator(), cancellable: cancellable)
    }

    /// The iterator of the values of one observation.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncThrowingStream<Element, any Error>.AsyncIterator
        /// Keeps the observation alive as long as the iterator.
        private let cancellable: AnyDatabaseCancellable

        init(base: AsyncThrowingStream<Element, any Error>.AsyncIterator, cancellable: AnyDatabaseCancellable) {
            self.base = base
            self.cancellable = cancellable
        }

        /// The next value, nil when the task is cancelled; throws the error that ends the observation.
        public mutating func next() async throws -> Element? {
            // A cancelled task gets no value, not even one that the stream received before the task
            // asked for it (the stream hands out what it holds before it ends).
            guard !Task.isCancelled else { return cancel() }
            let element = try await base.next()
            return Task.isCancelled ? cancel() : element
        }

        /// Stops the observation; nil.
        private func cancel() -> Element? {
            cancellable.cancel()
            return nil
        }
    }
}
