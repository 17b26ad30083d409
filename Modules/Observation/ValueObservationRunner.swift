import Dispatch
import RSCore

/// Runs one started `ValueObservation`: the thin layer that performs what its `FetchScheduling`
/// decides (fetches, timers), registers its transaction observer on the writer (as its
/// `ObserverRegistration` says, see `RegionChangeObserver`), and notifies values through the scheduler.
///
/// Two ways to fetch, chosen by the connection of the initial read:
/// - **On the writer** (a `DatabaseQueue`, whose reads run on its writer connection, or
///   `requiresWriteAccess`): the initial fetch and the registration of the observer happen in one
///   access, and each later fetch runs right after the commit that changed the region, on the
///   writer, before any other write. No commit is missed, none is seen twice.
/// - **On readers** (a `DatabasePool`): the initial fetch runs on a reader, without waiting for the
///   writer, and its value is notified at once; the observer is then registered on the writer,
///   where the `CommitClock` tells whether a commit that the initial snapshot did not see
///   changed the region (then it fetches again, and only then: no spurious duplicate of the initial
///   value). Later fetches run on readers, after the commits, without delaying writes.
final class ValueObservationRunner<Reducer: ValueReducer>: RegionChangeObserver, @unchecked Sendable {
    // @unchecked Sendable: every mutable property is in `state`, under its lock, except `reducer`.
    // The reducer is used only to reduce a fetched value (`reduce(_:)`), which happens once per
    // fetch; `FetchScheduling` lets one fetch run at a time, and a fetch starts only after the
    // previous one's completion released the lock: the reductions are ordered one after the other.
    private var reducer: Reducer
    private let fetcher: @Sendable (Database) throws -> Reducer.Fetched
    private let observation: ValueObservation<Reducer>
    private let scheduler: any ValueObservationScheduler
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Reducer.Value) -> Void
    private let state: LockedValue<State>

    private struct State {
        var scheduling: FetchScheduling
        /// The writer, until the observation ends: an observation retains its database.
        var writer: (any DatabaseWriter)?
        /// Where fetches run, once known.
        var mode: Mode?
        /// The registration of the observer on the writer, and the region it observes. It is
        /// cancelled with the scheduling's finish, in the same lock.
        var registration = ObserverRegistration()
    }

    private enum Mode {
        case writer
        /// The readers of the writer (a `DatabasePool`'s).
        case readers
    }

    /// The outcome of one fetch: its value, the region it read when it is tracked, and the number
    /// of commits its snapshot held at least.
    private struct Fetched: Sendable {
        var value: Reducer.Fetched
        var region: DatabaseRegion?
        var seenCommit: Int
    }

    init(
        observation: ValueObservation<Reducer>, writer: any DatabaseWriter, scheduler: any ValueObservationScheduler,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Reducer.Value) -> Void
    ) {
        self.observation = observation
        self.reducer = observation.makeReducer()
        self.fetcher = reducer._makeFetcher()
        self.scheduler = scheduler
        self.onError = onError
        self.onChange = onChange
        state = LockedValue(
            State(scheduling: FetchScheduling(minimumInterval: observation.minimumFetchInterval), writer: writer))
    }

    private var isFinished: Bool { state.withLock { $0.scheduling.isFinished } }

    // MARK: - Start

    /// Starts the observation: fetches and notifies the initial value, and registers the observer.
    /// With an immediate scheduler, the initial value (or error) is notified before it returns.
    func start() {
        guard let writer = state.withLock({ $0.writer }),
            state.withLock({ $0.scheduling.start(now: Self.now()) }) == .fetch
        else { return }
        if scheduler.immediateInitialValue() {
            do {
                let start =
                    try observation.requiresWriteAccess
                    ? writer._writeAccess { db in try startOnWriter(db) }
                    : writer.read { db in try startInRead(db) }
                didStart(start, notifiesNow: true)
            } catch {
                fail(error, notifiesNow: true)
            }
            return
        }
        if observation.requiresWriteAccess {
            writer._asyncWriteAccess { result in
                do {
                    try self.didStart(self.startOnWriter(result.get()), notifiesNow: false)
                } catch {
                    self.fail(error)
                }
            }
            return
        }
        // The closure does not capture the writer: a reader thread may free it after the observation
        // ended, and the writer would outlive its last reference for that instant.
        writer.asyncRead { result in
            do {
                try self.didStart(self.startInRead(result.get()), notifiesNow: false)
            } catch {
                self.fail(error)
            }
        }
    }

    /// What the start fetched, and how the observer is registered.
    private struct Start {
        /// The initial value, reduced.
        var value: Reducer.Value?
        /// The number of commits the initial snapshot held at least.
        var seenCommit: Int
        /// For a start on a reader: the observer is registered on the writer later, and compares
        /// the snapshot of the initial fetch with the commits the watch sees.
        var pendingRegistration: (watch: CommitClock.Watch, position: ClosedRange<Int>)?
    }

    /// Starts in a read access: on the writer's connection (a `DatabaseQueue`), or on a reader.
    private func startInRead(_ db: Database) throws -> Start {
        db.observesTransactions ? try startOnWriter(db) : try startOnReader(db)
    }

    /// Fetches the initial value on the writer, and registers the observer in the same access.
    private func startOnWriter(_ db: Database) throws -> Start {
        state.withLock { $0.mode = .writer }
        let fetched = try fetchOnWriter(db, isInitial: true)
        // Left out when the observation was cancelled meanwhile (see `ObserverRegistration`).
        register(in: db)
        return Start(value: try reduce(fetched), seenCommit: fetched.seenCommit)
    }

    /// Fetches the initial value on a reader; the observer is registered on the writer later.
    private func startOnReader(_ db: Database) throws -> Start {
        state.withLock { $0.mode = .readers }
        let watch = db.commitClock.watch()
        let position = db.snapshotPosition
        let fetched = try fetch(db, isInitial: true)
        if let region = fetched.region { setRegion(region) }
        return Start(value: try reduce(fetched), seenCommit: fetched.seenCommit, pendingRegistration: (watch, position))
    }

    /// Registers the observer of a start on a reader, and notifies the initial value. The
    /// registration is submitted to the writer first: a write submitted after the initial value is
    /// notified is observed by the transaction observer, not found in the clock's log.
    ///
    /// A value notified now (the `.immediate` scheduling) is notified once the scheduling knows the
    /// initial fetch complete: each transaction that its `onChange` commits is then fetched and
    /// notified (later, through the scheduler), instead of being coalesced with the next ones.
    private func didStart(_ start: Start, notifiesNow: Bool) {
        if let (watch, position) = start.pendingRegistration {
            register(watch: watch, position: position)
        }
        let completeStart = {
            self.state.withLock { $0.scheduling.fetchDidComplete(now: Self.now(), seenCommit: start.seenCommit) }
        }
        guard let value = start.value else { return perform(completeStart(), onWriter: nil) }
        if notifiesNow {
            let action = completeStart()
            notify(value, now: true)
            perform(action, onWriter: nil)
        } else {
            // Scheduled before a fetch can start: later values are scheduled after it.
            notify(value, now: false)
            perform(completeStart(), onWriter: nil)
        }
    }

    /// Registers the observer on the writer, or updates its region, with the region of the fetch
    /// of the given snapshot: the commits after the snapshot that changed the region trigger a fetch.
    private func register(watch: CommitClock.Watch, position: ClosedRange<Int>) {
        guard let writer = state.withLock({ $0.writer }) else { return }
        writer._asyncWriteAccess { result in
            guard !self.isFinished else { return }
            guard case .success(let db) = result else {
                if case .failure(let error) = result { self.fail(error) }
                return
            }
            guard let region = self.register(in: db) else { return }
            let changes = watch.changes(sinceSnapshotAt: position)
            if changes.map({ !$0.intersection(region).isEmpty }) ?? true {
                self.registeredRegionDidChange(in: db)
            }
        }
    }

    // MARK: - Fetches

    /// Runs the fetch, and records its region when the observation tracks it.
    private func fetch(_ db: Database, isInitial: Bool) throws -> Fetched {
        let seenCommit = db.snapshotPosition.lowerBound
        switch observation.trackingMode {
        case .constantRegion(let regions):
            guard isInitial else { return Fetched(value: try fetcher(db), seenCommit: seenCommit) }
            let region = try regions.reduce(DatabaseRegion()) { try $0.union($1.databaseRegion(db)) }
            setRegion(region)
            return Fetched(value: try fetcher(db), region: region, seenCommit: seenCommit)
        case .constantRegionRecordedFromSelection where !isInitial:
            return Fetched(value: try fetcher(db), seenCommit: seenCommit)
        case .constantRegionRecordedFromSelection, .nonConstantRegionRecordedFromSelection:
            var region = DatabaseRegion()
            let value = try db.recordingSelection(&region) { try fetcher(db) }
            return Fetched(value: value, region: region, seenCommit: seenCommit)
        }
    }

    /// Runs the fetch on the writer: read-only, or in a savepoint with `requiresWriteAccess`. A
    /// new region is observed at once.
    private func fetchOnWriter(_ db: Database, isInitial: Bool) throws -> Fetched {
        var fetched: Fetched?
        if observation.requiresWriteAccess {
            withRegistration { $0.ignoresChanges = true }
            defer { withRegistration { $0.ignoresChanges = false } }
            try db.inSavepoint {
                fetched = try fetch(db, isInitial: isInitial)
                return .commit
            }
        } else {
            fetched = try db.readOnlyTransaction { try fetch(db, isInitial: isInitial) }
        }
        if let region = fetched?.region, setRegion(region), !isInitial {
            db.observedRegionDidChange(of: self)
        }
        return fetched!
    }

    /// Starts a fetch, on the writer when `db` is the writer's connection (right after a commit),
    /// or else where the mode says.
    private func startFetch(onWriter db: Database?) {
        guard let (writer, mode) = state.withLock({ state in state.writer.map { ($0, state.mode) } }) else { return }
        switch mode {
        case .writer?:
            if let db {
                complete(Result { try fetchOnWriter(db, isInitial: false) })
            } else {
                writer._asyncWriteAccess { result in
                    self.complete(Result { try self.fetchOnWriter(result.get(), isInitial: false) })
                }
            }
        case .readers?:
            writer.asyncRead { result in
                guard !self.isFinished else { return }
                switch result {
                case .success(let db):
                    let isTracking = self.observation.trackingMode.isNonConstant
                    let watch = isTracking ? db.commitClock.watch() : nil
                    let position = db.snapshotPosition
                    let fetched = Result { try self.fetch(db, isInitial: false) }
                    if let watch, case .success(let value) = fetched, let region = value.region,
                        self.setRegion(region)
                    {
                        self.register(watch: watch, position: position)
                    }
                    self.complete(fetched)
                case .failure(let error):
                    self.fail(error)
                }
            }
        case nil:
            break
        }
    }

    /// Reduces a fetched value: the value to notify, if any.
    private func reduce(_ fetched: Fetched) throws -> Reducer.Value? {
        try reducer._value(fetched.value)
    }

    /// Reduces and notifies a fetched value, then does what the scheduling says.
    private func complete(_ result: Result<Fetched, any Error>) {
        guard !isFinished else { return }
        let seenCommit: Int
        do {
            let fetched = try result.get()
            seenCommit = fetched.seenCommit
            if let value = try reduce(fetched) { notify(value, now: false) }
        } catch {
            fail(error)
            return
        }
        perform(
            state.withLock { $0.scheduling.fetchDidComplete(now: Self.now(), seenCommit: seenCommit) },
            onWriter: nil)
    }

    /// Notifies a value: now, or through the scheduler.
    private func notify(_ value: Reducer.Value, now: Bool) {
        if now {
            onChange(value)
            return
        }
        scheduler.schedule {
            if !self.isFinished { self.onChange(value) }
        }
    }

    /// Ends the observation with an error, unless it is already over: the error is notified now,
    /// or through the scheduler.
    private func fail(_ error: any Error, notifiesNow: Bool = false) {
        guard finish() else { return }
        observation.events.didFail?(error)
        if notifiesNow {
            onError(error)
        } else {
            scheduler.schedule { self.onError(error) }
        }
    }

    /// Stops the observation.
    func cancel() {
        if finish() { observation.events.didCancel?() }
    }

    /// Ends the observation: releases the database, and unregisters the observer. Returns whether
    /// the observation was not over yet.
    private func finish() -> Bool {
        let (isRunning, writer, registrationAction) = state.withLock { state in
            defer {
                state.writer = nil
                state.mode = nil
            }
            return (state.scheduling.finish(), state.writer, state.registration.cancel())
        }
        if registrationAction == .remove, let writer { remove(from: writer) }
        return isRunning
    }

    private func perform(_ action: FetchScheduling.Action, onWriter db: Database?) {
        switch action {
        case .none:
            break
        case .fetch:
            startFetch(onWriter: db)
        case .waitUntil(let time):
            let delay = max(0, time - Self.now())
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                self.perform(self.state.withLock { $0.scheduling.timerDidFire(now: Self.now()) }, onWriter: nil)
            }
        }
    }

    /// Sets the observed region; returns whether it changed.
    @discardableResult
    private func setRegion(_ region: DatabaseRegion) -> Bool {
        let isChanged = withRegistration { registration in
            defer { registration.region = region }
            return registration.region != region
        }
        if isChanged { observation.events.willTrackRegion?(region) }
        return isChanged
    }

    /// A committed transaction changed the region (the last one on the writer, `db`).
    func registeredRegionDidChange(in db: Database) {
        observation.events.databaseDidChange?()
        let commit = db.commitClock.commitCount
        perform(state.withLock { $0.scheduling.databaseDidChange(now: Self.now(), commit: commit) }, onWriter: db)
    }

    /// Seconds on a monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    // MARK: - Region change observer

    func withRegistration<T>(_ body: (inout ObserverRegistration) -> T) -> T {
        state.withLock { body(&$0.registration) }
    }
}
