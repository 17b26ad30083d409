import RSRegions
import Testing

@testable import RSObservation

/// Where an observation's fetches run, what they record of the region, and when the observer is
/// registered with it, without a database.
@Suite struct ValueObservationStateTests {
    typealias Fetch = ValueObservationState.Fetch

    struct Plan: CustomTestStringConvertible, Sendable {
        var name: String
        var trackingMode: ValueObservationTrackingMode
        var onWriterConnection: Bool
        var initialFetch: Fetch
        var nextFetch: Fetch
        /// Whether the initial and the next fetch watch the commits from their snapshots on.
        var watchesCommits: (initial: Bool, next: Bool)
        var testDescription: String { name }
    }

    static let plans: [Plan] = [
        Plan(
            name: "constant regions on the writer: known before the initial fetch, never recorded again",
            trackingMode: .constantRegion([]), onWriterConnection: true,
            initialFetch: Fetch(connection: .writer, recording: .constantRegion, isInitial: true),
            nextFetch: Fetch(connection: .writer, recording: .none, isInitial: false),
            watchesCommits: (initial: false, next: false)),
        Plan(
            name: "constant regions on readers: the initial fetch watches the commits, later ones do not",
            trackingMode: .constantRegion([]), onWriterConnection: false,
            initialFetch: Fetch(connection: .reader, recording: .constantRegion, isInitial: true),
            nextFetch: Fetch(connection: .reader, recording: .none, isInitial: false),
            watchesCommits: (initial: true, next: false)),
        Plan(
            name: "a constant region recorded from the initial selection, on readers",
            trackingMode: .constantRegionRecordedFromSelection, onWriterConnection: false,
            initialFetch: Fetch(connection: .reader, recording: .selection, isInitial: true),
            nextFetch: Fetch(connection: .reader, recording: .none, isInitial: false),
            watchesCommits: (initial: true, next: false)),
        Plan(
            name: "a region recorded by each fetch, on the writer",
            trackingMode: .nonConstantRegionRecordedFromSelection, onWriterConnection: true,
            initialFetch: Fetch(connection: .writer, recording: .selection, isInitial: true),
            nextFetch: Fetch(connection: .writer, recording: .selection, isInitial: false),
            watchesCommits: (initial: false, next: false)),
        Plan(
            name: "a region recorded by each fetch, on readers",
            trackingMode: .nonConstantRegionRecordedFromSelection, onWriterConnection: false,
            initialFetch: Fetch(connection: .reader, recording: .selection, isInitial: true),
            nextFetch: Fetch(connection: .reader, recording: .selection, isInitial: false),
            watchesCommits: (initial: true, next: true)),
    ]

    @Test(arguments: plans) func theInitialFetchChoosesTheConnectionAndTheModeWhatIsRecorded(_ plan: Plan) {
        var state = ValueObservationState(trackingMode: plan.trackingMode, minimumFetchInterval: 0)
        #expect(state.nextFetch(secondsSinceCommit: nil) == nil)  // not started
        #expect(state.initialFetch(onWriterConnection: plan.onWriterConnection) == plan.initialFetch)
        #expect(state.nextFetch(secondsSinceCommit: nil) == plan.nextFetch)
        #expect(state.nextFetch(secondsSinceCommit: nil) == plan.nextFetch)  // asking twice changes nothing
        #expect(plan.initialFetch.watchesCommits == plan.watchesCommits.initial)
        #expect(plan.nextFetch.watchesCommits == plan.watchesCommits.next)
        _ = state.finish()
        #expect(state.nextFetch(secondsSinceCommit: nil) == nil)
    }

    @Test func aShortFetchRightAfterACommitRunsOnTheWriter() {
        let window = ValueObservationState.writerFetchWindow
        var state = ValueObservationState(
            trackingMode: .nonConstantRegionRecordedFromSelection, minimumFetchInterval: 0)
        _ = state.scheduling.start(now: 0)
        _ = state.initialFetch(onWriterConnection: false)
        _ = state.fetchDidComplete(now: 0, seenCommit: 0, duration: window / 4, on: .reader)
        let onWriter = Fetch(connection: .writer, recording: .selection, isInitial: false)
        let onReader = Fetch(connection: .reader, recording: .selection, isInitial: false)
        #expect(state.nextFetch(secondsSinceCommit: 0) == onWriter)
        #expect(state.nextFetch(secondsSinceCommit: window / 2) == onWriter)
        // The fetch would end after the window: a write may wait.
        #expect(state.nextFetch(secondsSinceCommit: window) == onReader)
        #expect(state.nextFetch(secondsSinceCommit: nil) == onReader)  // not on the writer
        // A fetch as long as the window does not run on the writer.
        _ = state.scheduling.databaseDidChange(now: 1, commit: 1)
        _ = state.fetchDidComplete(now: 1, seenCommit: 1, duration: window, on: .writer)
        #expect(state.nextFetch(secondsSinceCommit: 0) == onReader)
    }

