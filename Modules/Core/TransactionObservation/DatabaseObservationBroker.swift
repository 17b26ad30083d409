import Dispatch

/// Tells the transaction observers of a connection what SQLite reports through its hooks: the
/// changes of rows, commits and rollbacks. It also counts the commits on the database's
/// `CommitClock`.
///
/// The connection calls it before and after each statement (`statementWillExecute`,
/// `statementDidFinish`, `statementDidFail`), and SQLite calls its hooks while statements run. Only
/// connections that can write have one; read-only accesses tell observers nothing.
///
/// The broker is the layer that does the I/O: it installs SQLite's hooks, and calls observers. What
/// it decides is kept by two value types: `ObserverIndex` (who is told of a statement's changes and
/// of a transaction's end), and `TransactionLifecycle` (when the changes made in savepoints are
/// told, and how a transaction ends).
final class DatabaseObservationBroker {
    private unowned let database: Database
    let api: SQLiteAPI
    private let clock: CommitClock
    /// The registered observers, and who heard of the current transaction.
    private var index = ObserverIndex()
    /// The current transaction: how it ends, and the changes made inside savepoints.
    // Unchecked exclusivity: the broker runs on the thread of its connection's current access, and
    // the lifecycle's methods call no code outside of it (no observer, no hook), so that its
    // accesses cannot overlap; the dynamic checks of each statement cost more than the calls.
    @exclusivity(unchecked) private var lifecycle = TransactionLifecycle<BufferedChange>()
    /// Who is told of the changes of the running statement.
    private var dispatch: StatementDispatch?
    /// The observation whose change method runs, for `stopObservingDatabaseChangesUntilNextTransaction()`.
    private var notifiedObservation: TransactionObservation?
    /// Whether the end of a transaction is being told: the end of a transaction that an observer
    /// runs meanwhile is told after, so that every observer learns the ends in order.
    private var isTellingTransactionEnd = false
    private var pendingTransactionEnds: [() -> Void] = []
    /// Whether the update hook is registered (only while there are observers).
    var hasChangeHooks = false
    /// Whether the pre-update hook is registered (only while an observer without a region is).
    var hasPreUpdateHook = false
    /// When the last commit ended (`DispatchTime.uptimeNanoseconds`), or 0.
    private(set) var lastCommitUptime: UInt64 = 0

    /// A change made inside a savepoint, and the observations to tell once it is released.
    private enum BufferedChange {
        case event(DatabaseEvent, StatementDispatch)
        case preUpdateEvent(DatabasePreUpdateEvent, StatementDispatch)
    }

    /// The number of registered observations whose observer is alive.
    var aliveObservationCount: Int { index.aliveCount }

    /// Whether an observer is registered.
    var hasObservers: Bool { !index.isEmpty }

    init(database: Database, clock: CommitClock) {
        self.database = database
        self.api = database.api
        self.clock = clock
        registerTransactionHooks()
    }

    /// The connection of the hooks.
    var connection: OpaquePointer { database.sqliteConnection }

    // MARK: - Observers

    func add(_ observer: some TransactionObserver, extent: Database.TransactionObservationExtent) {
        index.add(observer, extent: extent)
        updateChangeHooks(hasObservers: true, hasObserversWithoutRegion: index.hasObserversWithoutRegion)
    }

    func remove(_ observer: some TransactionObserver) {
        guard index.remove(observer) else { return }
        updateChangeHooks(hasObservers: !index.isEmpty, hasObserversWithoutRegion: index.hasObserversWithoutRegion)
    }

    /// Indexes a region observer under the tables of its new region.
    func observedRegionDidChange(of observer: some DatabaseRegionObserver) {
        index.observedRegionDidChange(of: observer)
    }

    /// Whether an observer observes the deletions of a table: SQLite must then delete its rows one
    /// by one, and report each, instead of truncating the table.
    func observesDeletions(on table: String) -> Bool {
        index.observesDeletions(on: table)
    }

    // MARK: - Statements

    /// Called before a statement runs: finds the observations to tell of its changes.
    func statementWillExecute(_ statement: Statement) {
        let eventKinds = statement.databaseEventKinds
        guard !eventKinds.isEmpty else {
            dispatch = nil
            return
        }
        lifecycle.statementWillRun(changing: eventKinds)
        guard !index.isEmpty, !database.isReadOnlyAccess else {
            dispatch = nil
            return
        }
        if let kept = statement.observationDispatch, kept.generation == index.generation {
            dispatch = kept
            return
        }
        let (newDispatch, isReusable) = index.dispatch(for: eventKinds)
        statement.observationDispatch = isReusable ? newDispatch : nil
        dispatch = newDispatch
    }

