import RSCore
import RSObservation

/// The subscription of every publisher of the module: it sends the values of a database access or
/// observation to its subscriber, within the subscriber's demand (see `DemandState`).
///
/// Values are received on the delivery context of the publisher (the scheduler of its values, or
/// the writer for transient values) and sent there at once when there is demand. A value that
/// waits for demand is sent from `schedule`, which runs on the same context.
final class DatabaseSubscription<Downstream: Subscriber & SendableMetatype>: Subscription, @unchecked Sendable
where Downstream.Failure == any Error {
    // @unchecked Sendable: the mutable state (the demand state, the subscriber, the cancellable) is
    // in `state`, under its lock. The subscriber is called outside of the lock, one call at a time:
    // `DemandState` lets one delivery run at a time, as Combine requires of the calls to a subscriber.
    private let state: LockedValue<State>
    private let schedule: DeliveryScheduler

    private struct State {
        var demand = DemandState<Downstream.Input>()
        var downstream: Downstream?
        var cancellable: AnyDatabaseCancellable?
    }

    /// A subscription for `downstream`, whose waiting values are sent from `schedule`.
    init(downstream: Downstream, schedule: DeliveryScheduler) {
        state = LockedValue(State(downstream: downstream))
        self.schedule = schedule
    }

    /// Gives the subscription to the subscriber, then starts the work, which the subscription keeps
    /// until it ends. `start` is not called when the subscriber cancels at once.
    func start(_ start: (DatabaseSubscription) -> AnyDatabaseCancellable?) {
        state.withLock { $0.downstream }?.receive(subscription: self)
        guard !state.withLock({ $0.demand.isFinished }) else { return }
        let cancellable = start(self)
        let isFinished = state.withLock { state in
            if !state.demand.isFinished { state.cancellable = cancellable }
            return state.demand.isFinished
        }
        if isFinished { cancellable?.cancel() }
    }

    func request(_ demand: Subscribers.Demand) {
        if state.withLock({ $0.demand.request(demand) }) {
            schedule.run { self.deliver(self.state.withLock { $0.demand.startDelivery() }) }
        }
    }

    func cancel() {
        let cancellable = state.withLock { state -> AnyDatabaseCancellable? in
            guard state.demand.cancel() else { return nil }
            defer {
                state.downstream = nil
                state.cancellable = nil
            }
            return state.cancellable
        }
        cancellable?.cancel()
    }

    /// Receives a value, on the delivery context: sent now if there is demand, else kept until
    /// there is (only the latest waits). With `isLast`, the subscription finishes after it.
    func receive(_ value: Downstream.Input, isLast: Bool = false) {
        deliver(
            state.withLock { state in
                state.demand.receive(value, isLast: isLast)
                return state.demand.startDelivery()
            })
    }

    /// Receives a value that is valid only during this call (a `Database`): sent now if there is
    /// demand, dropped otherwise.
    func receiveTransient(_ value: Downstream.Input) {
        guard let value = state.withLock({ $0.demand.receiveTransient(value) }) else { return }
        deliver(.value(value, isLast: false))
    }

    /// Receives the failure that ends the subscription, on the delivery context.
    func receive(failure: any Error) {
        deliver(
            state.withLock { state in
                state.demand.receive(failure: failure)
                return state.demand.startDelivery()
            })
    }

    /// Sends what `DemandState` says, then what it says next, until nothing can be sent.
    private func deliver(_ first: DemandState<Downstream.Input>.Delivery?) {
        var delivery = first
        while let current = delivery, let downstream = state.withLock({ $0.downstream }) {
            switch current {
            case .value(let value, let isLast):
                let additionalDemand = downstream.receive(value)
                if isLast { finish(with: .finished) }
                delivery = state.withLock { $0.demand.finishDelivery(additionalDemand: additionalDemand) }
            case .failure(let error):
                finish(with: .failure(error))
                delivery = nil
            }
        }
    }

    /// Sends the completion, unless the subscriber cancelled meanwhile, and forgets the subscriber
    /// and the work. The work is released outside of the lock: its end may call back.
    private func finish(with completion: Subscribers.Completion<any Error>) {
        let (downstream, cancellable) = state.withLock { state in
            defer {
                state.downstream = nil
                state.cancellable = nil
            }
            return (state.downstream, state.cancellable)
        }
        withExtendedLifetime(cancellable) {
            downstream?.receive(completion: completion)
        }
    }
}
