/// The SQLite hooks through which the broker hears of changes, commits and rollbacks.
extension DatabaseObservationBroker {
    private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func broker(_ context: UnsafeMutableRawPointer?) -> DatabaseObservationBroker {
        Unmanaged<DatabaseObservationBroker>.fromOpaque(context!).takeUnretainedValue()
    }

    /// Registers the commit and rollback hooks, for the life of the broker.
    func registerTransactionHooks() {
        _ = api.commit_hook(
            connection, { DatabaseObservationBroker.broker($0).transactionWillCommit() ? 0 : 1 }, context)
        _ = api.rollback_hook(connection, { DatabaseObservationBroker.broker($0).transactionDidRollback() }, context)
    }

    /// Registers the update hook while there are observers, and the pre-update hook while there are
    /// observers without a region (region observers do not want pre-update events): without
    /// observers, SQLite reports no change.
    func updateChangeHooks(hasObservers: Bool, hasObserversWithoutRegion: Bool) {
        if hasObservers != hasChangeHooks {
            hasChangeHooks = hasObservers
            if hasObservers {
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
        if hasObserversWithoutRegion != hasPreUpdateHook, let preupdateHook = api.preupdate_hook {
            if hasObserversWithoutRegion {
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
        hasPreUpdateHook = hasObserversWithoutRegion
    }

    /// Unregisters every hook, before the connection closes.
    func unregisterHooks() {
        _ = api.commit_hook(connection, nil, nil)
        _ = api.rollback_hook(connection, nil, nil)
        _ = api.update_hook(connection, nil, nil)
        _ = api.preupdate_hook?(connection, nil, nil)
        hasChangeHooks = false
        hasPreUpdateHook = false
    }
}
