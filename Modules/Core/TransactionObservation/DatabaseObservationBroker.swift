/// Tells the transaction observers of a connection what SQLite reports through its hooks: the
/// changes of rows, commits and rollbacks. It also counts the commits on the database's
/// `CommitClock`.
///
/// The connection calls it before and after each statement (`statementWillExecute`,
/// `statementDidFinish`, `statementDidFail`), and SQLite calls its hooks while statements run. Only
/// connections that can write have one; read-only accesses tell observers nothing.
///
/// Observers are indexed by table: a statement costs the observers of the tables it may change
/// (as SQLite's authorizer reports them when it compiles the statement), plus the observers that
/// do not tell their region, and no observer at all when it changes nothing.
final class DatabaseObservationBroker {
    private unowned let database: Database
    private let api: SQLiteAPI
    private let clock: CommitClock

    /// Every registered observation, in the order of registration.
    private var observations: [TransactionObservation] = []
    /// The region observations, by the tables of their region, each list in registration order.
    private var observationsByTable: [String: [TransactionObservation]] = [:]
    /// The observations that must be asked about every statement: those without a region, and
    /// those whose region is the full database.
    private var unindexedObservations: [TransactionObservation] = []
    private var nextSequence = 0
    /// Whether an observation was found dead (its observer deallocated): it is forgotten at the
    /// end of the transaction.
    private var hasDeadObservations = false

    /// Who is told of the changes of the running statement.
    private var dispatch: StatementDispatch?
    /// Incremented by each change of the registered observers or of their regions: the dispatch
    /// that a statement keeps is valid for one generation.
    private var generation = 0
    /// The changes made inside savepoints, not told yet.
    private var savepoints = SavepointStack<BufferedChange>()
    /// How the current transaction ends, as the commit and rollback hooks tell it.
    private var completion = Completion.none
    /// The region observations told of a change in the current transaction.
    private var touchedObservations: [TransactionObservation] = []
    /// The observations disabled until the end of the transaction.
    private var disabledObservations: [TransactionObservation] = []
    /// The observation whose change method runs, for `stopObservingDatabaseChangesUntilNextTransaction()`.
    private var notifiedObservation: TransactionObservation?
    /// What the current transaction may have changed, for the clock: the kinds of changes of its
    /// statements, and the regions given to `notifyChanges(in:)`.
    private var transactionEventKinds: [DatabaseEventKind] = []
    /// The kinds of changes of the last statement that ran (most transactions repeat one statement).
    private var lastEventKinds: [DatabaseEventKind] = []
    private var transactionNotifiedRegion = DatabaseRegion()
    /// Whether the update and pre-update hooks are registered (only while there are observers).
    private var hasChangeHooks = false

    private enum Completion {
        case none
        case commit
        case rollback
        /// An observer's `databaseWillCommit()` threw: SQLite rolls back, and the statement fails.
        case cancelledCommit(any Error)
    }

    /// A change made inside a savepoint, and the observations to tell once it is released (with the
    /// kinds of changes of its statement).
    private enum BufferedChange {
        case event(DatabaseEvent, StatementDispatch)
        case preUpdateEvent(DatabasePreUpdateEvent, StatementDispatch)
    }
    /// Whether the end of a transaction is being told: the end of a transaction that an observer
    /// runs meanwhile is told after, so that every observer learns the ends in order.
    private var isTellingTransactionEnd = false
    private var pendingTransactionEnds: [() -> Void] = []
    /// Whether an observer without a region is registered: only those are told of pre-update
    /// events (region observers do not want them).
    private var hasObserversWithoutRegion = false

    /// The number of registered observations whose observer is alive.
    var aliveObservationCount: Int { observations.count { $0.isAlive } }

    init(database: Database, clock: CommitClock) {
        self.database = database
        self.api = database.api
        self.clock = clock
        registerTransactionHooks()
    }

    // MARK: - Observers

    /// Whether an observer is registered.
    var hasObservers: Bool { !observations.isEmpty }

    func add(_ observer: some TransactionObserver, extent: Database.TransactionObservationExtent) {
        let observation = TransactionObservation(observer: observer, extent: extent, sequence: nextSequence)
        nextSequence += 1
        observations.append(observation)
        index(observation)
        generation += 1
        updateChangeHooks()
    }