    /// Called after a statement ran to its end. Tells observers how the transaction ended, if it did.
    ///
    /// - throws: The error of an observer's `databaseWillCommit()`, when a statement that commits
    ///   a transaction that SQLite did not see (`BEGIN; COMMIT`) is refused.
    func statementDidFinish(_ statement: Statement) throws {
        dispatch = nil
        // Most statements neither touch the transaction nor end it.
        guard statement.transactionEffect != nil || lifecycle.hasRecordedEnd else { return }
        let outcome = lifecycle.statementDidFinish(
            statement.transactionEffect, isInsideTransaction: { database.isInsideTransaction })
        tell(outcome.changesToTell)
        if let ending = outcome.ending { try end(ending) }
    }

    /// Called after a statement failed: SQLite may have rolled back the transaction.
    ///
    /// - returns: The error to throw: an observer's error, when it refused the commit.
    func statementDidFail(_ statement: Statement, error: any Error) -> any Error {
        dispatch = nil
        guard let ending = lifecycle.statementDidFail() else { return error }
        do {
            try end(ending)
            return error
        } catch let observerError {
            return observerError
        }
    }

    // MARK: - Changes

    /// Tells observers of the changes of a region that SQLite did not report.
    func notifyChanges(in region: DatabaseRegion) throws {
        try tellChanges(in: region) { try database.eventKinds(modifying: region) }
    }

    /// Tells observers that other connections committed (see `Database.noticeOutsideCommits()`): as
    /// a transaction of this connection that changed the whole database, told at once, or at the
    /// end of the transaction that is open.
    func outsideCommitsWereNoticed() {
        // The observers without a region are asked about the tables of the schema; when it cannot
        // be read, only region observers can be told.
        tellChanges(in: .fullDatabase) { (try? database.eventKinds(modifying: .fullDatabase)) ?? [] }
        guard !database.isInsideTransaction, !database.isReadOnlyAccess else { return }
        endCommit(lifecycle.outsideCommitsWereNoticed())
    }

    /// Tells the observers whose region meets `region` (`eventKinds` gives its changes, for the
    /// observers without a region) that it changed.
    private func tellChanges(
        in region: DatabaseRegion, eventKinds makeEventKinds: () throws -> [DatabaseEventKind]
    ) rethrows {
        guard !database.isReadOnlyAccess else { return }
        lifecycle.changesWereNotified(in: region)
        var eventKinds: [DatabaseEventKind]?
        for observation in index.observations where observation.isEnabled {
            let isModified = try observation.isModified(by: region) {
                if let eventKinds { return eventKinds }
                let kinds = try makeEventKinds()
                eventKinds = kinds
                return kinds
            }
            guard isModified, let observer = observation.observer else { continue }
            index.touch(observation)
            notifying(observation) { observer.databaseDidChange() }
        }
    }

    /// Called by the update hook.
    func databaseDidChange(
        kind: DatabaseEvent.Kind, databaseName: UnsafePointer<CChar>?, tableName: UnsafePointer<CChar>?,
        rowID: Int64
    ) {
        guard let dispatch, !dispatch.isEmpty, let databaseName, let tableName else { return }
        let event = DatabaseEvent(
            kind: kind, databaseName: String(cString: databaseName), tableName: String(cString: tableName),
            rowID: rowID)
        if lifecycle.keepsChanges {
            lifecycle.keep(.event(event, dispatch))
        } else {
            tell(event, with: dispatch)
        }
    }

    /// Called by the pre-update hook, registered only while an observer without a region is.
    func databaseWillChange(
        kind: DatabaseEvent.Kind, databaseName: UnsafePointer<CChar>?, tableName: UnsafePointer<CChar>?,
        initialRowID: Int64, finalRowID: Int64
    ) {
        guard let dispatch, dispatch.observations.contains(where: { $0.observation.region == nil }),
            let databaseName, let tableName
        else { return }
        let event = DatabasePreUpdateEvent(
            kind: kind, databaseName: String(cString: databaseName), tableName: String(cString: tableName),
            initialRowID: initialRowID, finalRowID: finalRowID, api: api, connection: database.sqliteConnection)
        if lifecycle.keepsChanges {
            lifecycle.keep(.preUpdateEvent(event.copy(), dispatch))
        } else {
            tell(event, with: dispatch)
        }
    }

    private func tell(_ event: DatabaseEvent, with dispatch: StatementDispatch) {
        dispatch.forEachObservation(wanting: event.kind, tableName: event.tableName, rowID: event.rowID) {
            observation in
            guard observation.isEnabled, observation.accepts(event), let observer = observation.observer else {
                return
            }
            index.touch(observation)
            notifying(observation) { observer.databaseDidChange(with: event) }
        }
    }

