/// When an observation fetches: a value type without I/O, which `ValueObservationRunner` drives.
///
/// One fetch runs at a time, so that values are notified in the order of the transactions they
/// see. Changes that happen while a fetch runs are coalesced into one more fetch, after it: the last
/// committed state is always fetched, and only once (a fetch whose snapshot holds the last changed
/// commit needs no other). With a minimum interval, a change that comes sooner after the start of
/// the previous fetch waits until the interval has passed, however many changes come meanwhile.
///
/// Commits are numbered as `CommitClock` counts them.
///
///     starting ──start──▶ fetching ──fetchDidComplete──▶ idle ──databaseDidChange──▶ fetching
///                          │    ▲                          ▲         │ (too soon)
///          databaseDidChange    │ (a change is pending)    │         ▼
///                          ▼    │                          │      waiting ──timerDidFire──▶ fetching
///                     fetching, change pending ────────────┘
///
/// Any state ──finish (error, cancellation)──▶ finished, where nothing happens any more.
struct FetchScheduling: Sendable {
    /// What the driver does after an event.
    enum Action: Equatable, Sendable {
        /// Nothing.
        case none
        /// Start a fetch now.
        case fetch
        /// Call `timerDidFire(now:)` at this time (in the seconds of `now`).
        case waitUntil(Double)
    }

    private enum State: Equatable {
        case starting
        case idle
        case fetching(isChangePending: Bool)
        case waiting
        case finished
    }

    private var state = State.starting
    /// The shortest time between the starts of two fetches, in seconds.
    private let minimumInterval: Double
    /// When the last fetch started.
    private var lastFetchStart = -Double.infinity
    /// The number of the last commit that changed the region.
    private var lastChangedCommit = 0

    /// A scheduling whose fetches start at least `minimumInterval` seconds apart.
    init(minimumInterval: Double = 0) {
        self.minimumInterval = minimumInterval
    }

    /// Whether the observation is over.
    var isFinished: Bool { state == .finished }

    /// The observation starts: its initial fetch runs now.
    mutating func start(now: Double) -> Action {
        guard state == .starting else { return .none }
        return beginFetch(now: now)
    }

    /// A committed transaction, of the given number, changed the observed region.
    mutating func databaseDidChange(now: Double, commit: Int) -> Action {
        lastChangedCommit = max(lastChangedCommit, commit)
        switch state {
        case .idle:
            return beginFetchOrWait(now: now)
        case .fetching:
            state = .fetching(isChangePending: true)
            return .none
        case .starting, .waiting, .finished:
            // Starting: the start compares its snapshot with the commits it has not seen, later.
            // Waiting: the fetch to come will see the change.
            return .none
        }
    }

    /// The fetch in progress ended, and its value was notified; its snapshot held the commits up
    /// to the given number at least.
    mutating func fetchDidComplete(now: Double, seenCommit: Int) -> Action {
        guard case .fetching(let isChangePending) = state else { return .none }
        if isChangePending && lastChangedCommit > seenCommit { return beginFetchOrWait(now: now) }
        state = .idle
        return .none
    }

    /// The time that `waitUntil` gave has come.
    mutating func timerDidFire(now: Double) -> Action {
        guard state == .waiting else { return .none }
        return beginFetch(now: now)
    }

    /// The observation ends (an error, or a cancellation). Returns whether it was not over yet:
    /// the error of a fetch is notified only then.
    mutating func finish() -> Bool {
        defer { state = .finished }
        return state != .finished
    }

    private mutating func beginFetchOrWait(now: Double) -> Action {
        let earliestStart = lastFetchStart + minimumInterval
        guard now >= earliestStart else {
            state = .waiting
            return .waitUntil(earliestStart)
        }
        return beginFetch(now: now)
    }

    private mutating func beginFetch(now: Double) -> Action {
        state = .fetching(isChangePending: false)
        lastFetchStart = now
        return .fetch
    }
}
