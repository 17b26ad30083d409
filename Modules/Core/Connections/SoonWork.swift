/// The work that a connection runs as soon as it can without a thread hop: at the end of the access
/// that runs, if one does, or in an access of its own otherwise. A value-type state machine that
/// `SerializedDatabase` drives under a lock, for the looks for outside commits (see
/// `OutsideCommitWatcher`), which would otherwise make each synchronous write wait for a thread.
///
///     idle ──access starts──▶ accessing ──access ends (runs the pending work)──▶ idle
///     idle: added work runs in an access of its own; accessing: it waits for the end of the access
struct SoonWork<Work> {
    private var isAccessing = false
    private var pending: [Work] = []

    /// An access starts.
    mutating func accessWillStart() {
        isAccessing = true
    }

    /// The access ends: returns the work to run before it does.
    mutating func accessWillEnd() -> [Work] {
        isAccessing = false
        defer { pending = [] }
        return pending
    }

    /// Adds work: returns it when it must run in an access of its own (no access runs), or nil when
    /// the access that runs will run it.
    mutating func add(_ work: Work) -> Work? {
        guard isAccessing else { return work }
        pending.append(work)
        return nil
    }
}
