import RSCore

/// The decisions of one started `ValueObservation`: a value type without I/O, which
/// `ValueObservationRunner` drives under a lock. It says when the observation fetches (its
/// `scheduling`), where, what each fetch records of the observed region, and when the observer is
/// registered with that region (its `registration`).
///
/// **Where.** The connection of the initial fetch decides. On the writer's (a `DatabaseQueue`, or
/// `requiresWriteAccess`), later fetches run on the writer too, right after the commits that
/// changed the region. On a reader (a `DatabasePool`'s), later fetches run on readers, but for the
/// short ones: a fetch that runs right after a commit, and that ends within `writerFetchWindow` of
/// it if it lasts as long as the previous fetch, runs on the writer, before any other write. Its
/// value comes sooner (no hop to a reader's thread), and a write that waits for the writer is
/// delayed by the window at most.
///
/// **What is recorded.** The initial fetch always learns the region: the union of the regions
/// that the application gave, or what the fetch selects. Later fetches record what they select
/// when the region is not constant, and nothing otherwise.
///
/// **When the observer is registered.** After the initial fetch, and after each fetch that
/// recorded another region than the observed one. On the writer, the registration runs in the
/// access of the fetch: no commit comes in between. From a reader, it runs later, on the writer:
/// the fetch watches the commits from its snapshot on, and the registration fetches again when a
/// commit that the snapshot did not hold changed the region
/// (`needsFetch(afterRegistering:changesSinceSnapshot:)`).
struct ValueObservationState {
    /// The connection a fetch runs on.
    enum Connection: Equatable {
        case writer
        case reader
    }

    /// What a fetch records of the region it observes.
    enum Recording: Equatable {
        /// Nothing: the observed region does not change.
        case none
        /// The union of the regions that the application gave, before the fetch runs.
        case constantRegion
        /// What the fetch selects.
        case selection
    }

    /// How the driver runs one fetch.
    struct Fetch: Equatable {
        var connection: Connection
        var recording: Recording
        var isInitial: Bool

        /// Whether the fetch watches the commits from its snapshot on: a reader's fetch that
        /// records a region, which the registration on the writer compares with those commits.
        var watchesCommits: Bool { connection == .reader && recording != .none }
    }

    /// What the driver does with the region that a fetch recorded.
    struct RegionUpdate: Equatable {
        /// Whether it is another region than the observed one (`willTrackRegion` tells it).
        var isNew: Bool
        /// Whether the observer is registered with it.
        var registers: Bool
    }

    /// How long after a commit the fetches that follow it may keep the writer of a `DatabasePool`
    /// busy, in seconds.
    static let writerFetchWindow = 0.000_2

    /// When the observation fetches.
    var scheduling: FetchScheduling
    /// The registration of the observer, and the region it observes.
    var registration = ObserverRegistration()
    private let initialRecording: Recording
    private let laterRecording: Recording
    /// The connection of the fetches, once the initial one chose it; nil after the end.
    private var connection: Connection?
    /// How long the next fetch on the writer should take, in seconds: as long as the last fetch on
    /// the writer, unless a fetch on a reader took less since. A fetch on a reader takes longer than
    /// the same fetch on the writer (it reads again the pages that the writer changed), and the
    /// first fetch longer than the next ones (it prepares its statements).
    private var writerFetchEstimate = Double.infinity

    /// The state of an observation that tracks its region as `trackingMode` says, and whose
    /// fetches start at least `minimumFetchInterval` seconds apart.
    init(trackingMode: ValueObservationTrackingMode, minimumFetchInterval: Double) {
        scheduling = FetchScheduling(minimumInterval: minimumFetchInterval)
        switch trackingMode {
        case .constantRegion:
            (initialRecording, laterRecording) = (.constantRegion, .none)
        case .constantRegionRecordedFromSelection:
            (initialRecording, laterRecording) = (.selection, .none)
        case .nonConstantRegionRecordedFromSelection:
            (initialRecording, laterRecording) = (.selection, .selection)
        }
    }

    /// The initial fetch runs, on the writer's connection or on a reader: later fetches run on
    /// the same kind of connection.
    mutating func initialFetch(onWriterConnection: Bool) -> Fetch {
        let connection = onWriterConnection ? Connection.writer : .reader
        self.connection = connection
        return Fetch(connection: connection, recording: initialRecording, isInitial: true)
    }

    /// How the next fetch after a change runs; nil when the observation is over.
    ///
    /// - parameter secondsSinceCommit: When the driver runs on the writer right after a commit
    ///   (before any other write), the time since the commit; nil elsewhere.
    func nextFetch(secondsSinceCommit: Double?) -> Fetch? {
        guard var connection else { return nil }
        if let secondsSinceCommit, secondsSinceCommit + writerFetchEstimate < Self.writerFetchWindow {
            connection = .writer
        }
        return Fetch(connection: connection, recording: laterRecording, isInitial: false)
    }

    /// The fetch in progress ended, after `duration` seconds on the given connection, and its value
    /// was notified; its snapshot held the commits up to `seenCommit` at least. Returns what the
    /// scheduling says.
    mutating func fetchDidComplete(
        now: Double, seenCommit: Int, duration: Double, on connection: Connection
    ) -> FetchScheduling.Action {
        writerFetchEstimate = connection == .writer ? duration : min(writerFetchEstimate, duration)
        return scheduling.fetchDidComplete(now: now, seenCommit: seenCommit)
    }

    /// The fetch recorded its region, which the observer observes from now on.
    mutating func fetchDidRecord(_ region: DatabaseRegion, in fetch: Fetch) -> RegionUpdate {
        let isNew = region != registration.region
        registration.region = region
        return RegionUpdate(isNew: isNew, registers: isNew || fetch.isInitial)
    }

    /// Whether the registration of a reader's fetch, on the writer, fetches again: the commits
    /// since the fetch's snapshot changed the region, or are not known any more (nil).
    static func needsFetch(afterRegistering region: DatabaseRegion, changesSinceSnapshot: DatabaseRegion?) -> Bool {
        changesSinceSnapshot.map { !$0.intersection(region).isEmpty } ?? true
    }

    /// The observation ends (an error, or a cancellation). Returns whether it was not over yet,
    /// and what the registration does.
    mutating func finish() -> (wasRunning: Bool, registration: ObserverRegistration.Action) {
        connection = nil
        return (scheduling.finish(), registration.cancel())
    }
}
