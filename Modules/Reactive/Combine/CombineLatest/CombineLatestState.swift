#if !canImport(Combine)
    /// The rules of `combineLatest`: a value type without I/O, which `CombineLatestSubscription`
    /// drives. Events come in (a value, the subscription or the completion of a side; demand, a
    /// cancellation or the end of a delivery from the subscriber); actions go out (what to send,
    /// which upstream subscriptions to request or cancel).
    ///
    /// - Nothing is sent until both sides have published; then each value of either side makes the
    ///   combination of the latest value of each.
    /// - `DemandState` sends the combinations: within the subscriber's demand, one delivery at a
    ///   time; without demand, only the latest combination waits.
    /// - Both sides are requested `.unlimited` at the first demand (a side that subscribes later, at
    ///   once): their latest values are kept, whatever the demand.
    /// - The combination finishes when both sides have finished, or when one finishes without having
    ///   published: the combination that waits is sent first if there is demand for it, else
    ///   dropped. It fails with the first failure, which drops the combination that waits. Either
    ///   completion cancels the other side, and waits for the end of the delivery that runs.
    /// - A cancellation cancels both sides: nothing is sent any more.
    ///
    /// The completion is kept here, not in `DemandState`, whose completions do not fit: it finishes
    /// only with a last value, which waits for demand, and fails with an untyped `any Error`, while
    /// this combination finishes without a value (dropping the combination that waits when there is
    /// no demand for it) and fails with its typed `Failure`. The completion is sent once
    /// `DemandState` sends nothing more and no delivery runs (`DemandState.isDelivering`).
    struct CombineLatestState<First, Second, Failure: Error, Upstream> {
        /// One of the two combined publishers.
        enum Side: CaseIterable {
            case first, second
        }

        /// What happens to the combination.
        enum Event {
            /// A side gives its subscription.
            case subscription(Upstream, Side)
            /// The first side publishes.
            case first(First)
            /// The second side publishes.
            case second(Second)
            /// A side completes.
            case completion(Subscribers.Completion<Failure>, Side)
            /// The subscriber adds demand.
            case demand(Subscribers.Demand)
            /// The subscriber has received a combination, and adds demand.
            case deliveryFinished(additionalDemand: Subscribers.Demand)
            /// The subscriber cancels.
            case cancel
        }

        /// What to send to the subscriber.
        enum Delivery {
            /// A combination: its delivery runs until `.deliveryFinished`.
            case value(First, Second)
            /// The completion: the combination is over.
            case completion(Subscribers.Completion<Failure>)
        }

        /// What the driver does after an event, outside of its lock, in this order.
        struct Actions {
            /// The upstream subscriptions to cancel.
            var cancel: [Upstream]
            /// The upstream subscriptions to request `.unlimited` values from.
            var request: [Upstream]
            /// What to send to the subscriber now.
            var delivery: Delivery?

            /// Actions; none by default.
            init(cancel: [Upstream] = [], request: [Upstream] = [], delivery: Delivery? = nil) {
                self.cancel = cancel
                self.request = request
                self.delivery = delivery
            }
        }

        /// The subscriber's demand, and the combination that waits for it.
        private var demand = DemandState<(First, Second)>()
        private var first: First?
        private var second: Second?
        private var finishedSides: Set<Side> = []
        /// The subscriptions of the sides, until the combination ends.
        private var upstreams: [Side: Upstream] = [:]
        private var hasRequestedUpstreams = false
        /// The completion that waits for the end of the delivery that runs.
        private var completion: Subscribers.Completion<Failure>?

        /// A combination that no side has published to, without demand.
        init() {}

        /// Whether the sides are no longer listened to: a completion is decided, or the combination
        /// is over (completed or cancelled).
        private var isEnding: Bool { completion != nil || demand.isFinished }

        /// Takes an event; returns what to do.
        mutating func handle(_ event: Event) -> Actions {
            switch event {
            case .subscription(let upstream, let side):
                guard !isEnding else { return Actions(cancel: [upstream]) }
                upstreams[side] = upstream
                return Actions(request: hasRequestedUpstreams ? [upstream] : [])
            case .first(let value):
                guard !isEnding else { return Actions() }
                first = value
                if let second { demand.receive((value, second)) }
                return Actions(delivery: next(demand.startDelivery()))
            case .second(let value):
                guard !isEnding else { return Actions() }
                second = value
                if let first { demand.receive((first, value)) }
                return Actions(delivery: next(demand.startDelivery()))
            case .completion(let completion, let side):
                return receive(completion, from: side)
            case .demand(let additionalDemand):
                _ = demand.request(additionalDemand)
                var actions = Actions()
                if !hasRequestedUpstreams {
                    hasRequestedUpstreams = true
                    actions.request = Side.allCases.compactMap { upstreams[$0] }
                }
                actions.delivery = next(demand.startDelivery())
                return actions
            case .deliveryFinished(let additionalDemand):
                return Actions(delivery: next(demand.finishDelivery(additionalDemand: additionalDemand)))
            case .cancel:
                _ = demand.cancel()
                completion = nil
                defer { upstreams = [:] }
                return Actions(cancel: Side.allCases.compactMap { upstreams[$0] })
            }
        }

        /// Decides the completion of the combination, if the completion of a side ends it.
        private mutating func receive(_ sideCompletion: Subscribers.Completion<Failure>, from side: Side) -> Actions {
            guard !isEnding else { return Actions() }
            switch sideCompletion {
            case .failure:
                // The combination that waits is dropped: only the failure is sent.
                _ = demand.cancel()
            case .finished:
                finishedSides.insert(side)
                let hasPublished = side == .first ? first != nil : second != nil
                guard !hasPublished || finishedSides.count == Side.allCases.count else { return Actions() }
            }
            completion = sideCompletion
            let other = upstreams[side == .first ? .second : .first]
            upstreams = [:]
            return Actions(cancel: other.map { [$0] } ?? [], delivery: next(demand.startDelivery()))
        }

        /// What to send now, given what `DemandState` sends: its combination, else the decided
        /// completion once no delivery runs. (`DemandState` is given no failure: it sends only
        /// combinations.)
        private mutating func next(_ delivery: DemandState<(First, Second)>.Delivery?) -> Delivery? {
            if case .value(let value, _)? = delivery { return .value(value.0, value.1) }
            guard let completion, !demand.isDelivering else { return nil }
            self.completion = nil
            _ = demand.cancel()
            return .completion(completion)
        }
    }
#endif
