#if !canImport(Combine)
    import RSCore

    /// The subscription of a `Publishers.CombineLatest`: it tells `CombineLatestState` what the two
    /// publishers and the subscriber do, under its lock, then does what the state says outside of
    /// it, so that a publisher may publish, and the subscriber request or cancel, from these calls.
    final class CombineLatestSubscription<First, Second, Downstream: Subscriber>: Subscription, @unchecked Sendable
    where Downstream.Input == (First, Second) {
        // @unchecked Sendable: the mutable state (the rules and the subscriber) is in `state`, under
        // its lock. The subscriber and the upstream subscriptions are called outside of the lock, the
        // subscriber one call at a time: `CombineLatestState` lets one delivery run at a time, and
        // sends the completion once none runs, as Combine requires of the calls to a subscriber.
        typealias Rules = CombineLatestState<First, Second, Downstream.Failure, any Subscription>

        private let state: LockedValue<State>

        private struct State {
            var rules = Rules()
            /// The subscriber, until the completion is sent or it cancels.
            var downstream: Downstream?
        }

        /// The subscription of `downstream`, before either publisher is subscribed to.
        init(downstream: Downstream) {
            state = LockedValue(State(downstream: downstream))
        }

        func request(_ demand: Subscribers.Demand) {
            handle(.demand(demand))
        }

        func cancel() {
            perform(
                state.withLock { state in
                    state.downstream = nil
                    return state.rules.handle(.cancel)
                })
        }

        /// Takes an event of a side or of the subscriber, and does what the rules say.
        func handle(_ event: Rules.Event) {
            perform(state.withLock { $0.rules.handle(event) })
        }

        /// Cancels and requests upstream, then sends what the rules say, and what they say next,
        /// until nothing can be sent.
        private func perform(_ actions: Rules.Actions) {
            for upstream in actions.cancel { upstream.cancel() }
            for upstream in actions.request { upstream.request(.unlimited) }
            var delivery = actions.delivery
            while let current = delivery {
                switch current {
                case .value(let first, let second):
                    guard let downstream = state.withLock({ $0.downstream }) else { return }
                    let additionalDemand = downstream.receive((first, second))
                    // The end of a delivery only sends: it neither requests nor cancels.
                    delivery = state.withLock {
                        $0.rules.handle(.deliveryFinished(additionalDemand: additionalDemand)).delivery
                    }
                case .completion(let completion):
                    let downstream = state.withLock { state in
                        defer { state.downstream = nil }
                        return state.downstream
                    }
                    downstream?.receive(completion: completion)
                    return
                }
            }
        }
    }
#endif
