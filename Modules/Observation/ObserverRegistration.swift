import RSCore

/// The registration of an observation's transaction observer on the writer, raced by the
/// cancellation of the observation, and the commits the observer is told: a value type without I/O,
/// which `ValueObservationRunner` and `DatabaseRegionObservation` drive (through
/// `RegionChangeObserver`).
///
/// The registration runs on the writer, some time after the start; the cancellation may come from
/// any thread, at any time: before the registration ran, while it runs (during an initial fetch),
/// or from the observation's own callbacks. An observer cancelled before its registration is never
/// added; one added is removed once, by the cancellation. Until the removal runs (in a later write
/// access), the connection still tells the observer of its transactions: no commit is delivered
/// after the cancellation.
///
///     pending ──register (add)──▶ registered ──register (updateRegion)──▶ registered
///        │                          │    ▲
///        │          databaseDidChange    │ databaseDidCommit (deliver), databaseDidRollback
///        │                          ▼    │
///        │                      registered, changed
///        │                          │
///        └──cancel──▶ cancelled ◀───┘ cancel (remove)
///
/// In the cancelled state, nothing happens any more.
struct ObserverRegistration {
    /// What the driver does after an event.
    enum Action: Equatable {
        /// Nothing.
        case none
        /// Add the observer to the writer's connection.
        case add
        /// Tell the writer's connection that the observed region may have changed
        /// (`Database.observedRegionDidChange(of:)`): the observer is already added.
        case updateRegion
        /// Remove the observer from the writer's connection, in a write access.
        case remove
        /// Deliver the commit: the transaction that just committed changed the region.
        case deliver
    }

    private enum State: Equatable {
        case pending
        case registered(isChanged: Bool)
        case cancelled
    }

    private var state = State.pending
    /// The region the observer observes.
    var region = DatabaseRegion()
    /// Whether the changes told now are the observation's own (those of a fetch with write access):
    /// they do not make a commit delivered.
    var ignoresChanges = false

    /// A registration that has not run yet.
    init() {}

    /// The registration runs, on the writer: `.add` the first time, `.updateRegion` the next ones,
    /// `.none` after the cancellation.
    mutating func register() -> Action {
        switch state {
        case .pending:
            state = .registered(isChanged: false)
            return .add
        case .registered:
            return .updateRegion
        case .cancelled:
            return .none
        }
    }

    /// The observation is cancelled, or ends: `.remove` when the observer was added, once.
    mutating func cancel() -> Action {
        defer { state = .cancelled }
        return if case .registered = state { .remove } else { .none }
    }

    /// The current transaction changed the region.
    mutating func databaseDidChange() {
        guard case .registered = state, !ignoresChanges else { return }
        state = .registered(isChanged: true)
    }

    /// The current transaction committed: `.deliver` when it changed the region, unless the
    /// observation was cancelled.
    mutating func databaseDidCommit() -> Action {
        guard state == .registered(isChanged: true) else { return .none }
        state = .registered(isChanged: false)
        return .deliver
    }

    /// The current transaction rolled back: its changes are forgotten.
    mutating func databaseDidRollback() {
        guard case .registered = state else { return }
        state = .registered(isChanged: false)
    }
}
