import Testing

@testable import RSObservation

/// The scheduling of fetches, without a database: coalescing, ordering, throttling, the end.
@Suite struct FetchSchedulingTests {
    @Test func theInitialFetchRunsAtOnceAndChangesWaitForTheFetchInProgress() {
        var scheduling = FetchScheduling()
        #expect(scheduling.databaseDidChange(now: 0, commit: 1) == .none)  // not started: the start compares
        #expect(scheduling.start(now: 0) == .fetch)
        #expect(scheduling.start(now: 0) == .none)
        #expect(scheduling.databaseDidChange(now: 1, commit: 2) == .none)
        #expect(scheduling.databaseDidChange(now: 1, commit: 3) == .none)
        // Two changes during the fetch: one more fetch.
        #expect(scheduling.fetchDidComplete(now: 2, seenCommit: 1) == .fetch)
        #expect(scheduling.fetchDidComplete(now: 3, seenCommit: 3) == .none)
        #expect(scheduling.databaseDidChange(now: 4, commit: 4) == .fetch)
    }

    @Test func aFetchThatSawTheLastChangedCommitNeedsNoOther() {
        var scheduling = FetchScheduling()
        _ = scheduling.start(now: 0)
        #expect(scheduling.fetchDidComplete(now: 0, seenCommit: 0) == .none)
        #expect(scheduling.databaseDidChange(now: 1, commit: 1) == .fetch)
        #expect(scheduling.databaseDidChange(now: 1, commit: 2) == .none)
        // The fetch's snapshot held commit 2: the pending change is already fetched.
        #expect(scheduling.fetchDidComplete(now: 2, seenCommit: 2) == .none)
        #expect(scheduling.databaseDidChange(now: 3, commit: 3) == .fetch)
    }

    @Test func aMinimumIntervalDelaysTheFetchesOfABurst() {
        var scheduling = FetchScheduling(minimumInterval: 10)
        #expect(scheduling.start(now: 100) == .fetch)
        #expect(scheduling.fetchDidComplete(now: 101, seenCommit: 0) == .none)
        #expect(scheduling.databaseDidChange(now: 102, commit: 1) == .waitUntil(110))
        #expect(scheduling.databaseDidChange(now: 103, commit: 2) == .none)
        #expect(scheduling.timerDidFire(now: 110) == .fetch)
        #expect(scheduling.timerDidFire(now: 110) == .none)
        #expect(scheduling.databaseDidChange(now: 111, commit: 3) == .none)
        // The change during the fetch waits for the interval after the fetch's start.
        #expect(scheduling.fetchDidComplete(now: 112, seenCommit: 2) == .waitUntil(120))
        #expect(scheduling.timerDidFire(now: 120) == .fetch)
        #expect(scheduling.fetchDidComplete(now: 121, seenCommit: 3) == .none)
        // Long after the last fetch, a change fetches at once.
        #expect(scheduling.databaseDidChange(now: 200, commit: 4) == .fetch)
    }

    @Test func afterTheEndNothingHappens() {
        var scheduling = FetchScheduling()
        _ = scheduling.start(now: 0)
        #expect(!scheduling.isFinished)
        let isFirstFinish = scheduling.finish()
        let isSecondFinish = scheduling.finish()
        #expect(isFirstFinish)
        #expect(!isSecondFinish)
        #expect(scheduling.isFinished)
        #expect(scheduling.fetchDidComplete(now: 1, seenCommit: 0) == .none)
        #expect(scheduling.databaseDidChange(now: 1, commit: 1) == .none)
        #expect(scheduling.timerDidFire(now: 1) == .none)
    }
}
