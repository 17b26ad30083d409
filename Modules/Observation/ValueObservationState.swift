import RSCore

/// The decisions of one started `ValueObservation`: a value type without I/O, which
/// `ValueObservationRunner` drives under a lock. It says when the observation fetches (its
/// `scheduling`), where, what each fetch records of the observed region, and when the observer is
/// registered with that region (its `registration`).
///
/// **Where.** The connection of the initial fetch decides. On the writer's (a `DatabaseQueue`, or
/// `requiresWriteAccess`), later fetches run on the writer too, right after the commits that
/// changed the region. On a reader (a `DatabasePool`'s), later fetches run on readers.
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

    /// When the observation fetches.
    var scheduling: FetchScheduling
    /// The registration of the observer, and the region it observes.
    var registration = ObserverRegistration()
    private let initialRecording: Recording
    private let laterRecording: Recording
    /// The connection of the fetches, once the initial one chose it; nil after the end.
    private var connection: Connection?

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
    var nextFetch: Fetch? {
        connection.map { Fetch(connection: $0, recording: laterRecording, isInitial: false) }
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
