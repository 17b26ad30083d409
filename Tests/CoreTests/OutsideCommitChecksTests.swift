import Testing

@testable import RSCore

/// When the writer looks for the commits of other connections, without a database: each test feeds
/// the state machine signals and the ends of looks, and checks what it schedules.
@Suite struct OutsideCommitChecksTests {
    /// A state machine that repeats no look, and looks at once, as for polling.
    private func polling() -> OutsideCommitChecks {
        var checks = OutsideCommitChecks()
        checks.settleLookCount = 0
        checks.signalDelay = 0
        return checks
    }

    @Test func withFileNotificationsTheLookOfASignalWaitsForTheSignalsOfABurst() {
        var checks = OutsideCommitChecks()
        checks.signalDelay = 0.25
        checks.settleLookCount = 0
        let answer1 = checks.signalDidArrive(at: 0)
        #expect(answer1 == .after(0.25))
        let answer2 = checks.signalDidArrive(at: 0.125)
        #expect(answer2 == nil)
        let isStarting = checks.lookWillStart()
        #expect(isStarting)
        let answer3 = checks.lookDidEnd(.unchanged, at: 0.25)
        #expect(answer3 == nil)
    }

    @Test func aSignalSchedulesOneLookAndMoreSignalsAreCoalesced() {
        var checks = polling()
        let answer1 = checks.signalDidArrive(at: 0)
        #expect(answer1 == .now)
        let answer2 = checks.signalDidArrive(at: 0)
        #expect(answer2 == nil)
        let answer3 = checks.lookWillStart()
        #expect(answer3)
        let answer4 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer4 == nil)
        let answer5 = checks.lookWillStart()
        #expect(!answer5)
        let answer6 = checks.signalDidArrive(at: 1)
        #expect(answer6 == .now)
    }

    @Test func aSignalDuringALookSchedulesAnotherOne() {
        var checks = polling()
        _ = checks.signalDidArrive(at: 0)
        let answer1 = checks.lookWillStart()
        #expect(answer1)
        let answer2 = checks.signalDidArrive(at: 0)
        #expect(answer2 == nil)
        let answer3 = checks.signalDidArrive(at: 0)
        #expect(answer3 == nil)
        let answer4 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer4 == .now)
        let answer5 = checks.lookWillStart()
        #expect(answer5)
        let answer6 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer6 == nil)
    }

    @Test func aLookThatNoticedCommitsDelaysTheNextOne() {
        var checks = polling()
        checks.coalescingInterval = 0.25
        _ = checks.signalDidArrive(at: 0)
        _ = checks.lookWillStart()
        let answer1 = checks.signalDidArrive(at: 0)
        #expect(answer1 == nil)
        let answer2 = checks.lookDidEnd(.noticed, at: 0)
        #expect(answer2 == .after(0.25))
        _ = checks.lookWillStart()
        let answer3 = checks.lookDidEnd(.unchanged, at: 0.0625)
        #expect(answer3 == nil)
        let answer4 = checks.signalDidArrive(at: 0.125)
        #expect(answer4 == .after(0.125))
        let answer5 = checks.lookWillStart()
        #expect(answer5)
        let answer6 = checks.lookDidEnd(.unchanged, at: 1)
        #expect(answer6 == nil)
        let answer7 = checks.signalDidArrive(at: 1)
        #expect(answer7 == .now)
    }

    @Test func aLookThatFailedIsTriedAgain() {
        var checks = polling()
        _ = checks.signalDidArrive(at: 0)
        _ = checks.lookWillStart()
        let answer1 = checks.lookDidEnd(.failed, at: 0)
        #expect(answer1 == .after(checks.retryInterval))
        let answer2 = checks.lookWillStart()
        #expect(answer2)
        let answer3 = checks.lookDidEnd(.noticed, at: 1)
        #expect(answer3 == nil)
    }

    @Test func aLookAfterASignalIsRepeatedWithGrowingDelaysUntilASignalComes() {
        var checks = OutsideCommitChecks()
        checks.settleLookCount = 3
        checks.coalescingInterval = 0
        checks.signalDelay = 0
        _ = checks.signalDidArrive(at: 0)
        var delays: [Double] = []
        while checks.lookWillStart() {
            guard case .after(let delay) = checks.lookDidEnd(.unchanged, at: 0) else { break }
            delays.append(delay)
        }
        #expect(delays == [0.001, 0.002, 0.004])
        // A look that notices commits starts the repetitions again; a signal makes the delayed
        // look start at once.
        let answer1 = checks.signalDidArrive(at: 0)
        #expect(answer1 == .now)
        _ = checks.lookWillStart()
        let answer2 = checks.lookDidEnd(.noticed, at: 0)
        #expect(answer2 == .after(0.001))
        let answer3 = checks.signalDidArrive(at: 0)
        #expect(answer3 == .now)
        let answer4 = checks.lookWillStart()
        #expect(answer4)
        let answer5 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer5 == .after(0.001))
    }

    @Test func afterStopNothingIsScheduledNorStarts() {
        var checks = OutsideCommitChecks()
        _ = checks.signalDidArrive(at: 0)
        checks.stop()
        let answer1 = checks.lookWillStart()
        #expect(!answer1)
        let answer2 = checks.signalDidArrive(at: 0)
        #expect(answer2 == nil)
        let answer3 = checks.lookDidEnd(.noticed, at: 0)
        #expect(answer3 == nil)
    }
}
