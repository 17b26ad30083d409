import Dispatch
import RSCore

/// Runs one started `ValueObservation`: the thin layer that performs what its
/// `ValueObservationState` decides. It runs the fetches where the state says (on the writer, or on
/// readers), records their regions, registers the observer on the writer (see
/// `RegionChangeObserver`), arms the timers of the scheduling, and notifies values through the
/// scheduler.
///
/// With fetches on the writer, the initial fetch and the registration happen in one access, and
/// each later fetch runs right after the commit that changed the region, before any other write:
/// no commit is missed, none is seen twice. With fetches on readers, the initial value is fetched
/// and notified without waiting for the writer, and the registration on the writer compares the
/// snapshot of the fetch with the commits since, which the `CommitClock` keeps: it fetches again
/// only when one of them changed the region (no spurious duplicate of the initial value).
///
/// A runner keeps only what its run needs, not the `ValueObservation` (whose reducer factory and
/// other settings the start has used): thousands of idle observations cost their runners' bytes.
final class ValueObservationRunner<Reducer: ValueReducer, Scheduler: ValueObservationScheduler>:
    RegionChangeObserver, @unchecked Sendable
{
    // @unchecked Sendable: every mutable property is in `state`, under its lock, except `reducer`
    // and `fetchMemo`. The reducer is used only to reduce a fetched value
    // (`deliver(_:_:notifiesNow:)`), once per fetch, before the scheduling knows the fetch complete,
    // and the memo only while a fetch runs (`fetchValue`); the scheduling lets one fetch run at a
    // time, and starts the next one after that: the uses are ordered one after the other.
    private var reducer: Reducer
    /// What the last fetch prepared, which the next one reuses for identical requests.
    private var fetchMemo = FetchMemo()
    private let fetcher: @Sendable (Database) throws -> Reducer.Fetched
    /// The observation's tracking mode: the regions of `tracking(regions:fetch:)`.
    private let trackingMode: ValueObservationTrackingMode
    private let events: ValueObservationEvents?
    private let scheduler: Scheduler
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Reducer.Value) -> Void
    private let state: LockedValue<RunnerState>
    /// The observation's `requiresWriteAccess`.
    private let requiresWriteAccess: Bool

    init(
        observation: ValueObservation<Reducer>, writer: any DatabaseWriter, scheduler: Scheduler,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Reducer.Value) -> Void
    ) {
        self.reducer = observation.makeReducer()
        self.fetcher = reducer._makeFetcher()
        self.trackingMode = observation.trackingMode
        self.events = observation.events
        self.requiresWriteAccess = observation.requiresWriteAccess
        self.scheduler = scheduler
        self.onError = onError
        self.onChange = onChange
        let decisions = ValueObservationState(
            trackingMode: observation.trackingMode, minimumFetchInterval: observation.minimumFetchInterval)
        state = LockedValue(RunnerState(decisions: decisions, writer: writer))
    }

    private func withDecisions<T>(_ body: (inout ValueObservationState) -> T) -> T {
        state.withLock { body(&$0.decisions) }
    }

    private var isFinished: Bool { withDecisions { $0.scheduling.isFinished } }

    // MARK: - Fetches

    /// Starts the observation: fetches and notifies the initial value, and registers the observer.
    /// With an immediate scheduler, the initial value (or error) is notified before it returns.
    func start() {
        guard let writer = state.withLock({ $0.writer }),
            withDecisions({ $0.scheduling.start(now: Self.now()) }) == .fetch
        else { return }
        guard scheduler.immediateInitialValue() else {
            return access(writer, forWriting: requiresWriteAccess) { result in
                self.fetchAndDeliver(in: result, nil)
            }
        }
        var report = FetchReport()
        let value: Reducer.Fetched
        do {
            value =
                try requiresWriteAccess
                ? writer._writeAccess { db in try fetch(db, nil, report: &report) }
                : writer.read { db in try fetch(db, nil, report: &report) }
        } catch {
            return fail(error, notifiesNow: true)
        }
        deliver(value, report, notifiesNow: true)
    }

    /// Starts a fetch after a change: in `db`, the writer's connection right after a commit, when
    /// the state says the fetch runs on the writer; in a new access otherwise.
    private func startFetch(onWriter db: Database?) {
        let secondsSinceCommit = db?.secondsSinceLastCommit
        guard
            let (writer, fetch) = state.withLock({ state in
                state.writer.flatMap { writer in
                    state.decisions.nextFetch(secondsSinceCommit: secondsSinceCommit).map { (writer, $0) }
                }
            })
        else { return }
        if fetch.connection == .writer, let db {
            return fetchAndDeliver(in: .success(db), fetch)
        }
        access(writer, forWriting: fetch.connection == .writer) { result in self.fetchAndDeliver(in: result, fetch) }
    }

    /// Runs a fetch (the initial one when `plan` is nil) in the access that `access` gives, then
    /// delivers its value; ends the observation with the error of the fetch, or of the access.
    ///
    /// The fetch path handles the fetched value without wrapping it in a generic type (a result,
    /// a tuple, a struct nested in this generic class): each would cost a lookup of its type
    /// metadata on each fetch.
    private func fetchAndDeliver(in access: Result<Database, any Error>, _ plan: ValueObservationState.Fetch?) {
        var report = FetchReport()
        let value: Reducer.Fetched
        do {
            value = try fetch(access.get(), plan, report: &report)
        } catch {
            return fail(error)
        }
        deliver(value, report)
    }

    /// Runs `body` in an asynchronous write access, or read, unless the observation ends first.
    /// The closure does not capture the writer: a reader thread may free it after the observation
    /// ended, and the writer would outlive its last reference for that instant.
    private func access(
        _ writer: any DatabaseWriter, forWriting: Bool,
        _ body: @escaping @Sendable (Result<Database, any Error>) -> Void
    ) {
        let unlessFinished: @Sendable (Result<Database, any Error>) -> Void = { result in
            if !self.isFinished { body(result) }
        }
        if forWriting {
            writer._asyncWriteAccess(unlessFinished)
        } else {
            writer.asyncRead(unlessFinished)
        }
    }

    /// Runs a fetch (the initial one, which chooses the connection of the later ones, when `plan` is
    /// nil), and registers the observer with the region it recorded when the state says so: at once
    /// on the writer, later from a reader.
    private func fetch(
        _ db: Database, _ plan: ValueObservationState.Fetch?, report: inout FetchReport
    ) throws -> Reducer.Fetched {
        let fetch = plan ?? withDecisions { $0.initialFetch(onWriterConnection: db.observesTransactions) }
        report.connection = fetch.connection
        var registers = false
        switch fetch.connection {
        case .writer:
            let value = try inWriterTransaction(db) {
                try fetchValue(db, fetch, report: &report, registers: &registers)
            }
            if registers { register(in: db) }
            return value
        case .reader:
            let snapshot = fetch.watchesCommits ? (watch: db.commitClock.watch(), position: db.snapshotPosition) : nil
            let value = try fetchValue(db, fetch, report: &report, registers: &registers)
            if registers, let snapshot { register(watch: snapshot.watch, position: snapshot.position) }
            return value
        }
    }

    /// Runs `body` on the writer: in a read-only transaction, or, with `requiresWriteAccess`, in a
    /// savepoint whose changes the observer ignores.
    private func inWriterTransaction<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard requiresWriteAccess else { return try db.readOnlyTransaction(body) }
        return try inIgnoredSavepoint(db, body)
    }

    /// Runs `body` in a savepoint whose changes the observer ignores. Apart from
    /// `inWriterTransaction`, so that a read-only fetch does not look up the metadata of `T?`.
    @inline(never)
    private func inIgnoredSavepoint<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        withRegistration { $0.ignoresChanges = true }
        defer { withRegistration { $0.ignoresChanges = false } }
        var result: T?
        try db.inSavepoint {
            result = try body()
            return .commit
        }
        return result!
    }

    /// Fetches a value, and records its region as the state says; `registers` tells whether the
    /// observer is registered with the recorded region.
    private func fetchValue(
        _ db: Database, _ fetch: ValueObservationState.Fetch, report: inout FetchReport, registers: inout Bool
    ) throws -> Reducer.Fetched {
        let start = Self.now()
        report.seenCommit = db.snapshotPosition.lowerBound
        let value: Reducer.Fetched
        switch fetch.recording {
        case .none:
            value = try db.withFetchMemo(&fetchMemo) { try fetcher(db) }
        case .constantRegion:
            // Known, and told (`willTrackRegion`), before the fetch runs.
            guard case .constantRegion(let regions) = trackingMode else {
                preconditionFailure("the state records the given regions of trackingConstantRegion only")
            }
            let region = try regions.reduce(DatabaseRegion()) { try $0.union($1.databaseRegion(db)) }
            registers = didRecord(region, in: fetch)
            value = try db.withFetchMemo(&fetchMemo) { try fetcher(db) }
        case .selection:
            var region = DatabaseRegion()
            value = try db.recordingSelection(&region) { try db.withFetchMemo(&fetchMemo) { try fetcher(db) } }
            registers = didRecord(region, in: fetch)
        }
        report.duration = Self.now() - start
        return value
    }

    /// Observes the region that a fetch recorded. Returns whether the observer is registered with it.
    private func didRecord(_ region: DatabaseRegion, in fetch: ValueObservationState.Fetch) -> Bool {
        let update = withDecisions { $0.fetchDidRecord(region, in: fetch) }
        if update.isNew { events?.willTrackRegion?(region) }
        return update.registers
    }

    /// Registers the observer on the writer with the region of a reader's fetch, and fetches again
    /// when the commits after the fetch's snapshot changed the region.
    private func register(watch: CommitClock.Watch, position: ClosedRange<Int>) {
        guard let writer = state.withLock({ $0.writer }) else { return }
        access(writer, forWriting: true) { result in
            switch result {
            case .success(let db):
                guard let region = self.register(in: db) else { return }
                let changes = watch.changes(sinceSnapshotAt: position)
                if ValueObservationState.needsFetch(afterRegistering: region, changesSinceSnapshot: changes) {
                    self.registeredRegionDidChange(in: db)
                }
            case .failure(let error):
                self.fail(error)
            }
        }
    }

    // MARK: - Notifications

    /// Reduces and notifies a fetched value, then does what the scheduling says; ends the
    /// observation with the error of a failed fetch.
    ///
    /// A value notified now (the start with an immediate scheduler) is notified once the scheduling
    /// knows the fetch complete: each transaction that `onChange` commits is then fetched and
    /// notified (later, through the scheduler), instead of being coalesced with the next ones. A
    /// value notified through the scheduler is scheduled before the next fetch can start, and the
    /// later values after it.
    private func deliver(_ fetched: Reducer.Fetched, _ report: FetchReport, notifiesNow: Bool = false) {
        guard !isFinished else { return }
        let value: Reducer.Value?
        do {
            value = try reducer._value(fetched)
        } catch {
            return fail(error, notifiesNow: notifiesNow)
        }
        let fetchDidComplete = {
            self.withDecisions {
                $0.fetchDidComplete(
                    now: Self.now(), seenCommit: report.seenCommit, duration: report.duration, on: report.connection)
            }
        }
        guard let value else { return perform(fetchDidComplete(), onWriter: nil) }
        if notifiesNow {
            let action = fetchDidComplete()
            onChange(value)
            perform(action, onWriter: nil)
        } else {
            scheduler.schedule {
                if !self.isFinished { self.onChange(value) }
            }
            perform(fetchDidComplete(), onWriter: nil)
        }
    }

    /// Ends the observation with an error, unless it is already over: the error is notified now,
    /// or through the scheduler.
    private func fail(_ error: any Error, notifiesNow: Bool = false) {
        guard finish() else { return }
        events?.didFail?(error)
        if notifiesNow {
            onError(error)
        } else {
            scheduler.schedule { self.onError(error) }
        }
    }

    /// Stops the observation.
    func cancel() {
        if finish() { events?.didCancel?() }
    }

    /// Ends the observation: releases the database, and unregisters the observer. Returns whether
    /// the observation was not over yet.
    private func finish() -> Bool {
        let (wasRunning, registration, writer) = state.withLock { state in
            defer { state.writer = nil }
            let (wasRunning, registration) = state.decisions.finish()
            return (wasRunning, registration, state.writer)
        }
        if registration == .remove, let writer { remove(from: writer) }
        return wasRunning
    }

    // MARK: - Scheduling

    private func perform(_ action: FetchScheduling.Action, onWriter db: Database?) {
        switch action {
        case .none:
            break
        case .fetch:
            startFetch(onWriter: db)
        case .waitUntil(let time):
            let delay = max(0, time - Self.now())
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                self.perform(self.withDecisions { $0.scheduling.timerDidFire(now: Self.now()) }, onWriter: nil)
            }
        }
    }

    /// A committed transaction changed the region (the last one on the writer, `db`).
    func registeredRegionDidChange(in db: Database) {
        events?.databaseDidChange?()
        let commit = db.commitClock.commitCount
        perform(withDecisions { $0.scheduling.databaseDidChange(now: Self.now(), commit: commit) }, onWriter: db)
    }

    /// Seconds on a monotonic clock.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    // MARK: - Region change observer

    func withRegistration<T>(_ body: (inout ObserverRegistration) -> T) -> T {
        withDecisions { body(&$0.registration) }
    }
}

/// The mutable state of a runner, under its lock. Outside of the generic runner, as `FetchReport`.
private struct RunnerState {
    var decisions: ValueObservationState
    /// The writer, until the observation ends: an observation retains its database.
    var writer: (any DatabaseWriter)?
}

/// What a fetch tells besides its value: the number of commits its snapshot held at least, how
/// long it took, in seconds, and on which connection. Outside of the generic runner: a type nested
/// there would be generic too, and cost a lookup of its metadata on each fetch.
private struct FetchReport {
    var seenCommit = 0
    var duration = 0.0
    var connection = ValueObservationState.Connection.writer
}
