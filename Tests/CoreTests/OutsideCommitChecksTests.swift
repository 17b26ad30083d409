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
        checks.busyWriterSignalDelay = 0
        return checks
    }

    /// The look that the state machine scheduled (the test fails without one).
    private func scheduled(
        _ look: OutsideCommitChecks.ScheduledLook?, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> OutsideCommitChecks.ScheduledLook {
        try #require(look, sourceLocation: sourceLocation)
    }

    @Test func withFileNotificationsTheLookOfASignalWaitsForTheSignalsOfABurst() throws {
        var checks = OutsideCommitChecks()
        checks.signalDelay = 0.25
        checks.settleLookCount = 0
        let look = try scheduled(checks.signalDidArrive(at: 0))
        #expect(look.start == .after(0.25))
        let answer1 = checks.signalDidArrive(at: 0.125)
        #expect(answer1 == nil)
        let isStarting = checks.lookWillStart(look)
        #expect(isStarting)
        let answer2 = checks.lookDidEnd(.unchanged, at: 0.25)
        #expect(answer2 == nil)
    }

    @Test func aSignalSchedulesOneLookAndMoreSignalsAreCoalesced() throws {
        var checks = polling()
        let look = try scheduled(checks.signalDidArrive(at: 0))
        #expect(look.start == .now)
        let answer1 = checks.signalDidArrive(at: 0)
        #expect(answer1 == nil)
        let answer2 = checks.lookWillStart(look)
        #expect(answer2)
        let answer3 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer3 == nil)
        let answer4 = checks.lookWillStart(look)
        #expect(!answer4)
        let answer5 = checks.signalDidArrive(at: 1)
        #expect(answer5?.start == .now)
    }

    @Test func aSignalDuringALookSchedulesAnotherOne() throws {
        var checks = polling()
        let look1 = try scheduled(checks.signalDidArrive(at: 0))
        let answer1 = checks.lookWillStart(look1)
        #expect(answer1)
        let answer2 = checks.signalDidArrive(at: 0)
        #expect(answer2 == nil)
        let answer3 = checks.signalDidArrive(at: 0)
        #expect(answer3 == nil)
        let look2 = try scheduled(checks.lookDidEnd(.unchanged, at: 0))
        #expect(look2.start == .now)
        let answer4 = checks.lookWillStart(look2)
        #expect(answer4)
        let answer5 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer5 == nil)
    }

    @Test func aLookThatNoticedCommitsDelaysTheNextOne() throws {
        var checks = polling()
        checks.coalescingInterval = 0.25
        let look1 = try scheduled(checks.signalDidArrive(at: 0))
        _ = checks.lookWillStart(look1)
        let answer1 = checks.signalDidArrive(at: 0)
        #expect(answer1 == nil)
        let look2 = try scheduled(checks.lookDidEnd(.noticed, at: 0))
        #expect(look2.start == .after(0.25))
        _ = checks.lookWillStart(look2)
        let answer2 = checks.lookDidEnd(.unchanged, at: 0.0625)
        #expect(answer2 == nil)
        let look3 = try scheduled(checks.signalDidArrive(at: 0.125))
        #expect(look3.start == .after(0.125))
        let answer3 = checks.lookWillStart(look3)
        #expect(answer3)
        let answer4 = checks.lookDidEnd(.unchanged, at: 1)
        #expect(answer4 == nil)
        let answer5 = checks.signalDidArrive(at: 1)
        #expect(answer5?.start == .now)
    }

    @Test func aLookThatFailedIsTriedAgain() throws {
        var checks = polling()
        let look1 = try scheduled(checks.signalDidArrive(at: 0))
        _ = checks.lookWillStart(look1)
        let look2 = try scheduled(checks.lookDidEnd(.failed, at: 0))
        #expect(look2.start == .after(checks.retryInterval))
        let answer1 = checks.lookWillStart(look2)
        #expect(answer1)
        let answer2 = checks.lookDidEnd(.noticed, at: 1)
        #expect(answer2 == nil)
    }

    @Test func aLookAfterASignalIsRepeatedWithGrowingDelaysUntilASignalComes() throws {
        var checks = OutsideCommitChecks()
        checks.settleLookCount = 3
        checks.coalescingInterval = 0
        checks.signalDelay = 0
        var look = checks.signalDidArrive(at: 0)
        var delays: [Double] = []
        while let scheduled = look, checks.lookWillStart(scheduled) {
            look = checks.lookDidEnd(.unchanged, at: 0)
            if case .after(let delay) = look?.start { delays.append(delay) }
        }
        #expect(delays == [0.001, 0.002, 0.004])
        // A look that notices commits starts the repetitions again; a signal replaces the delayed
        // look by one at once.
        let look1 = try scheduled(checks.signalDidArrive(at: 0))
        #expect(look1.start == .now)
        _ = checks.lookWillStart(look1)
        let look2 = try scheduled(checks.lookDidEnd(.noticed, at: 0))
        #expect(look2.start == .after(0.001))
        let look3 = try scheduled(checks.signalDidArrive(at: 0))
        #expect(look3.start == .now)
        let answer1 = checks.lookWillStart(look3)
        #expect(answer1)
        let answer2 = checks.lookDidEnd(.unchanged, at: 0)
        #expect(answer2?.start == .after(0.001))
    }

    @Test func aDelayedLookThatASignalReplacedStartsNothing() throws {
        var checks = OutsideCommitChecks()
        checks.signalDelay = 0.25
        let look1 = try scheduled(checks.signalDidArrive(at: 0))
        _ = checks.lookWillStart(look1)
        let repeatedLook = try scheduled(checks.lookDidEnd(.unchanged, at: 0.25))
        #expect(repeatedLook.start == .after(0.001))
        // The signals of local writes, say: one look, after the signal delay.
        let look2 = try scheduled(checks.signalDidArrive(at: 0.25))
        #expect(look2.start == .after(0.25))
        let answer1 = checks.lookWillStart(repeatedLook)
        #expect(!answer1)
        let answer2 = checks.signalDidArrive(at: 0.375)
        #expect(answer2 == nil)
        let answer3 = checks.lookWillStart(look2)
        #expect(answer3)
    }

    @Test func whileTheWriterCommitsALookWaitsLongerForItsSignal() throws {
        var checks = OutsideCommitChecks()
        checks.signalDelay = 0.25
        checks.busyWriterSignalDelay = 0.5
        let look1 = try scheduled(checks.signalDidArrive(at: 0))
        #expect(look1.start == .after(0.25))
        _ = checks.lookWillStart(look1)
        let repeatedLook = checks.lookDidEnd(.localCommitsOnly, at: 0.25)
        #expect(repeatedLook?.start == .after(0.5))
        let look2 = try scheduled(checks.signalDidArrive(at: 0.25))
        #expect(look2.start == .after(0.5))
        _ = checks.lookWillStart(look2)
        // The writer stopped committing.
        _ = checks.lookDidEnd(.unchanged, at: 0.75)
        let look3 = try scheduled(checks.signalDidArrive(at: 1))
        #expect(look3.start == .after(0.25))
        _ = checks.lookWillStart(look3)
        _ = checks.lookDidEnd(.localCommitsOnly, at: 1.25)
        // Outside commits: the next look waits as long as usual.
        let look4 = try scheduled(checks.signalDidArrive(at: 1.25))
        _ = checks.lookWillStart(look4)
        _ = checks.lookDidEnd(.noticed, at: 1.75)
        let look5 = try scheduled(checks.signalDidArrive(at: 2))
        #expect(look5.start == .after(0.25))
    }

    @Test func afterStopNothingIsScheduledNorStarts() throws {
        var checks = OutsideCommitChecks()
        let look = try scheduled(checks.signalDidArrive(at: 0))
        checks.stop()
        let answer1 = checks.lookWillStart(look)
        #expect(!answer1)
        let answer2 = checks.signalDidArrive(at: 0)
        #expect(answer2 == nil)
        let answer3 = checks.lookDidEnd(.noticed, at: 0)
        #expect(answer3 == nil)
    }
}
