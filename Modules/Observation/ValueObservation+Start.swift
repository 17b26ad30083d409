import RSCore

extension ValueObservation {
    /// Starts the observation: notifies the initial value, then a fresh value after each change,
    /// on the scheduler.
    ///
    /// ```swift
    /// let cancellable = observation.start(in: dbQueue, scheduling: .async(onQueue: queue)) { error in
    ///     // Handle error
    /// } onChange: { value in
    ///     print("Fresh value", value)
    /// }
    /// ```
    ///
    /// The observation retains the database until it ends: when the cancellable is cancelled or
    /// deallocated, or when a fetch fails (the error is then notified). On a reader that follows no
    /// writer (`DatabaseReader._observedWriter`: a snapshot), the initial value is the only value.
    ///
    /// - parameters:
    ///   - reader: The database to observe.
    ///   - scheduler: Where values and errors are notified.
    ///   - onError: Called with the error that ends the observation.
    ///   - onChange: Called with each value.
    public func start(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Reducer.Value) -> Void
    ) -> AnyDatabaseCancellable {
        events?.willStart?()
        guard let writer = reader._observedWriter else {
            return startOnce(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
        }
        let runner = ValueObservationRunner(
            observation: self, writer: writer, scheduler: scheduler, onError: onError, onChange: onChange)
        runner.start()
        return AnyDatabaseCancellable(cancel: runner.cancel)
    }

    /// Starts the observation, and notifies values and errors on the main actor: asynchronously by
    /// default, or the initial value before it returns with the `.immediate` scheduling.
    ///
    /// On Linux, a command-line program gets the values of the main actor only while it runs the main
    /// queue: with an async `main` or top-level `await`, `dispatchMain()`, or `RunLoop.main.run()`.
    ///
    /// ```swift
    /// let cancellable = observation.start(in: dbQueue) { error in
    ///     // Handle error
    /// } onChange: { players in
    ///     print("Fresh players", players)
    /// }
    /// ```
    @MainActor
    public func start(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationMainActorScheduler = .mainActor,
        onError: @escaping @MainActor (any Error) -> Void,
        onChange: @escaping @MainActor (Reducer.Value) -> Void
    ) -> AnyDatabaseCancellable {
        let anyScheduler: some ValueObservationScheduler = scheduler
        return start(
            in: reader, scheduling: anyScheduler,
            onError: { error in MainActor.assumeIsolated { onError(error) } },
            onChange: { value in MainActor.assumeIsolated { onChange(value) } })
    }

    /// Fetches and notifies the initial value of an observation of a reader that cannot change.
    private func startOnce(
        in reader: any DatabaseReader, scheduling scheduler: some ValueObservationScheduler,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Reducer.Value) -> Void
    ) -> AnyDatabaseCancellable {
        let isCancelled = LockedValue(false)
        let makeReducer = self.makeReducer
        let events = self.events
        @Sendable func notify(_ result: Result<Reducer.Value?, any Error>, now: Bool) {
            let deliver: @Sendable () -> Void = {
                guard !isCancelled.withLock({ $0 }) else { return }
                switch result {
                case .success(let value): if let value { onChange(value) }
                case .failure(let error):
                    events?.didFail?(error)
                    onError(error)
                }
            }
            now ? deliver() : scheduler.schedule(deliver)
        }
        @Sendable func fetch(_ db: Database) throws -> Reducer.Value? {
            var reducer = makeReducer()
            return try reducer._value(reducer._makeFetcher()(db))
        }
        if scheduler.immediateInitialValue() {
            notify(Result { try reader.read(fetch) }, now: true)
        } else {
            reader.asyncRead { result in notify(Result { try fetch(result.get()) }, now: false) }
        }
        return AnyDatabaseCancellable { isCancelled.withLock { $0 = true } }
    }
}
