/// The count of the commits of a database's writer, and what the last ones changed, shared by the
/// connections of the database: it tells where the snapshot of a read stands in the sequence of
/// commits, and whether the commits after a snapshot changed a region.
///
/// An observation that fetches its value on a reader, while the writer goes on, learns this way
/// whether a commit it has not seen changed its region before its transaction observer was
/// registered: it fetches again only then, instead of always.
package final class CommitClock: Sendable {
    private let state = LockedValue(State())

    private struct State {
        /// The number of commits completed.
        var commitCount = 0
        /// Whether a commit has begun and not completed: its changes may already be visible.
        var isCommitting = false
        /// How many `Watch` values are alive: the log keeps everything while one is.
        var watchCount = 0
        /// What the last commits changed, oldest first: the kinds of changes of their statements,
        /// and the regions given to `notifyChanges(in:)`.
        var log: [(commit: Int, eventKinds: [DatabaseEventKind], notifiedRegion: DatabaseRegion)] = []
        /// The number of the oldest commit the log may hold: the log knows every commit from there.
        var oldestLoggedCommit = 1
    }

    /// How many commits the log keeps while no watch is alive: enough for the few commits that may
    /// complete between the start of a snapshot and the start of a watch.
    private static let unwatchedLogLength = 64
    /// How many commits the log keeps while a watch is alive; beyond, older ones are forgotten, and
    /// count as changes of everything.
    private static let watchedLogLength = 10_000

    /// Creates a clock at zero.
    package init() {}

    /// The number of commits completed.
    package var commitCount: Int { state.withLock { $0.commitCount } }

    /// Called by the writer when SQLite is about to commit (from the commit hook).
    func commitWillBegin() {
        state.withLock { $0.isCommitting = true }
    }

    /// Called by the writer once the commit is done, with what the transaction changed.
    func commitDidEnd(eventKinds: [DatabaseEventKind], notifiedRegion: DatabaseRegion) {
        state.withLock { state in
            state.isCommitting = false
            state.commitCount += 1
            state.log.append((state.commitCount, eventKinds, notifiedRegion))
            let maximumLength = state.watchCount > 0 ? Self.watchedLogLength : Self.unwatchedLogLength
            if state.log.count >= 2 * maximumLength {
                state.log.removeFirst(state.log.count - maximumLength)
                state.oldestLoggedCommit = state.log[0].commit
            }
        }
    }

    /// Called by the writer when a commit that began failed (SQLite rolled back instead).
    func commitDidFail() {
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

    /// Keeps the log of the commits to come until the returned watch is released. Start watching
    /// within a few commits of the snapshot whose position is then compared.
    package func watch() -> Watch {
        Watch(clock: self)
    }

    /// What the commits after the given number changed; nil when the log lost some of them, which
    /// should count as a change of everything.
    fileprivate func changes(after commit: Int) -> DatabaseRegion? {
        let entries = state.withLock { state -> [(eventKinds: [DatabaseEventKind], notifiedRegion: DatabaseRegion)]? in
            guard commit + 1 >= state.oldestLoggedCommit else { return nil }
            return state.log.filter { $0.commit > commit }.map { ($0.eventKinds, $0.notifiedRegion) }
        }
        // The regions are built out of the lock, here only: commits log the kinds of changes as
        // they are.
        return entries?.reduce(into: DatabaseRegion()) { region, entry in
            region.formUnion(entry.notifiedRegion)
            for eventKind in entry.eventKinds { region.formUnion(eventKind.modifiedRegion) }
        }
    }

    fileprivate func startWatching() {
        state.withLock { $0.watchCount += 1 }
    }

    fileprivate func stopWatching() {
        state.withLock { $0.watchCount -= 1 }
    }

    /// Keeps the log of the clock while it is alive.
    package final class Watch: Sendable {
        private let clock: CommitClock

        fileprivate init(clock: CommitClock) {
            self.clock = clock
            clock.startWatching()
        }

        deinit {
            clock.stopWatching()
        }

        /// What the commits after the ones a snapshot holds changed; nil when it is not known (some
        /// of them are not logged any more), which should count as a change of everything. Call it
        /// from the writer, outside of a transaction, so that no commit is in progress.
        package func changes(sinceSnapshotAt position: ClosedRange<Int>) -> DatabaseRegion? {
            clock.changes(after: position.lowerBound)
        }
    }
}
