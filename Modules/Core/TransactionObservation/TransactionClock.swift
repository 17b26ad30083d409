/// The count of the commits of a database's writer, shared by the connections of the database: it
/// tells where the snapshot of a read stands in the sequence of commits, and, for the observations
/// that watch it, what the commits made since a snapshot changed.
///
/// An observation that fetches its value on a reader, while the writer goes on, learns this way
/// whether a commit it has not seen changed its region before its transaction observer was
/// registered: it fetches again only then, instead of always.
package final class TransactionClock: Sendable {
    private let state = LockedValue(State())

    private struct State {
        /// The number of commits completed.
        var commitCount = 0
        /// Whether a commit has begun and not completed: its changes may already be visible.
        var isCommitting = false
        /// How many `Watch` values are alive: the changes of commits are recorded while one is.
        var watchCount = 0
        /// The changes of the commits completed while a watch was alive, by commit number.
        var changes: [(commit: Int, region: DatabaseRegion)] = []
        /// Whether `changes` lost entries (too many commits while watched).
        var isTruncated = false
    }

    /// The most commits whose changes are kept while watched; beyond, every region counts as changed.
    private static let maximumRecordedCommits = 10_000

    /// Creates a clock at zero.
    package init() {}

    /// The number of commits completed.
    package var commitCount: Int { state.withLock { $0.commitCount } }

    /// Called by the writer when SQLite is about to commit (from the commit hook).
    package func commitWillBegin() {
        state.withLock { $0.isCommitting = true }
    }

    /// Called by the writer once the commit is done; `changes` tells what the transaction changed,
    /// and is only called while a watch is alive.
    package func commitDidEnd(changes: () -> DatabaseRegion) {
        state.withLock { state in
            state.isCommitting = false
            state.commitCount += 1
            guard state.watchCount > 0 else { return }
            if state.changes.count < Self.maximumRecordedCommits {
                state.changes.append((state.commitCount, changes()))
            } else {
                state.isTruncated = true
            }
        }
    }

    /// Called by the writer when a commit that began failed (SQLite rolled back instead).
    package func commitDidFail() {
        state.withLock { $0.isCommitting = false }
    }

    /// Runs `acquire`, which starts a read transaction's snapshot, and returns the commits the
    /// snapshot may hold: exactly `n` commits when the range is `n...n`. The range is wider only when
    /// a commit completed while the snapshot started.
    package func snapshotPosition(acquire: () throws -> Void) rethrows -> ClosedRange<Int> {
        // The commits completed before `acquire` are in the snapshot. A commit that completes
        // while it runs, or that is still in progress after it (its changes may be visible before
        // the writer counts it), may be.
        let lower = commitCount
        try acquire()
        let (upper, isCommitting) = state.withLock { ($0.commitCount, $0.isCommitting) }
        return lower...(isCommitting ? upper + 1 : upper)
    }

    /// Starts recording the changes of the commits to come, until the returned watch is released.
    /// Start watching before a read whose snapshot position is then compared.
    package func watch() -> Watch {
        Watch(clock: self)
    }

    /// The union of the changes of the commits after the given number, as far as the watch saw
    /// them; nil when they are not known (too many commits), which should count as a change of
    /// everything.
    fileprivate func changes(after commit: Int) -> DatabaseRegion? {
        state.withLock { state in
            if state.isTruncated { return nil }
            return state.changes.reduce(into: DatabaseRegion()) { region, entry in
                if entry.commit > commit { region.formUnion(entry.region) }
            }
        }
    }

    fileprivate func startWatching() {
        state.withLock { $0.watchCount += 1 }
    }

    fileprivate func stopWatching() {
        state.withLock { state in
            state.watchCount -= 1
            if state.watchCount == 0 {
                state.changes.removeAll()
                state.isTruncated = false
            }
        }
    }

    /// Keeps the clock recording the changes of commits while it is alive.
    package final class Watch: Sendable {
        private let clock: TransactionClock

        fileprivate init(clock: TransactionClock) {
            self.clock = clock
            clock.startWatching()
        }

        deinit {
            clock.stopWatching()
        }

        /// The union of the changes of the commits after the ones a snapshot holds, recorded since
        /// the watch started; nil when they are not known, which should count as a change of
        /// everything. Call it from the writer, outside of a transaction, so that no commit is in
        /// progress.
        package func changes(sinceSnapshotAt position: ClosedRange<Int>) -> DatabaseRegion? {
            clock.changes(after: position.lowerBound)
        }
    }
}
