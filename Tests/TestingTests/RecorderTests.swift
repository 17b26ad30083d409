import Dispatch
import RSTesting
import Testing

/// An error of the tests' sources.
struct TestError: Error, Equatable {
    var code: Int
}

/// The waits of a recorder, fed by hand: values, completion, timeouts, in both forms.
@Suite struct RecorderTests {
    @Test func nextReturnsTheValuesInOrder() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(3)
        #expect(try await recorder.next() == 1)
        #expect(try await recorder.next(2) == [2, 3])
        #expect(try await recorder.next(0) == [])
        #expect(recorder.values == [1, 2, 3])
    }

    @Test func waitForNextReturnsTheValuesInOrder() throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(3)
        #expect(try recorder.waitForNext() == 1)
        #expect(try recorder.waitForNext(2) == [2, 3])
        #expect(try recorder.waitForNext(0) == [])
    }

    /// A wait gets values that arrive while it waits, from another thread.
    @Test func nextWaitsForValues() async throws {
        let recorder = Recorder<Int>()
        DispatchQueue.global().async {
            for value in 1...3 { recorder.receive(value) }
        }
        #expect(try await recorder.next(3) == [1, 2, 3])
    }

    @Test func waitForNextWaitsForValues() throws {
        let recorder = Recorder<Int>()
        DispatchQueue.global().async {
            for value in 1...3 { recorder.receive(value) }
        }
        #expect(try recorder.waitForNext(3) == [1, 2, 3])
    }

    @Test func nextTimesOut() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        await #expect(throws: RecorderError.valuesTimedOut(expected: 2, received: 1, timeout: 0.05)) {
            try await recorder.next(2, timeout: 0.05)
        }
        // The value that the failed wait did not return is still the next one.
        #expect(try await recorder.next(timeout: 0) == 1)
    }

    @Test func waitForNextTimesOut() throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        #expect(throws: RecorderError.valuesTimedOut(expected: 2, received: 1, timeout: 0.05)) {
            try recorder.waitForNext(2, timeout: 0.05)
        }
        #expect(throws: RecorderError.valuesTimedOut(expected: 3, received: 1, timeout: 0)) {
            try recorder.waitForNext(3, timeout: 0)
        }
        #expect(try recorder.waitForNext(timeout: 0) == 1)
    }

    @Test func completionTimesOut() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        await #expect(throws: RecorderError.completionTimedOut(receivedValues: 1, timeout: 0.05)) {
            try await recorder.completion(timeout: 0.05)
        }
        #expect(throws: RecorderError.completionTimedOut(receivedValues: 1, timeout: 0.05)) {
            try recorder.waitForCompletion(timeout: 0.05)
        }
    }

    @Test func describesTheTimeout() {
        #expect(
            RecorderError.valuesTimedOut(expected: 3, received: 1, timeout: 0.5).description
                == "Recorder timed out after 0.5 s waiting for 3 values; received 1")
        #expect(
            RecorderError.completionTimedOut(receivedValues: 1, timeout: 2).description
                == "Recorder timed out after 2.0 s waiting for the completion; received 1 value")
        #expect(
            RecorderError.finishedBeforeValues(expected: 2, received: 0).description
                == "Recorder: the source finished after 0 of the 2 expected values")
    }

    @Test func completionReturnsTheEnd() async throws {
        let recorder = Recorder<Int>()
        DispatchQueue.global().async {
            recorder.receive(1)
            recorder.receive(completion: .finished)
        }
        #expect(try await recorder.completion().isFinished)
        #expect(try recorder.waitForCompletion().isFinished)
        #expect(recorder.values == [1])
    }

    @Test func completionReturnsTheFailure() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(completion: .failure(TestError(code: 1)))
        #expect(try await recorder.completion().failure as? TestError == TestError(code: 1))
        #expect(try recorder.waitForCompletion().failure as? TestError == TestError(code: 1))
        #expect(recorder.receivedCompletion?.failure as? TestError == TestError(code: 1))
    }

    /// A wait for a value that satisfies a predicate skips, and consumes, the values before it.
    @Test func nextWhereSkipsToTheMatchingValue() async throws {
        let recorder = Recorder<Int>()
        DispatchQueue.global().async {
            for value in 1...4 { recorder.receive(value) }
        }
        #expect(try await recorder.next(where: { $0.isMultiple(of: 2) }) == 2)
        #expect(try recorder.waitForNext(where: { $0 > 2 }) == 3)
        #expect(try await recorder.next() == 4)
    }

    /// A wait for a value that satisfies a predicate times out, consuming nothing, or fails when the
    /// source finishes first.
    @Test func nextWhereTimesOutOrFails() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        await #expect(throws: RecorderError.matchTimedOut(received: 1, timeout: 0.05)) {
            try await recorder.next(where: { $0 > 1 }, timeout: 0.05)
        }
        #expect(throws: RecorderError.matchTimedOut(received: 1, timeout: 0)) {
            try recorder.waitForNext(where: { $0 > 1 }, timeout: 0)
        }
        recorder.receive(completion: .finished)
        #expect(throws: RecorderError.finishedBeforeMatch(received: 1)) {
            try recorder.waitForNext(where: { $0 > 1 })
        }
        #expect(try await recorder.next() == 1)
        #expect(
            RecorderError.matchTimedOut(received: 1, timeout: 2).description
                == "Recorder timed out after 2.0 s waiting for a value that satisfies the predicate; received 1 other value"
        )
    }

    /// A wait for more values than the source gave before it finished fails at once.
    @Test func nextFailsWhenTheSourceFinishesFirst() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        recorder.receive(completion: .finished)
        await #expect(throws: RecorderError.finishedBeforeValues(expected: 2, received: 1)) {
            try await recorder.next(2)
        }
        #expect(throws: RecorderError.finishedBeforeValues(expected: 2, received: 1)) {
            try recorder.waitForNext(2)
        }
        #expect(try await recorder.next() == 1)
    }

    /// A wait for more values than the source gave before it failed throws the source's error.
    @Test func nextThrowsTheFailureOfTheSource() async throws {
        let recorder = Recorder<Int>()
        DispatchQueue.global().async {
            recorder.receive(1)
            recorder.receive(completion: .failure(TestError(code: 2)))
        }
        await #expect(throws: TestError(code: 2)) { try await recorder.next(2) }
        #expect(throws: TestError(code: 2)) { try recorder.waitForNext(2) }
    }

    /// What arrives after the completion, or after `cancel()`, is not recorded.
    @Test func ignoresWhatArrivesAfterTheEnd() {
        let finished = Recorder<Int>()
        finished.receive(completion: .finished)
        finished.receive(1)
        finished.receive(completion: .failure(TestError(code: 3)))
        #expect(finished.values == [])
        #expect(finished.receivedCompletion?.isFinished == true)

        let cancelled = Recorder<Int>()
        cancelled.cancel()
        cancelled.receive(1)
        cancelled.receive(completion: .finished)
        #expect(cancelled.values == [])
        #expect(cancelled.receivedCompletion?.failure is CancellationError)
    }

    /// `cancel()` ends the waits in progress, and later ones, with a CancellationError, once the
    /// values received are consumed.
    @Test func cancellationEndsTheWaits() async throws {
        let recorder = Recorder<Int>()
        recorder.receive(1)
        let wait = Task { try await recorder.next(3, timeout: 60) }
        let blockingWait = Task.detached { try recorder.waitForNext(2, timeout: 60) }
        recorder.cancel()
        await #expect(throws: CancellationError.self) { try await wait.value }
        await #expect(throws: CancellationError.self) { try await blockingWait.value }
        #expect(try await recorder.next() == 1)
        await #expect(throws: CancellationError.self) { try await recorder.next() }
    }

    /// A wait for a negative number of values is an error, not a crash.
    @Test func aNegativeCountIsAnError() async throws {
        let recorder = Recorder<Int>()
        await #expect(throws: RecorderError.negativeCount(-1)) { try await recorder.next(-1) }
        #expect(throws: RecorderError.negativeCount(-2)) { try recorder.waitForNext(-2) }
    }

    /// Cancelling the task of an async wait ends it with a CancellationError.
    @Test func nextEndsWhenItsTaskIsCancelled() async throws {
        let recorder = Recorder<Int>()
        let task = Task { try await recorder.next(timeout: 60) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The value that comes after the cancelled wait is the next one.
        recorder.receive(1)
        #expect(try await recorder.next() == 1)
    }
}
