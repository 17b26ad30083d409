import Dispatch
import RSCore

/// How long a shared observation observes the database.
public enum SharedValueObservationExtent: Sendable {
    /// Until the `SharedValueObservation` is deallocated, or an error ends it: a new client gets the
    /// last value (or error) at once.
    case observationLifetime
    /// While it has clients: the observation stops when the last client cancels, and starts again
    /// with the next one.
    case whileObserved
}

extension ValueObservation {
    /// An observation shared by several clients: each change is fetched once, and notified to every
    /// client.
    ///
    /// ```swift
    /// let sharedObservation = ValueObservation
    ///     .tracking { db in try Player.fetchAll(db) }
    ///     .shared(in: dbQueue)
    /// let cancellable = sharedObservation.start { error in … } onChange: { players in … }
    /// ```
    public func shared(
        in reader: any DatabaseReader,
        scheduling scheduler: some ValueObservationScheduler = .async(onQueue: .main),
        extent: SharedValueObservationExtent = .whileObserved
    ) -> SharedValueObservation<Reducer.Value> {
        SharedValueObservation(scheduler: scheduler, extent: extent) { onError, onChange in
            self.start(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
        }
    }
}

/// A `ValueObservation` shared by several clients (see `ValueObservation.shared(in:scheduling:extent:)`).
public final class SharedValueObservation<Element: Sendable>: Sendable {
    /// Where the clients get values.
    package let scheduler: any ValueObservationScheduler
    private let extent: SharedValueObservationExtent
    private let startObservation: ObservationStart<Element>
    private let state = LockedValue(State())

    private struct State {
        var clients: [Client] = []
        /// Whether the observation was started, and has not stopped (it runs, or it ended with an
        /// error that later clients get, with `.observationLifetime`).
        var isObserving = false
        /// The observation, while it runs.
        var cancellable: AnyDatabaseCancellable?
        /// The last value or error, for the clients that come later.
        var lastResult: Result<Element, any Error>?
        /// The number of values and errors received.
        var resultCount = 0
        /// Incremented by each start: the callbacks of an observation that was stopped are ignored.
        var generation = 0
    }

    private final class Client: Sendable {
        let onError: @Sendable (any Error) -> Void
        let onChange: @Sendable (Element) -> Void
        /// The number (see `resultCount`) of the last result the client got.
        private let lastResultNumber = LockedValue(0)

        init(onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Element) -> Void) {
            self.onError = onError
            self.onChange = onChange
        }

        /// Gives the client a result, unless it already got a later one (a client that comes late
        /// gets the last result through the scheduler, after the results scheduled before).
        func receive(_ result: Result<Element, any Error>, number: Int) {
            let isNewer = lastResultNumber.withLock { last in
                guard number > last else { return false }
                last = number
                return true
            }
            guard isNewer else { return }
            switch result {
            case .success(let value): onChange(value)
            case .failure(let error): onError(error)
            }
        }
    }

    init(
        scheduler: some ValueObservationScheduler, extent: SharedValueObservationExtent,
        startObservation: @escaping ObservationStart<Element>
    ) {
        self.scheduler = scheduler
        self.extent = extent
        self.startObservation = startObservation
    }

    /// Adds a client, which gets the last value if there is one, then every value; starts the
    /// observation if it does not run.
    ///
    /// - returns: A cancellable that removes the client.
    public func start(
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Element) -> Void
    ) -> AnyDatabaseCancellable {
        let client = Client(onError: onError, onChange: onChange)
        let (generation, lastResult, resultNumber, needsStart) = state.withLock { state in
            state.clients.append(client)
            let needsStart = !state.isObserving
            if needsStart {
                state.isObserving = true
                state.generation += 1
            }
            return (state.generation, state.lastResult, state.resultCount, needsStart)
        }
        if let lastResult {
            if scheduler.immediateInitialValue() {
                client.receive(lastResult, number: resultNumber)
            } else {
                scheduler.schedule { client.receive(lastResult, number: resultNumber) }
            }
        } else if needsStart {
            // Started outside of the lock: an immediate scheduler notifies before `start` returns.
            let cancellable = startObservation(
                { [weak self] error in self?.receive(.failure(error), generation: generation) },
                { [weak self] value in self?.receive(.success(value), generation: generation) })
            state.withLock { state in
                if state.generation == generation && !cancellable.isCancelled { state.cancellable = cancellable }
            }
        }
        return AnyDatabaseCancellable { self.remove(client) }
    }

    private func receive(_ result: Result<Element, any Error>, generation: Int) {
        let (clients, number) = state.withLock { state -> ([Client], Int) in
            guard state.generation == generation else { return ([], 0) }
            state.resultCount += 1
            let clients = state.clients
            if case .failure = result {
                state.clients = []
                state.cancellable = nil
                if extent == .observationLifetime {
                    state.lastResult = result
                } else {
                    state.isObserving = false
                    state.lastResult = nil
                }
            } else {
                state.lastResult = result
            }
            return (clients, state.resultCount)
        }
        for client in clients {
            client.receive(result, number: number)
        }
    }

    private func remove(_ client: Client) {
        let cancellable = state.withLock { state -> AnyDatabaseCancellable? in
            state.clients.removeAll { $0 === client }
            guard state.clients.isEmpty, extent == .whileObserved else { return nil }
            defer {
                state.isObserving = false
                state.cancellable = nil
                state.lastResult = nil
                state.generation += 1
            }
            return state.cancellable
        }
        cancellable?.cancel()
    }
}

extension SharedValueObservation {
    /// The values of the shared observation, as an asynchronous sequence (see
    /// `ValueObservation.values(in:scheduling:bufferingPolicy:)`).
    public func values(
        bufferingPolicy: AsyncValueObservation<Element>.BufferingPolicy = .unbounded
    ) -> AsyncValueObservation<Element> {
        AsyncValueObservation(bufferingPolicy: bufferingPolicy) { onError, onChange in
            self.start(onError: onError, onChange: onChange)
        }
    }
}
