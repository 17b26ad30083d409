import RSCore
import RSReactive
import RSTesting

/// A subscriber that gives what it receives to a `Recorder`, with the demand that the check asks for:
/// for the checks of demand, of what happens where a value is received, of a cancellation after which
/// nothing may arrive, and of the lifetime of subscribers. The other checks record with RSTesting's
/// `Publisher.record()`, which asks for every value, and whose `Recorder.cancel()` completes the
/// recorder and ignores what comes after.
public final class RecordingSubscriber<Input: Sendable, Failure: Error>: Subscriber, @unchecked Sendable {
    // Sendable: the subscription is behind a lock; the other properties are constants, of Sendable
    // values (the identifier is only compared).
    private let subscription = LockedValue<(any Subscription)?>(nil)
    private let recorder: Recorder<Input>
    private let initialDemand: Subscribers.Demand
    private let onValue: (@Sendable (Input) -> Void)?
    /// Identifies the subscriber.
    public let combineIdentifier = CombineIdentifier()

    /// A subscriber that records into `recorder`, asks for `demand` values when it is subscribed, and
    /// calls `onValue` with each value it gets, before it records it.
    public init(
        into recorder: Recorder<Input>, demand: Subscribers.Demand = .unlimited,
        onValue: (@Sendable (Input) -> Void)? = nil
    ) {
        self.recorder = recorder
        initialDemand = demand
        self.onValue = onValue
    }

    /// Keeps the subscription, and asks for the initial demand.
    public func receive(subscription: any Subscription) {
        self.subscription.withLock { $0 = subscription }
        if initialDemand > 0 { subscription.request(initialDemand) }
    }

    /// Records a value.
    public func receive(_ input: Input) -> Subscribers.Demand {
        onValue?(input)
        recorder.receive(input)
        return .none
    }

    /// Records the completion.
    public func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: recorder.receive(completion: .finished)
        case .failure(let error): recorder.receive(completion: .failure(error))
        }
    }

    /// Asks for more values.
    public func request(_ demand: Subscribers.Demand) {
        subscription.withLock { $0 }?.request(demand)
    }

    /// Cancels the subscription. The recorder does not complete: what the publisher may still send
    /// is recorded.
    public func cancel() {
        subscription.withLock { $0 }?.cancel()
    }
}