    func remove(_ observer: some TransactionObserver) {
        guard let index = observations.firstIndex(where: { $0.isWrapping(observer) }) else { return }
        let observation = observations.remove(at: index)
        unindex(observation)
        generation += 1
        updateChangeHooks()
    }

    /// Indexes a region observer under the tables of its new region.
    func observedRegionDidChange(of observer: some DatabaseRegionObserver) {
        guard let observation = observations.first(where: { $0.isWrapping(observer) }) else { return }
        unindex(observation)
        observation.region = observer.observedRegion
        index(observation)
        generation += 1
    }

    /// Whether an observer observes the deletions of a table: SQLite must then delete its rows one
    /// by one, and report each, instead of truncating the table.
    func observesDeletions(on table: String) -> Bool {
        let eventKind = DatabaseEventKind.delete(tableName: table)
        return (observationsByTable[table.normalizedIdentifier] ?? []).contains { $0.isAlive && $0.observes(eventKind) }
            || unindexedObservations.contains { $0.observes(eventKind) }
    }

    private func index(_ observation: TransactionObservation) {
        guard let tables = observation.region?.tableNames else {
            unindexedObservations.insertSorted(observation)
            return
        }
        for table in tables {
            observationsByTable[table, default: []].insertSorted(observation)
        }
    }

    private func unindex(_ observation: TransactionObservation) {
        unindexedObservations.removeAll { $0 === observation }
        for table in observation.region?.tableNames ?? [] {
            observationsByTable[table]?.removeAll { $0 === observation }
            if observationsByTable[table]?.isEmpty == true { observationsByTable[table] = nil }
        }
    }

    /// Forgets the observations whose observer is gone.
    private func removeDeadObservations() {
        guard hasDeadObservations else { return }
        hasDeadObservations = false
        for observation in observations where !observation.isAlive {
            unindex(observation)
        }
        observations.removeAll { !$0.isAlive }
        generation += 1
        updateChangeHooks()
    }

    // MARK: - Statements

    /// Called before a statement runs: finds the observations to tell of its changes.
    func statementWillExecute(_ statement: Statement) {
        let eventKinds = statement.databaseEventKinds
        guard !eventKinds.isEmpty else {
            dispatch = nil
            return
        }
        recordTransactionChanges(eventKinds)
        guard !observations.isEmpty, !database.isReadOnlyAccess else {
            dispatch = nil
            return
        }
        if let kept = statement.observationDispatch, kept.generation == generation {
            dispatch = kept
            return
        }
        var asksObservers = false
        let statementObservations = candidates(for: eventKinds).compactMap { observation -> StatementObservation? in
            guard observation.isAlive else {
                hasDeadObservations = true
                return nil
            }
            if observation.region == nil { asksObservers = true }
            if eventKinds.count == 1 {
                // One kind of change: each change the statement makes is of this kind.
                return observation.observes(eventKinds[0])
                    ? StatementObservation(observation: observation, observedKinds: nil) : nil
            }
            // Several kinds (triggers, foreign key actions): the observation only wants some.
            let observedKinds = eventKinds.filter(observation.observes)
            return observedKinds.isEmpty
                ? nil : StatementObservation(observation: observation, observedKinds: observedKinds)
        }
        let newDispatch = StatementDispatch(
            generation: generation, statementKinds: eventKinds, observations: statementObservations)
        // The answers of observers without a region (`observes(eventsOfKind:)`) are asked anew.
        statement.observationDispatch = asksObservers ? nil : newDispatch
        dispatch = newDispatch
    }

    /// Adds the kinds of changes of a statement to those of the transaction, for the clock. Most
    /// transactions run statements of one kind: the statement's array is then shared.
    private func recordTransactionChanges(_ eventKinds: [DatabaseEventKind]) {
        if transactionEventKinds.isEmpty {
            transactionEventKinds = eventKinds
            lastEventKinds = eventKinds
        } else if eventKinds != lastEventKinds {
            lastEventKinds = eventKinds
            for eventKind in eventKinds where !transactionEventKinds.contains(eventKind) {
                transactionEventKinds.append(eventKind)
            }
        }
    }