    private func tell(_ event: DatabasePreUpdateEvent, with dispatch: StatementDispatch) {
        for statementObservation in dispatch.observations where statementObservation.observation.region == nil {
            let observation = statementObservation.observation
            guard observation.isEnabled,
                statementObservation.tracks(event.kind, event.tableName, dispatch.statementKinds),
                let observer = observation.observer
            else { continue }
            index.touch(observation)
            notifying(observation) { observer.databaseWillChange(with: event) }
        }
    }

    private func tell(_ changes: [BufferedChange]) {
        for change in changes {
            switch change {
            case .event(let event, let dispatch): tell(event, with: dispatch)
            case .preUpdateEvent(let event, let dispatch): tell(event, with: dispatch)
            }
        }
    }

    private func notifying(_ observation: TransactionObservation, _ body: () -> Void) {
        let previous = notifiedObservation
        notifiedObservation = observation
        defer { notifiedObservation = previous }
        body()
    }

    /// Whether the change method of this observer runs.
    func isNotifying(_ observer: some TransactionObserver) -> Bool {
        notifiedObservation?.isWrapping(observer) == true
    }

    /// Stops telling the observer whose change method runs of changes, until the transaction ends.
    func disableCurrentObservationUntilNextTransaction() {
        guard let observation = notifiedObservation else { return }
        index.disable(observation)
    }

    // MARK: - Transaction end

    /// Called by the commit hook, before SQLite commits: tells the changes made in savepoints, and
    /// asks observers whether the transaction may commit.
    func transactionWillCommit() -> Bool {
        tell(lifecycle.commitWillBeAsked())
        var refusal: (any Error)?
        if !database.isReadOnlyAccess {
            do {
                for observation in index.observationsToldOfTransactionEnd() {
                    try observation.observer?.databaseWillCommit()
                }
            } catch {
                refusal = error
            }
        }
        guard lifecycle.commitWasAsked(refusal: refusal) else { return false }
        clock.commitWillBegin()
        return true
    }

    /// Called by the rollback hook.
    func transactionDidRollback() {
        if lifecycle.rollbackHookWasCalled() { clock.commitDidFail() }
    }

    private func end(_ ending: TransactionLifecycle<BufferedChange>.Ending) throws {
        let database = self.database
        switch ending {
        case .commit(let changes):
            endCommit(changes)
        case .rollback:
            endTransaction { $0.databaseDidRollback(database) }
        case .refusedCommit(let error):
            endTransaction { $0.databaseDidRollback(database) }
            throw error
        case .commitWithoutSQLite:
            // Observers are asked and told as for any other transaction.
            guard !database.isReadOnlyAccess else { return }
            _ = transactionWillCommit()
            try end(lifecycle.commitWithoutSQLiteWasAsked())
        }
    }

    /// Counts a commit with its changes (nil: a transaction without changes, whose commit began on
    /// the clock and failed), and tells observers.
    private func endCommit(_ changes: TransactionChanges?) {
        let database = self.database
        lastCommitUptime = DispatchTime.now().uptimeNanoseconds
        if let changes {
            clock.commitDidEnd(eventKinds: changes.eventKinds, notifiedRegion: changes.notifiedRegion)
        } else {
            clock.commitDidFail()
        }
        endTransaction { $0.databaseDidCommit(database) }
    }

    /// Tells the end of the transaction to the observers without a region, and to the region
    /// observers that were told of a change; then forgets the observers whose extent is over, and
    /// enables the disabled ones.
    ///
    /// Observers may run statements, and transactions, from these calls: the state of this
    /// transaction is reset before, and the end of a transaction they run is told after every
    /// observer was told of this one.
    private func endTransaction(_ tell: @escaping (TransactionObservation) -> Void) {
        let (told, ending) = index.transactionDidEnd(isReadOnly: database.isReadOnlyAccess)
        if told.isEmpty && ending.isEmpty {
            // Nobody to tell nor forget, the common case: nothing to defer either.
            if !isTellingTransactionEnd { removeDeadObservations() }
            return
        }
        let tellEnd = { [unowned self] in
            for observation in told { tell(observation) }
            // The observers of the next transaction that were not told are forgotten too; those
            // registered by the calls above stay for the next one.
            index.release(ending)
        }
        guard !isTellingTransactionEnd else {
            pendingTransactionEnds.append(tellEnd)
            return
        }
        isTellingTransactionEnd = true
        tellEnd()
        while !pendingTransactionEnds.isEmpty {
            pendingTransactionEnds.removeFirst()()
        }
        isTellingTransactionEnd = false
        removeDeadObservations()
    }

    /// Forgets the observers found deallocated, or whose extent is over.
    private func removeDeadObservations() {
        if index.removeDeadObservations() {
            updateChangeHooks(hasObservers: !index.isEmpty, hasObserversWithoutRegion: index.hasObserversWithoutRegion)
        }
    }
}
