extension Database {
    /// How long a transaction observer stays registered.
    public enum TransactionObservationExtent: Sendable {
        /// Until the observer is deallocated: the connection keeps a weak reference to it.
        case observerLifetime
        /// Until the next transaction ends (commits or rolls back).
        case nextTransaction
        /// Until the connection closes: the connection keeps a strong reference to the observer.
        case databaseLifetime
    }
}

/// A registered transaction observer, and what the connection knows of it.
///
/// The one-byte properties come last, after the words: a connection keeps one object per observer,
/// whose layout then fits in 80 bytes of the allocator instead of 96.
final class TransactionObservation {
    /// The order of registration: observers are told in that order.
    let sequence: Int
    private weak var weakObserver: (any TransactionObserver)?
    private var strongObserver: (any TransactionObserver)?
    /// The observed region of a `DatabaseRegionObserver`, as it was when indexed; nil for other
    /// observers, which are asked `observes(eventsOfKind:)`.
    var region: DatabaseRegion?
    let extent: Database.TransactionObservationExtent
    /// False from `stopObservingDatabaseChangesUntilNextTransaction()` until the transaction ends.
    var isEnabled = true
    /// Whether the observer was told of a change in the current transaction (region observers are
    /// told of its end only then).
    var isTouched = false

    init(observer: some TransactionObserver, extent: Database.TransactionObservationExtent, sequence: Int) {
        self.sequence = sequence
        self.extent = extent
        switch extent {
        case .observerLifetime: weakObserver = observer
        case .nextTransaction, .databaseLifetime: strongObserver = observer
        }
        region = (observer as? any DatabaseRegionObserver)?.observedRegion
    }

    /// The observer, unless it was deallocated or its extent is over.
    var observer: (any TransactionObserver)? { strongObserver ?? weakObserver }

    /// Whether the observer is still there.
    var isAlive: Bool { observer != nil }

    /// Whether the observation wraps this observer.
    func isWrapping(_ observer: some TransactionObserver) -> Bool {
        self.observer === observer
    }

    /// Whether the observer wants the changes of this kind.
    func observes(_ eventKind: DatabaseEventKind) -> Bool {
        if let region { return region.isModified(byEventsOfKind: eventKind) }
        return observer?.observes(eventsOfKind: eventKind) ?? false
    }

    /// Whether the observer wants this change (region observers only want the changes of their rows).
    func accepts(_ event: DatabaseEvent) -> Bool {
        region?.isModified(by: event) ?? true
    }

    /// Whether the observer wants the changes of this region, whose rowids do not count.
    func isModified(by notifiedRegion: DatabaseRegion, eventKinds: () throws -> [DatabaseEventKind]) rethrows -> Bool {
        if let region { return !region.intersection(notifiedRegion).isEmpty }
        guard let observer else { return false }
        return try eventKinds().contains { observer.observes(eventsOfKind: $0) }
    }

    /// Tells the observer that the transaction committed; a `.nextTransaction` observer is then
    /// forgotten, before it is told (it may start another transaction).
    func databaseDidCommit(_ db: Database) {
        guard let observer = takeObserverForTransactionEnd() else { return }
        observer.databaseDidCommit(db)
    }

    /// Tells the observer that the transaction rolled back (see `databaseDidCommit(_:)`).
    func databaseDidRollback(_ db: Database) {
        guard let observer = takeObserverForTransactionEnd() else { return }
        observer.databaseDidRollback(db)
    }

    private func takeObserverForTransactionEnd() -> (any TransactionObserver)? {
        let observer = self.observer
        if extent == .nextTransaction { strongObserver = nil }
        return observer
    }

    /// Forgets the observer: the observation is over.
    func releaseObserver() {
        strongObserver = nil
        weakObserver = nil
    }
}

/// An observation told of the changes of the running statement, and the kinds of changes it
/// wants of them (nil for all: the statement makes one kind of change).
struct StatementObservation {
    let observation: TransactionObservation
    let observedKinds: [DatabaseEventKind]?

    /// Whether the observation wants a change of this kind and table, made by a statement that may
    /// make the given kinds of changes. A change of none of those kinds is wanted too: SQLite
    /// reports the changes of a full-text table under the names of its shadow tables.
    func tracks(_ kind: DatabaseEvent.Kind, _ tableName: String, _ statementKinds: [DatabaseEventKind]) -> Bool {
        guard let observedKinds else { return true }
        if observedKinds.contains(where: { $0.matches(kind, tableName) }) { return true }
        return !statementKinds.contains { $0.matches(kind, tableName) }
    }
}

extension DatabaseEventKind {
    /// Whether a change of this kind and table is of this kind.
    fileprivate func matches(_ kind: DatabaseEvent.Kind, _ table: String) -> Bool {
        switch (kind, self) {
        case (.insert, .insert(let name)), (.delete, .delete(let name)), (.update, .update(let name, _)):
            return name.equalsIgnoringCase(table)
        default:
            return false
        }
    }
}
