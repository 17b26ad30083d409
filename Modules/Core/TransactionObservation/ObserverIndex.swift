/// The transaction observers of a connection, indexed by the tables of their regions, and who heard
/// of the current transaction: a value that the observation broker keeps and asks who is told what.
///
/// Observations are kept in registration order, the order observers are told in. A region observer
/// is indexed under the tables of its region; the others (without a region, or whose region is the
/// full database) are asked about every statement. A statement then costs the observers of the
/// tables it may change, and none when it changes nothing.
///
/// Observers hear of the end of a transaction when they have no region (they are told of every
/// end), or when they were told of a change in it. An observer whose extent is the next transaction
/// is forgotten once it ends, as is an observer found deallocated.
struct ObserverIndex {
    /// Every registered observation, in registration order.
    private(set) var observations: [TransactionObservation] = []
    /// The region observations, by the lowercased tables of their region, each in registration order.
    private var observationsByTable: [String: [TransactionObservation]] = [:]
    /// The observations asked about every statement, in registration order.
    private var unindexedObservations: [TransactionObservation] = []
    private var nextSequence = 0
    /// Incremented by each change of the observations or of their regions: a `StatementDispatch`
    /// is valid for the generation it was built for.
    private(set) var generation = 0
    /// Whether an observation was found dead: it is forgotten at the end of the transaction.
    private var hasDeadObservations = false
    /// The region observations told of a change in the current transaction.
    private var touchedObservations: [TransactionObservation] = []
    /// The observations disabled until the end of the transaction.
    private var disabledObservations: [TransactionObservation] = []
    /// The observations whose extent is the next transaction, in registration order: not looked for
    /// among all observations at each commit.
    private var nextTransactionObservations: [TransactionObservation] = []

    /// Whether no observer is registered.
    var isEmpty: Bool { observations.isEmpty }

    /// The number of registered observations whose observer is alive.
    var aliveCount: Int { observations.count { $0.isAlive } }

    /// Whether an observer without a region is registered: only those are told of pre-update events.
    var hasObserversWithoutRegion: Bool { observations.contains { $0.region == nil } }

    // MARK: - Registration

    /// Registers an observer, told after those registered before.
    mutating func add(_ observer: some TransactionObserver, extent: Database.TransactionObservationExtent) {
        let observation = TransactionObservation(observer: observer, extent: extent, sequence: nextSequence)
        nextSequence += 1
        observations.append(observation)
        if extent == .nextTransaction { nextTransactionObservations.append(observation) }
        index(observation)
        generation += 1
    }

    /// Unregisters an observer. Returns whether it was registered.
    mutating func remove(_ observer: some TransactionObserver) -> Bool {
        guard let position = observations.firstIndex(where: { $0.isWrapping(observer) }) else { return false }
        let observation = observations.remove(at: position)
        unindex(observation)
        nextTransactionObservations.removeAll { $0 === observation }
        generation += 1
        return true
    }

    /// Indexes a region observer under the tables of its new region.
    mutating func observedRegionDidChange(of observer: some DatabaseRegionObserver) {
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

    private mutating func index(_ observation: TransactionObservation) {
        guard let tables = observation.region?.tableNames else {
            unindexedObservations.insertSorted(observation)
            return
        }
        for table in tables {
            observationsByTable[table, default: []].insertSorted(observation)
        }
    }

    private mutating func unindex(_ observation: TransactionObservation) {
        unindexedObservations.removeAll { $0 === observation }
        for table in observation.region?.tableNames ?? [] {
            observationsByTable[table]?.removeAll { $0 === observation }
            if observationsByTable[table]?.isEmpty == true { observationsByTable[table] = nil }
        }
    }

    // MARK: - Statements

    /// Who is told of the changes of a statement that may make these kinds of changes (not empty),
    /// and whether the statement may keep the dispatch for its next runs (it may not when an
    /// observer without a region was asked: its answers are asked anew each time).
    mutating func dispatch(for eventKinds: [DatabaseEventKind]) -> (dispatch: StatementDispatch, isReusable: Bool) {
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
        let dispatch = StatementDispatch(
            generation: generation, statementKinds: eventKinds, observations: statementObservations)
        return (dispatch, !asksObservers)
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

    // MARK: - The current transaction

    /// Records that an observation was told of a change: a region observer then hears of the end of
    /// the transaction.
    mutating func touch(_ observation: TransactionObservation) {
        guard !observation.isTouched else { return }
        observation.isTouched = true
        touchedObservations.append(observation)
    }

    /// Stops telling an observation of changes until the transaction ends.
    mutating func disable(_ observation: TransactionObservation) {
        guard observation.isEnabled else { return }
        observation.isEnabled = false
        disabledObservations.append(observation)
    }

    /// The observations told of the end of the transaction, in registration order: those without a
    /// region, and the region observers that were told of a change.
    func observationsToldOfTransactionEnd() -> [TransactionObservation] {
        let generic = unindexedObservations.filter { $0.region == nil }
        let touched = touchedObservations.filter { $0.region != nil }
        if touched.isEmpty { return generic }
        if generic.isEmpty && touched.count == 1 { return touched }
        return (generic + touched).sorted { $0.sequence < $1.sequence }
    }

    /// The transaction ends: returns who is told of it, and the observers of the next transaction,
    /// which end with it (none for a read-only access, which is not the transaction they wait for).
    /// The observations are enabled again, and untouched.
    mutating func transactionDidEnd(isReadOnly: Bool) -> (
        told: [TransactionObservation], ending: [TransactionObservation]
    ) {
        let told = isReadOnly ? [] : observationsToldOfTransactionEnd()
        let ending = isReadOnly ? [] : nextTransactionObservations
        for observation in touchedObservations { observation.isTouched = false }
        touchedObservations = []
        for observation in disabledObservations { observation.isEnabled = true }
        disabledObservations = []
        return (told, ending)
    }

    /// Forgets the observers of these observations: their extent is over.
    mutating func release(_ endingObservations: [TransactionObservation]) {
        for observation in endingObservations {
            observation.releaseObserver()
            hasDeadObservations = true
        }
    }

    /// Forgets the observations whose observer is gone. Returns whether some were.
    mutating func removeDeadObservations() -> Bool {
        guard hasDeadObservations else { return false }
        hasDeadObservations = false
        for observation in observations where !observation.isAlive {
            unindex(observation)
        }
        observations.removeAll { !$0.isAlive }
        nextTransactionObservations.removeAll { !$0.isAlive }
        generation += 1
        return true
    }
}

extension Array where Element == TransactionObservation {
    /// Inserts an observation at its place in registration order.
    fileprivate mutating func insertSorted(_ observation: TransactionObservation) {
        // A new observation comes last: registering many observers is not quadratic.
        if last.map({ $0.sequence < observation.sequence }) ?? true { return append(observation) }
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
