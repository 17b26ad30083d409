/// When the writer of a database looks for the commits of other connections: a value-type state
/// machine that the `OutsideCommitWatcher` feeds with signals (a file changed, a polling interval
/// elapsed) and with the looks it runs on the writer (see `Database.noticeOutsideCommits()`).
///
/// - Signals are coalesced: while a look waits for the writer, more signals add nothing, since the
///   look will see their commits. A signal that arrives while a look runs may come from a commit
///   that the look did not see: one more look follows.
/// - After a look that noticed commits, the next one waits for `coalescingInterval`: a burst of
///   outside commits costs a few looks (and fetches of the observations), and the last one sees
///   the last commit.
/// - With file notifications, a look may come too early: another connection writes its commit
///   in the `-wal` file (the notified change), syncs the file, and only then makes the commit
///   visible, in shared memory that the system does not notify. A look after a signal is repeated
///   up to `settleLookCount` times, after 1, 2, 4… milliseconds (`firstSettleDelay`), until a signal
///   comes; a look that notices commits starts the repetitions again.
/// - A look waits `signalDelay` after its signal (1 ms with file notifications), so that the
///   signals of a burst of writes, the local ones included, make one look: each look is an access of
///   the writer, which its writes wait for.
/// - While the writer commits itself (the last look found only its commits), a look waits
///   `busyWriterSignalDelay` after its signal, and so does a repeated look: its own commits signal,
///   and the looks they make, which find nothing, would wake threads every `signalDelay` for as
///   long as it writes.
/// - A look that failed is tried again after `retryInterval`.
///
///     idle ──signal──▶ scheduled ──look starts──▶ running ──look ends──▶ idle, or settling
///                        ▲   └─signal: nothing       │ signal, or the look failed
///                        └─────────look ends──── running, signaled
///     settling (a delayed look is scheduled) ──signal──▶ scheduled (a new look replaces it)
///     any state ──stop──▶ stopped (signals and looks do nothing)
///
/// Each scheduled look has a number, and only the last one scheduled starts (`lookWillStart(_:)`): a
/// delayed look that a signal replaced starts nothing, so a stream of signals (the local writes of
/// a busy writer, say) makes one look per `signalDelay`, not one per signal. Times are seconds of a
/// monotonic clock, given by the caller.
struct OutsideCommitChecks {
    /// When a look must start.
    enum Schedule: Equatable {
        /// At once.
        case now
        /// After this many seconds.
        case after(Double)
    }

    /// A look to start, which the caller gives back to `lookWillStart(_:)`.
    struct ScheduledLook: Equatable {
        /// When it must start.
        var start: Schedule
        /// Which look it is: only the last one scheduled starts.
        var number: Int
    }

    private enum State {
        case idle
        case scheduled
        case settling
        case running
        case runningSignaled
        case stopped
    }

    /// How long a look waits after one that noticed commits.
    var coalescingInterval = 0.003
    /// How long a look waits after one that failed.
    var retryInterval = 0.01
    /// How long a look waits after the signal that schedules it, so that the signals of a burst of
    /// writes (the local ones included) make one look.
    var signalDelay = 0.001
    /// How long a look waits after its signal while the writer commits itself.
    var busyWriterSignalDelay = 0.008
    /// How many looks repeat a look after a signal that found nothing (0 for polling).
    var settleLookCount = 10
    /// The delay of the first repeated look; each next one doubles it.
    var firstSettleDelay = 0.001
    private var state = State.idle
    /// The time before which no look starts.
    private var earliestLook = -Double.infinity
    /// The repeated looks since the last signal.
    private var settleLooks = 0
    /// The number of the last look scheduled.
    private var lastScheduledLook = 0
    /// Whether the last look found only commits of the writer.
    private var writerIsCommitting = false

    /// A file of the database changed, or a polling interval elapsed. Returns when a look must
    /// start, or nil when none must be scheduled.
    mutating func signalDidArrive(at now: Double) -> ScheduledLook? {
        switch state {
        case .idle, .settling:
            state = .scheduled
            settleLooks = 0
            return schedule(at: now)
        case .running:
            state = .runningSignaled
            settleLooks = 0
            return nil
        case .scheduled, .runningSignaled, .stopped:
            return nil
        }
    }

    /// A scheduled look starts on the writer. Returns whether it should run: not after `stop()`, nor
    /// when another look was scheduled after it.
    mutating func lookWillStart(_ look: ScheduledLook) -> Bool {
        guard look.number == lastScheduledLook else { return false }
        switch state {
        case .scheduled, .settling:
            state = .running
            return true
        case .idle, .running, .runningSignaled, .stopped:
            return false
        }
    }

    /// The look ended with what it found. Returns when the next look must start, or nil when none
    /// must be scheduled.
    mutating func lookDidEnd(_ look: Database.OutsideCommitLook, at now: Double) -> ScheduledLook? {
        writerIsCommitting = look == .localCommitsOnly
        switch look {
        case .unchanged, .localCommitsOnly:
            break
        case .noticed:
            // The commit that made the signal may still be on its way: the repeated looks start again.
            earliestLook = now + coalescingInterval
            settleLooks = 0
        case .failed:
            earliestLook = now + retryInterval
            if case .running = state { state = .runningSignaled }
        }
        switch state {
        case .running where settleLooks < settleLookCount:
            state = .settling
            defer { settleLooks += 1 }
            let delay = firstSettleDelay * Double(1 << settleLooks)
            let busyWriterDelay = writerIsCommitting ? busyWriterSignalDelay : 0
            return nextLook(.after(max(delay, busyWriterDelay, earliestLook - now)))
        case .running:
            state = .idle
            return nil
        case .runningSignaled:
            state = .scheduled
            return schedule(at: now)
        case .idle, .scheduled, .settling, .stopped:
            return nil
        }
    }

    /// The database closes: no look runs any more.
    mutating func stop() {
        state = .stopped
    }

    private mutating func schedule(at now: Double) -> ScheduledLook {
        let start = max(earliestLook, now + (writerIsCommitting ? busyWriterSignalDelay : signalDelay))
        return nextLook(now >= start ? .now : .after(start - now))
    }

    private mutating func nextLook(_ start: Schedule) -> ScheduledLook {
        lastScheduledLook += 1
        return ScheduledLook(start: start, number: lastScheduledLook)
    }
}
