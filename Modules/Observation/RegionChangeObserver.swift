import RSCore

/// The transaction observer of an observation, registered on the writer and cancelled as its
/// `ObserverRegistration` says: the observer logic that `ValueObservationRunner` and
/// `DatabaseRegionObservation` share. A conforming type keeps the registration under a lock, and
/// is told the committed transactions that changed its region.
protocol RegionChangeObserver: DatabaseRegionObserver, Sendable {
    /// Runs `body` with exclusive access to the registration.
    func withRegistration<T>(_ body: (inout ObserverRegistration) -> T) -> T

    /// A committed transaction changed the region: the observer calls it on the writer, with its
    /// connection, before any other write, for the commits it is told until it is cancelled.
    func registeredRegionDidChange(in db: Database)
}

extension RegionChangeObserver {
    /// Registers the observer on the writer's connection `db`, or tells the connection that its
    /// region may have changed when it is registered already. Returns the observed region, or nil
    /// when the observation was cancelled: the observer is then left out.
    @discardableResult
    func register(in db: Database) -> DatabaseRegion? {
        let (action, region) = withRegistration { registration in (registration.register(), registration.region) }
        switch action {
        case .add:
            db.add(transactionObserver: self)
        case .updateRegion:
            db.observedRegionDidChange(of: self)
        case .none, .remove, .deliver:
            return nil
        }
        return region
    }

    /// Removes the observer from the writer, in a write access, as the `.remove` of its
    /// cancellation says. The connection holds a weak reference to the observer, which it forgets
    /// lazily: unless it is removed, it would keep the deletions of its tables reported one by one.
    func remove(from writer: any DatabaseWriter) {
        writer._asyncWriteAccess { result in
            if case .success(let db) = result { db.remove(transactionObserver: self) }
        }
    }

    var observedRegion: DatabaseRegion { withRegistration { $0.region } }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        observedRegion.isModified(byEventsOfKind: eventKind)
    }

    func databaseDidChange() {
        withRegistration { $0.databaseDidChange() }
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidChange(with event: DatabaseEvent) {
        databaseDidChange()
    }

    func databaseDidCommit(_ db: Database) {
        if withRegistration({ $0.databaseDidCommit() }) == .deliver { registeredRegionDidChange(in: db) }
    }

    func databaseDidRollback(_ db: Database) {
        withRegistration { $0.databaseDidRollback() }
    }
}
