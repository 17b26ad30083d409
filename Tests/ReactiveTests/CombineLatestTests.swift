import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

/// `combineLatest`, which the import brings with the other operators (RSReactive's where
/// OpenCombine lacks it), as GRDB's Combine guide uses it: the latest elements of two publishers,
/// within the demand, and the completions of both. Subjects publish synchronously: what they send
/// is received before `send` returns.
@Suite struct CombineLatestTests {
    private struct TestError: Error {}

    @Test func publishesTheLatestElementsOnceBothHavePublished() {
        let numbers = PassthroughSubject<Int, any Error>()
        let letters = PassthroughSubject<String, any Error>()
        let recorder = numbers.combineLatest(letters) { "\($0)\($1)" }.record()
        numbers.send(1)
        numbers.send(2)
        #expect(recorder.values.isEmpty)
        letters.send("a")
        numbers.send(3)
        letters.send("b")
        #expect(recorder.values == ["2a", "3a", "3b"])
        #expect(recorder.receivedCompletion == nil)
    }

    @Test func onlyTheLatestCombinationWaitsForDemand() {
        let numbers = PassthroughSubject<Int, any Error>()
        let letters = PassthroughSubject<String, any Error>()
        let recorder = Recorder<String>()
        let subscriber = RecordingSubscriber<String, any Error>(into: recorder, demand: .max(1))
        numbers.combineLatest(letters).map { "\($0)\($1)" }.subscribe(subscriber)
        numbers.send(1)
        letters.send("a")
        numbers.send(2)
        letters.send("b")
        #expect(recorder.values == ["1a"])
        subscriber.request(.max(5))
        #expect(recorder.values == ["1a", "2b"])
        numbers.send(3)
        #expect(recorder.values == ["1a", "2b", "3b"])
    }

    @Test func finishesWhenBothFinish() {
        let numbers = PassthroughSubject<Int, any Error>()
        let letters = PassthroughSubject<String, any Error>()
        let recorder = numbers.combineLatest(letters) { "\($0)\($1)" }.record()
        numbers.send(1)
        letters.send("a")
        numbers.send(completion: .finished)
        letters.send("b")  // still combined with the latest number
        #expect(recorder.receivedCompletion == nil)
        letters.send(completion: .finished)
        #expect(recorder.values == ["1a", "1b"])
        guard case .finished? = recorder.receivedCompletion else {
            Issue.record("expected .finished, got \(String(describing: recorder.receivedCompletion))")
            return
        }
    }

    @Test func finishesAtOnceWhenOneFinishesWithoutPublishing() {
        let numbers = PassthroughSubject<Int, any Error>()
        let letters = PassthroughSubject<String, any Error>()
        let numbersCancelled = Locked(false)
        let recorder = numbers.handleEvents(receiveCancel: { numbersCancelled.current = true })
            .combineLatest(letters) { "\($0)\($1)" }
            .record()
        numbers.send(1)
        letters.send(completion: .finished)
        #expect(recorder.values.isEmpty)
        #expect(numbersCancelled.current)
        guard case .finished? = recorder.receivedCompletion else {
            Issue.record("expected .finished, got \(String(describing: recorder.receivedCompletion))")
            return
        }
    }

    @Test func failsWithTheFirstFailureAndCancelsTheOtherPublisher() {
        let numbers = PassthroughSubject<Int, any Error>()
        let letters = PassthroughSubject<String, any Error>()
        let lettersCancelled = Locked(false)
        let recorder = numbers.combineLatest(letters.handleEvents(receiveCancel: { lettersCancelled.current = true })) {
            "\($0)\($1)"
        }
        .record()
        numbers.send(1)
        letters.send("a")
        numbers.send(completion: .failure(TestError()))
        letters.send("b")
        #expect(recorder.values == ["1a"])
        #expect(lettersCancelled.current)
        guard case .failure(let error)? = recorder.receivedCompletion else {
            Issue.record("expected a failure, got \(String(describing: recorder.receivedCompletion))")
            return
        }
        #expect(error is TestError)
    }

    @Test func cancellingCancelsBothPublishers() {
        let numbers = PassthroughSubject<Int, any Error>()
        let letters = PassthroughSubject<String, any Error>()
        let cancellations = Locked(0)
        let recorder = Recorder<String>()
        let subscriber = RecordingSubscriber<String, any Error>(into: recorder)
        numbers.handleEvents(receiveCancel: { cancellations.withLock { $0 += 1 } })
            .combineLatest(letters.handleEvents(receiveCancel: { cancellations.withLock { $0 += 1 } })) {
                "\($0)\($1)"
            }
            .subscribe(subscriber)
        numbers.send(1)
        letters.send("a")
        subscriber.cancel()
        numbers.send(2)
        #expect(recorder.values == ["1a"])
        #expect(cancellations.current == 2)
        #expect(recorder.receivedCompletion == nil)
    }
}
