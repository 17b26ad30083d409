import Foundation
import RSReactive

/// The subscriber of a recorded publisher: it asks for every value, gives what it receives to the
/// recorder, which it holds weakly, and cancels the subscription when the recorder stops it.
final class RecorderSubscriber<Input: Sendable, Failure: Error>: Subscriber, @unchecked Sendable {
    // Sendable: `subscription` and `isCancelled` are read and written under `lock`.
    private let lock = NSLock()
    private var subscription: (any Subscription)?
    private var isCancelled = false
    private weak var recorder: Recorder<Input>?
    let combineIdentifier = CombineIdentifier()

    init(recorder: Recorder<Input>) {
        self.recorder = recorder
    }

    func receive(subscription: any Subscription) {
        let cancelsNow = lock.withLock {
            if isCancelled { return true }
            self.subscription = subscription
            return false
        }
        if cancelsNow {
            subscription.cancel()
        } else {
            subscription.request(.unlimited)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        recorder?.receive(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: recorder?.receive(completion: .finished)
        case .failure(let error): recorder?.receive(completion: .failure(error))
        }
        lock.withLock { subscription = nil }
    }

    /// Cancels the subscription, or the one to come.
    func cancel() {
        let subscription: (any Subscription)? = lock.withLock {
            isCancelled = true
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}