    /// The observations that may want the changes of these kinds, in registration order.
    private func candidates(for eventKinds: [DatabaseEventKind]) -> [TransactionObservation] {
        var lists: [[TransactionObservation]] = []
        if !unindexedObservations.isEmpty { lists.append(unindexedObservations) }
        var tables: Set<String> = []
        for eventKind in eventKinds {
            let table = eventKind.tableName.normalizedIdentifier
            if tables.insert(table).inserted, let list = observationsByTable[table] { lists.append(list) }
        }
        switch lists.count {
        case 0: return []
        case 1: return lists[0]
        default:
            var merged = lists.joined().sorted { $0.sequence < $1.sequence }
            merged.removeAdjacentDuplicates()
            return merged
        }
    }

    /// Called after a statement ran to its end. Tells observers how the transaction ended, if it did.
    ///
    /// - throws: The error of an observer's `databaseWillCommit()`, when a statement that commits
    ///   a transaction that SQLite did not see (`BEGIN; COMMIT`) is refused.
    func statementDidFinish(_ statement: Statement) throws {
        dispatch = nil
        if let effect = statement.transactionEffect {
            switch effect {
            case .beginTransaction:
                break
            case .commitTransaction:
                if case .none = completion {
                    // BEGIN DEFERRED; COMMIT: SQLite began no transaction, and calls no hook. The
                    // code did, and observers are told of it as of any other.
                    try commitTransactionWithoutChanges()
                    return
                }
            case .rollbackTransaction:
                if case .none = completion {
                    rollback()
                    return
                }
            case .beginSavepoint(let name):
                savepoints.begin(name)
            case .releaseSavepoint(let name):
                let changes = savepoints.release(name)
                if case .none = completion, !database.isInsideTransaction {
                    // SAVEPOINT x; RELEASE x, without a change: as BEGIN; COMMIT.
                    tell(changes)
                    try commitTransactionWithoutChanges()
                    return
                }
                tell(changes)
            case .rollbackSavepoint(let name):
                savepoints.rollback(to: name)
            }
        }
        try endTransactionIfCompleted()
    }

    /// Called after a statement failed: SQLite may have rolled back the transaction.
    ///
    /// - returns: The error to throw: an observer's error, when it refused the commit.
    func statementDidFail(_ statement: Statement, error: any Error) -> any Error {
        dispatch = nil
        do {
            try endTransactionIfCompleted()
            return error
        } catch let observerError {
            return observerError
        }
    }

    private func endTransactionIfCompleted() throws {
        let completion = self.completion
        self.completion = .none
        switch completion {
        case .none:
            break
        case .commit:
            commit()
        case .rollback:
            rollback()
        case .cancelledCommit(let error):
            rollback()
            throw error
        }
    }

    // MARK: - Changes

    /// Tells observers of the changes of a region that SQLite did not report.
    func notifyChanges(in region: DatabaseRegion) throws {
        guard !database.isReadOnlyAccess else { return }
        transactionNotifiedRegion.formUnion(region)
        var eventKinds: [DatabaseEventKind]?
        for observation in observations where observation.isEnabled {
            let isModified = try observation.isModified(by: region) {
                if let eventKinds { return eventKinds }
                let kinds = try database.eventKinds(modifying: region)
                eventKinds = kinds
                return kinds
            }
            guard isModified, let observer = observation.observer else { continue }
            touch(observation)
            notifying(observation) { observer.databaseDidChange() }
        }
    }

    /// Called by the update hook.
    private func databaseDidChange(
        kind: DatabaseEvent.Kind, databaseName: UnsafePointer<CChar>?, tableName: UnsafePointer<CChar>?,
        rowID: Int64
    ) {
        guard let dispatch, !dispatch.isEmpty, let databaseName, let tableName else { return }
        let event = DatabaseEvent(
            kind: kind, databaseName: String(cString: databaseName), tableName: String(cString: tableName),
            rowID: rowID)
        if savepoints.isEmpty {
            tell(event, with: dispatch)
        } else {
            savepoints.append(.event(event, dispatch))
        }
    }