    @Test func theLastFetchOnTheWriterOrAShorterOneOnAReaderTellsHowLongTheNextOneOnTheWriterTakes() {
        let window = ValueObservationState.writerFetchWindow
        var state = ValueObservationState(
            trackingMode: .nonConstantRegionRecordedFromSelection, minimumFetchInterval: 0)
        var commit = 0
        func complete(_ duration: Double, on connection: ValueObservationState.Connection) {
            commit += 1
            _ = state.scheduling.databaseDidChange(now: Double(commit), commit: commit)
            _ = state.fetchDidComplete(now: Double(commit), seenCommit: commit, duration: duration, on: connection)
        }
        func nextConnection() -> ValueObservationState.Connection? {
            state.nextFetch(secondsSinceCommit: 0)?.connection
        }
        _ = state.scheduling.start(now: 0)
        _ = state.initialFetch(onWriterConnection: false)
        #expect(nextConnection() == .reader)  // nothing measured yet
        complete(window * 2, on: .reader)  // the initial fetch prepares its statements
        #expect(nextConnection() == .reader)
        complete(window / 4, on: .reader)
        #expect(nextConnection() == .writer)
        // A fetch on a reader reads again the pages that the writer changed: a longer one does not count.
        complete(window * 2, on: .reader)
        #expect(nextConnection() == .writer)
        complete(window * 2, on: .writer)
        #expect(nextConnection() == .reader)
        complete(window / 8, on: .writer)
        #expect(nextConnection() == .writer)
    }

    @Test func fetchesOnTheWriterStayOnTheWriter() {
        var state = ValueObservationState(
            trackingMode: .nonConstantRegionRecordedFromSelection, minimumFetchInterval: 0)
        _ = state.initialFetch(onWriterConnection: true)
        _ = state.fetchDidComplete(now: 0, seenCommit: 0, duration: 1, on: .writer)
        #expect(state.nextFetch(secondsSinceCommit: nil)?.connection == .writer)
        #expect(state.nextFetch(secondsSinceCommit: 10)?.connection == .writer)
    }

    @Test func theInitialFetchRegistersTheObserverEvenWithTheEmptyRegion() {
        var state = ValueObservationState(
            trackingMode: .nonConstantRegionRecordedFromSelection, minimumFetchInterval: 0)
        let initial = state.initialFetch(onWriterConnection: false)
        #expect(state.fetchDidRecord(DatabaseRegion(), in: initial) == .init(isNew: false, registers: true))
        #expect(state.registration.region == DatabaseRegion())
    }

    @Test func aLaterFetchRegistersTheObserverOnlyWithAnotherRegion() {
        let t = DatabaseRegion(table: "t", columns: ["a"])
        let u = DatabaseRegion(table: "u")
        var state = ValueObservationState(
            trackingMode: .nonConstantRegionRecordedFromSelection, minimumFetchInterval: 0)
        let initial = state.initialFetch(onWriterConnection: true)
        #expect(state.fetchDidRecord(t, in: initial) == .init(isNew: true, registers: true))
        let next = state.nextFetch(secondsSinceCommit: nil)!
        #expect(state.fetchDidRecord(t, in: next) == .init(isNew: false, registers: false))
        #expect(state.fetchDidRecord(t.union(u), in: next) == .init(isNew: true, registers: true))
        #expect(state.registration.region == t.union(u))
        #expect(state.fetchDidRecord(u, in: next) == .init(isNew: true, registers: true))
        #expect(state.registration.region == u)
    }

    @Test func theRegistrationOfAReadersFetchFetchesAgainWhenTheCommitsItDidNotSeeChangedTheRegion() {
        let region = DatabaseRegion(table: "t", columns: ["a"])
        func needsFetch(_ changes: DatabaseRegion?) -> Bool {
            ValueObservationState.needsFetch(afterRegistering: region, changesSinceSnapshot: changes)
        }
        #expect(needsFetch(DatabaseRegion()) == false)  // no commit since the snapshot
        #expect(needsFetch(DatabaseRegion(table: "u")) == false)
        #expect(needsFetch(DatabaseRegion(table: "t", columns: ["b"])) == false)
        #expect(needsFetch(DatabaseRegion(table: "t", columns: ["a"])) == true)
        #expect(needsFetch(.fullDatabase) == true)
        #expect(needsFetch(nil) == true)  // the commits since the snapshot are forgotten
    }

    @Test func theEndRemovesTheRegisteredObserverOnce() {
        var state = ValueObservationState(trackingMode: .constantRegionRecordedFromSelection, minimumFetchInterval: 0)
        _ = state.scheduling.start(now: 0)
        _ = state.initialFetch(onWriterConnection: true)
        #expect(state.registration.register() == .add)
        #expect(state.finish() == (wasRunning: true, registration: .remove))
        #expect(state.finish() == (wasRunning: false, registration: .none))
        #expect(state.scheduling.isFinished)
    }

    @Test func anEndBeforeTheRegistrationLeavesTheObserverOut() {
        var state = ValueObservationState(trackingMode: .constantRegionRecordedFromSelection, minimumFetchInterval: 0)
        _ = state.scheduling.start(now: 0)
        #expect(state.finish() == (wasRunning: true, registration: .none))
        #expect(state.registration.register() == .none)
    }
}
