import RSCore

/// An observation of the transactions that change a region of the database: after each committed
/// transaction that changed it, its `onChange` runs on the writer, with the database, before any
/// other write can happen.
///
/// ```swift
/// let observation = DatabaseRegionObservation(tracking: Player.all())
/// let cancellable = observation.start(in: dbQueue) { error in
///     // Handle error
/// } onChange: { db in
///     print("Players were changed")
/// }
/// ```
///
/// Unlike `ValueObservation`, it notifies every transaction, without coalescing, and fetches nothing.
public struct DatabaseRegionObservation: Sendable {
    /// The observed region.
    let region: @Sendable (Database) throws -> DatabaseRegion

    /// An observation of the union of the given regions.
    public init(tracking regions: any DatabaseRegionConvertible...) {
        self.init(tracking: regions)
    }

    /// An observation of the union of the given regions.
    public init(tracking regions: [any DatabaseRegionConvertible]) {
        region = { db in try regions.reduce(DatabaseRegion()) { try $0.union($1.databaseRegion(db)) } }
    }

    /// An observation of the union of the given regions (the spelling of RxGRDB and GRDB 4).
    public static func tracking(_ regions: any DatabaseRegionConvertible...) -> DatabaseRegionObservation {
        DatabaseRegionObservation(tracking: regions)
    }

    /// An observation of the union of the given regions (the spelling of RxGRDB and GRDB 4).
    public static func tracking(_ regions: [any DatabaseRegionConvertible]) -> DatabaseRegionObservation {
        DatabaseRegionObservation(tracking: regions)
    }

    /// Starts the observation. It begins with the next write access of the writer: a write submitted
    /// after `start` returns is observed (GRDB begins at once, so that a start from inside a write
    /// access observes the rest of that access).
    ///
    /// - parameters:
    ///   - writer: The database to observe.
    ///   - onError: Called with the error that prevents the start: the region could not be computed
    ///     (on the writer), or the database is closed.
    ///   - onChange: Called on the writer after each committed transaction that changed the region.
    /// - returns: A cancellable that stops the observation when cancelled or deallocated.
    public func start(
        in writer: any DatabaseWriter,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Database) -> Void
    ) -> AnyDatabaseCancellable {
        start(in: writer, startsWithChange: false, onError: onError, onChange: onChange)
    }

    /// Starts the observation (see `start(in:onError:onChange:)`). With `startsWithChange`, the
    /// observer is registered before this method returns, in a write access where `onChange` runs
    /// once at once (RxGRDB's `startImmediately`); the error of that access goes to `onError`.
    package func start(
        in writer: any DatabaseWriter,
        startsWithChange: Bool,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Database) -> Void
    ) -> AnyDatabaseCancellable {
        let observer = Observer(onChange: onChange)
        let region = self.region
        let register: @Sendable (Result<Database, any Error>) -> Void = { result in
            do {
                let db = try result.get()
                let observedRegion = try region(db)
                observer.withRegistration { $0.region = observedRegion }
                observer.register(in: db)
                if startsWithChange { onChange(db) }
            } catch {
                onError(error)
            }
        }
        if startsWithChange {
            do {
                try writer._writeAccess { db in register(.success(db)) }
            } catch {
                onError(error)
            }
        } else {
            writer._asyncWriteAccess(register)
        }
        return AnyDatabaseCancellable {
            if observer.withRegistration({ $0.cancel() }) == .remove { observer.remove(from: writer) }
        }
    }
}

extension DatabaseRegionObservation {
    /// The transaction observer of a `DatabaseRegionObservation`: it runs `onChange` after each
    /// committed transaction that changed its region.
    private final class Observer: RegionChangeObserver {
        private let onChange: @Sendable (Database) -> Void
        private let registration = LockedValue(ObserverRegistration())

        init(onChange: @escaping @Sendable (Database) -> Void) {
            self.onChange = onChange
        }

        func withRegistration<T>(_ body: (inout ObserverRegistration) -> T) -> T {
            registration.withLock(body)
        }

        func registeredRegionDidChange(in db: Database) {
            onChange(db)
        }
    }
}