    /// Called by the pre-update hook, registered only while an observer without a region is.
    private func databaseWillChange(
        kind: DatabaseEvent.Kind, databaseName: UnsafePointer<CChar>?, tableName: UnsafePointer<CChar>?,
        initialRowID: Int64, finalRowID: Int64
    ) {
        guard let dispatch, dispatch.observations.contains(where: { $0.observation.region == nil }),
            let databaseName, let tableName
        else { return }
        let event = DatabasePreUpdateEvent(
            kind: kind, databaseName: String(cString: databaseName), tableName: String(cString: tableName),
            initialRowID: initialRowID, finalRowID: finalRowID, api: api, connection: database.sqliteConnection)
        if savepoints.isEmpty {
            tell(event, with: dispatch)
        } else {
            savepoints.append(.preUpdateEvent(event.copy(), dispatch))
        }
    }

    private func tell(_ event: DatabaseEvent, with dispatch: StatementDispatch) {
        dispatch.forEachObservation(wanting: event.kind, tableName: event.tableName, rowID: event.rowID) {
            observation in
            guard observation.isEnabled, observation.accepts(event), let observer = observation.observer else {
                return
            }
            touch(observation)
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
            touch(observation)
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

    private func touch(_ observation: TransactionObservation) {
        guard !observation.isTouched else { return }
        observation.isTouched = true
        touchedObservations.append(observation)
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
        guard let observation = notifiedObservation, observation.isEnabled else { return }
        observation.isEnabled = false
        disabledObservations.append(observation)
    }

    // MARK: - Transaction end

    /// Called by the commit hook, before SQLite commits: tells the changes made in savepoints, and
    /// asks observers whether the transaction may commit.
    private func transactionWillCommit() -> Bool {
        tell(savepoints.commit())
        if !database.isReadOnlyAccess {
            do {
                for observation in observationsToldOfTransactionEnd() {
                    try observation.observer?.databaseWillCommit()
                }
            } catch {
                completion = .cancelledCommit(error)
                return false
            }
        }
        completion = .commit
        clock.commitWillBegin()
        return true
    }

    /// Called by the rollback hook.
    private func transactionDidRollback() {
        if case .cancelledCommit = completion { return }
        if case .commit = completion { clock.commitDidFail() }
        completion = .rollback
    }

    /// A transaction that SQLite did not see ends with COMMIT: observers are asked and told as for
    /// any other. When `notifyChanges(in:)` told of changes, it counts as a commit.
    private func commitTransactionWithoutChanges() throws {
        guard !database.isReadOnlyAccess else { return }
        let isAccepted = transactionWillCommit()
        if case .cancelledCommit(let error) = completion {
            completion = .none
            rollback()
            throw error
        }
        completion = .none
        assert(isAccepted)
        if transactionNotifiedRegion.isEmpty {
            clock.commitDidFail()
            commit(isCounted: false)
        } else {
            commit(isCounted: true)
        }
    }

    /// Ends a committed transaction; `isCounted` is false for a transaction without changes.
    private func commit(isCounted: Bool = true) {
        savepoints.rollback()
        let eventKinds = transactionEventKinds
        let notifiedRegion = transactionNotifiedRegion
        resetTransactionChanges()
        if isCounted { clock.commitDidEnd(eventKinds: eventKinds, notifiedRegion: notifiedRegion) }
        let database = self.database
        endTransaction { $0.databaseDidCommit(database) }
    }

    private func rollback() {
        savepoints.rollback()
        resetTransactionChanges()
        let database = self.database
        endTransaction { $0.databaseDidRollback(database) }
    }

    private func resetTransactionChanges() {
        transactionEventKinds = []
        lastEventKinds = []
        transactionNotifiedRegion = DatabaseRegion()
    }

    /// The observations told of the end of the transaction, in registration order: those without a
    /// region, and the region observers that were told of a change.
    private func observationsToldOfTransactionEnd() -> [TransactionObservation] {
        let generic = unindexedObservations.filter { $0.region == nil }
        let touched = touchedObservations.filter { $0.region != nil }
        if touched.isEmpty { return generic }
        return (generic + touched).sorted { $0.sequence < $1.sequence }
    }

    /// Tells the end of the transaction to the observers without a region, and to the region
    /// observers that were told of a change; then forgets the observers whose extent is over, and
    /// enables the disabled ones.
    ///
    /// Observers may run statements, and transactions, from these calls: the state of this
    /// transaction is reset before, and the end of a transaction they run is told after every
    /// observer was told of this one.
    private func endTransaction(_ tell: @escaping (TransactionObservation) -> Void) {
        let isReadOnly = database.isReadOnlyAccess
        let told = isReadOnly ? [] : observationsToldOfTransactionEnd()
        // The observers of the next transaction are forgotten after it, but for a read-only access,
        // which is not the transaction they wait for.
        let ending = isReadOnly ? [] : observations.filter { $0.extent == .nextTransaction }
        for observation in touchedObservations { observation.isTouched = false }
        touchedObservations = []
        for observation in disabledObservations { observation.isEnabled = true }
        disabledObservations = []
        let tellEnd = { [unowned self] in
            for observation in told { tell(observation) }
            // The observers of the next transaction that were not told are forgotten too; those
            // registered by the calls above stay for the next one.
            for observation in ending {
                observation.releaseObserver()
                hasDeadObservations = true
            }
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

    // MARK: - Hooks

    private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func broker(_ context: UnsafeMutableRawPointer?) -> DatabaseObservationBroker {
        Unmanaged<DatabaseObservationBroker>.fromOpaque(context!).takeUnretainedValue()
    }

    private func registerTransactionHooks() {
        let connection = database.sqliteConnection
        _ = api.commit_hook(
            connection, { DatabaseObservationBroker.broker($0).transactionWillCommit() ? 0 : 1 }, context)
        _ = api.rollback_hook(connection, { DatabaseObservationBroker.broker($0).transactionDidRollback() }, context)
    }

    /// Registers the update hook while there are observers, and the pre-update hook while there are
    /// observers without a region (region observers do not want pre-update events): without
    /// observers, SQLite reports no change.
    private func updateChangeHooks() {
        let connection = database.sqliteConnection
        let needsUpdateHook = !observations.isEmpty
        if needsUpdateHook != hasChangeHooks {
            hasChangeHooks = needsUpdateHook
            if needsUpdateHook {
                _ = api.update_hook(
                    connection,
                    { context, operation, databaseName, tableName, rowID in
                        guard let kind = DatabaseEvent.Kind(rawValue: operation) else { return }
                        DatabaseObservationBroker.broker(context).databaseDidChange(
                            kind: kind, databaseName: databaseName, tableName: tableName, rowID: rowID)
                    }, context)
            } else {
                _ = api.update_hook(connection, nil, nil)
            }
        }
        let needsPreupdateHook = observations.contains { $0.region == nil }
        if needsPreupdateHook != hasObserversWithoutRegion, let preupdateHook = api.preupdate_hook {
            if needsPreupdateHook {
                _ = preupdateHook(
                    connection,
                    { context, _, operation, databaseName, tableName, initialRowID, finalRowID in
                        guard let kind = DatabaseEvent.Kind(rawValue: operation) else { return }
                        DatabaseObservationBroker.broker(context).databaseWillChange(
                            kind: kind, databaseName: databaseName, tableName: tableName, initialRowID: initialRowID,
                            finalRowID: finalRowID)
                    }, context)
            } else {
                _ = preupdateHook(connection, nil, nil)
            }
        }
        hasObserversWithoutRegion = needsPreupdateHook
    }

    /// Unregisters every hook, before the connection closes.
    func unregisterHooks() {
        let connection = database.sqliteConnection
        _ = api.commit_hook(connection, nil, nil)
        _ = api.rollback_hook(connection, nil, nil)
        _ = api.update_hook(connection, nil, nil)
        _ = api.preupdate_hook?(connection, nil, nil)
        hasChangeHooks = false
        hasObserversWithoutRegion = false
    }
}

extension Array where Element == TransactionObservation {
    /// Inserts an observation at its place in registration order.
    fileprivate mutating func insertSorted(_ observation: TransactionObservation) {
        let index = firstIndex { $0.sequence > observation.sequence } ?? endIndex
        insert(observation, at: index)
    }

    /// Removes the observations that repeat the previous one (the array is sorted).
    fileprivate mutating func removeAdjacentDuplicates() {
        var previous: TransactionObservation?
        removeAll { observation in
            defer { previous = observation }
            return observation === previous
        }
    }
}
