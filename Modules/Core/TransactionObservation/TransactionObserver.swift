/// A type that is told about the transactions of a connection: the changes they make, and whether
/// they commit or roll back.
///
/// Register an observer with `Database.add(transactionObserver:extent:)`. The connection calls it on
/// its own dispatch queue, synchronously, while it runs the statements that make the changes:
///
/// 1. `observes(eventsOfKind:)` when a statement is about to run, for each kind of change the
///    statement may make (triggers and foreign key actions included);
/// 2. `databaseDidChange(with:)` for each row the statement changes, of the kinds the observer
///    observes (changes made inside a savepoint that is rolled back are never told);
/// 3. `databaseWillCommit()` before the transaction commits: throwing an error rolls it back, and
///    the statement that commits fails with that error;
/// 4. `databaseDidCommit(_:)` or `databaseDidRollback(_:)` once the transaction has ended.
///
/// Read-only accesses are not observed. Changes that SQLite does not report (the changes of other
/// connections or processes, schema changes, changes of `WITHOUT ROWID` tables) can be told with
/// `Database.notifyChanges(in:)`, which calls `databaseDidChange()`.
///
/// An observer must not use the database from `observes(eventsOfKind:)`, `databaseDidChange(with:)`
/// or `databaseWillCommit()`. It may write from `databaseDidCommit(_:)` and
/// `databaseDidRollback(_:)`: those writes are transactions of their own, which observers see too.
public protocol TransactionObserver: AnyObject {
    /// Whether the observer wants to be told of the changes of this kind (an insertion, a deletion,
    /// or an update of some columns of a table). Table and column names are spelled as the schema
    /// spells them; compare them case-insensitively, as SQLite does.
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool

    /// Called by `Database.notifyChanges(in:)` when the notified region meets the changes the
    /// observer observes. The default implementation does nothing.
    func databaseDidChange()

    /// Called for each change of a row, of a kind the observer observes.
    func databaseDidChange(with event: DatabaseEvent)

    /// Called before each change of a row, of a kind the observer observes, with the values of the
    /// row before and after the change. Only drivers whose library has the pre-update hook call it
    /// (`DatabaseCapabilities.supportsPreupdateHook`). The default implementation does nothing.
    func databaseWillChange(with event: DatabasePreUpdateEvent)

    /// Called before the transaction commits. Throwing rolls the transaction back, and the
    /// statement that commits fails with the thrown error. The default implementation does nothing.
    func databaseWillCommit() throws

    /// Called after the transaction has committed.
    func databaseDidCommit(_ db: Database)

    /// Called after the transaction has rolled back.
    func databaseDidRollback(_ db: Database)
}

extension TransactionObserver {
    /// Does nothing.
    public func databaseDidChange() {}

    /// Does nothing.
    public func databaseWillChange(with event: DatabasePreUpdateEvent) {}

    /// Does nothing.
    public func databaseWillCommit() throws {}

    /// Tells the connection that the observer needs no more changes until the transaction ends:
    /// the rest of the transaction's changes are not told to it, which spares their cost. Its
    /// `databaseDidCommit(_:)` or `databaseDidRollback(_:)` is still called.
    ///
    /// Call it only from `databaseDidChange()`, `databaseDidChange(with:)` or
    /// `databaseWillChange(with:)`; elsewhere it stops the program.
    public func stopObservingDatabaseChangesUntilNextTransaction() {
        guard let broker = CurrentDatabase.database?.observationBroker, broker.isNotifying(self) else {
            fatalError(
                "stopObservingDatabaseChangesUntilNextTransaction() must be called from databaseDidChange(), "
                    + "databaseDidChange(with:) or databaseWillChange(with:)")
        }
        broker.disableCurrentObservationUntilNextTransaction()
    }
}

/// A transaction observer that observes a region of the database: the connection indexes it by
/// the tables of the region, so that the statements that change other tables do not cost it
/// anything, and tells it only of the changes of the region's rows (its `observes(eventsOfKind:)`
/// is not called).
///
/// When the region changes, call `Database.observedRegionDidChange(of:)`.
package protocol DatabaseRegionObserver: TransactionObserver {
    /// The region whose changes the observer is told.
    var observedRegion: DatabaseRegion { get }
}
