// Combine's `combineLatest`, which OpenCombine 0.14 lacks (its pull request #119 is still open):
// GRDB's Combine guide combines two observation publishers with it ("Combine and Data
// Consistency"). Where Apple's Combine exists, its own operator is used.
#if !canImport(Combine)
    import RSCore

    extension Publisher {
        /// Subscribes to an additional publisher and publishes a tuple upon receiving output from
        /// either publisher, once both have published (Combine's operator).
        ///
        /// ```swift
        /// let hallOfFamePublisher = totalPlayerCountPublisher
        ///     .combineLatest(bestPlayerPublisher)
        ///     .map(HallOfFame.init(totalPlayerCount:bestPlayers:))
        /// ```
        ///
        /// Each publisher sees its own state of the database: their combination is not guaranteed
        /// consistent (observe both values in one `ValueObservation` instead).
        public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
        where Failure == P.Failure {
            Publishers.CombineLatest(self, other)
        }

        /// Subscribes to an additional publisher and publishes the result of `transform` upon
        /// receiving output from either publisher, once both have published (Combine's operator).
        public func combineLatest<P: Publisher, T>(
            _ other: P, _ transform: @escaping (Output, P.Output) -> T
        ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
            Publishers.CombineLatest(self, other).map(transform)
        }
    }

    extension Publishers {
        /// A publisher that receives and combines the latest elements from two publishers (Combine's,
        /// which OpenCombine lacks).
        ///
        /// It publishes once both publishers have published, then each time either publishes. Within
        /// the subscriber's demand: without demand, only the latest combination waits. It finishes
        /// when both publishers have finished, or when one finishes without having published; it
        /// fails with the first failure, and then cancels the other publisher.
        public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
            /// The latest elements of both publishers.
            public typealias Output = (A.Output, B.Output)
            /// The failure of the publishers.
            public typealias Failure = A.Failure

            /// The first publisher.
            public let a: A
            /// The second publisher.
            public let b: B

            /// Combines the latest elements of `a` and `b`.
            public init(_ a: A, _ b: B) {
                self.a = a
                self.b = b
            }

            /// Subscribes to both publishers for the subscriber.
            public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
                let subscription = CombineLatestSubscription<A.Output, B.Output, S>(downstream: subscriber)
                subscriber.receive(subscription: subscription)
                a.subscribe(
                    CombineLatestSide<A.Output, A.Output, B.Output, S>(subscription, isFirst: true) {
                        $0.receiveFirst($1)
                    })
                b.subscribe(
                    CombineLatestSide<B.Output, A.Output, B.Output, S>(subscription, isFirst: false) {
                        $0.receiveSecond($1)
                    })
            }
        }
    }

    /// The subscriber of one of the two publishers of a `CombineLatest`: it forwards what it receives
    /// to the combination.
    private struct CombineLatestSide<Input, First, Second, Downstream: Subscriber>: Subscriber
    where Downstream.Input == (First, Second) {
        typealias Failure = Downstream.Failure
        typealias Combination = CombineLatestSubscription<First, Second, Downstream>
        let combineIdentifier = CombineIdentifier()
        let combination: Combination
        let isFirst: Bool
        let receiveValue: (Combination, Input) -> Void

        init(_ combination: Combination, isFirst: Bool, receiveValue: @escaping (Combination, Input) -> Void) {
            self.combination = combination
            self.isFirst = isFirst
            self.receiveValue = receiveValue
        }

        func receive(subscription: any Subscription) {
            combination.receive(subscription: subscription, isFirst: isFirst)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            receiveValue(combination, input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            combination.receive(completion: completion, isFirst: isFirst)
        }
    }

    /// The subscription of a `CombineLatest`: it keeps the latest element of each publisher, and
    /// sends their combinations, one call to the subscriber at a time.
    private final class CombineLatestSubscription<First, Second, Downstream: Subscriber>: Subscription,
        @unchecked Sendable
    where Downstream.Input == (First, Second) {
        // @unchecked Sendable: the mutable state is in `state`, under its lock. The subscriber is called
        // outside of the lock, one call at a time (`isDelivering`).
        private let state: LockedValue<State>

        private struct State {
            var downstream: Downstream?
            var first: First?
            var second: Second?
            var isFirstFinished = false
            var isSecondFinished = false
            var upstreams: [Bool: any Subscription] = [:]
            var hasRequestedUpstreams = false
            var demand = Subscribers.Demand.none
            /// The combination that waits for demand: only the latest.
            var pending: (First, Second)?
            /// The completion to send, after the pending combination if there is demand for it.
            var completion: Subscribers.Completion<Downstream.Failure>?
            var isDelivering = false
        }

        /// What `deliver()` sends next.
        private enum Delivery {
            case value((First, Second))
            case completion(Subscribers.Completion<Downstream.Failure>)
        }

        init(downstream: Downstream) {
            state = LockedValue(State(downstream: downstream))
        }

        func receive(subscription: any Subscription, isFirst: Bool) {
            let request = state.withLock { state -> Bool? in
                guard state.downstream != nil else { return nil }
                state.upstreams[isFirst] = subscription
                return state.hasRequestedUpstreams
            }
            switch request {
            case nil: subscription.cancel()
            case true?: subscription.request(.unlimited)
            case false?: break
            }
        }

        func receiveFirst(_ value: First) {
            state.withLock { state in
                guard state.downstream != nil, state.completion == nil else { return }
                state.first = value
                if let second = state.second { state.pending = (value, second) }
            }
            deliver()
        }

        func receiveSecond(_ value: Second) {
            state.withLock { state in
                guard state.downstream != nil, state.completion == nil else { return }
                state.second = value
                if let first = state.first { state.pending = (first, value) }
            }
            deliver()
        }

        func receive(completion: Subscribers.Completion<Downstream.Failure>, isFirst: Bool) {
            let other = state.withLock { state -> (any Subscription)? in
                guard state.downstream != nil, state.completion == nil else { return nil }
                switch completion {
                case .failure:
                    state.pending = nil
                    state.completion = completion
                case .finished:
                    if isFirst { state.isFirstFinished = true } else { state.isSecondFinished = true }
                    let hasPublished = isFirst ? state.first != nil : state.second != nil
                    guard !hasPublished || (state.isFirstFinished && state.isSecondFinished) else { return nil }
                    state.completion = .finished
                }
                return state.upstreams[!isFirst]
            }
            other?.cancel()
            deliver()
        }

        func request(_ demand: Subscribers.Demand) {
            let upstreams = state.withLock { state -> [any Subscription] in
                guard state.downstream != nil else { return [] }
                state.demand += demand
                guard !state.hasRequestedUpstreams else { return [] }
                state.hasRequestedUpstreams = true
                return Array(state.upstreams.values)
            }
            // The latest elements are kept, whatever the demand: both publishers may publish freely.
            for upstream in upstreams { upstream.request(.unlimited) }
            deliver()
        }

        func cancel() {
            let upstreams = state.withLock { state -> [any Subscription] in
                state.downstream = nil
                state.pending = nil
                defer { state.upstreams = [:] }
                return Array(state.upstreams.values)
            }
            for upstream in upstreams { upstream.cancel() }
        }

        /// Sends the pending combination within the demand, then the completion, one call at a time.
        private func deliver() {
            while true {
                let next = state.withLock { state -> (Downstream, Delivery)? in
                    guard !state.isDelivering, let downstream = state.downstream else { return nil }
                    if state.demand > 0, let pending = state.pending {
                        state.pending = nil
                        state.demand -= 1
                        state.isDelivering = true
                        return (downstream, .value(pending))
                    }
                    guard let completion = state.completion else { return nil }
                    state.downstream = nil
                    state.pending = nil
                    state.upstreams = [:]
                    return (downstream, .completion(completion))
                }
                guard let (downstream, delivery) = next else { return }
                switch delivery {
                case .value(let value):
                    let additionalDemand = downstream.receive(value)
                    state.withLock { state in
                        state.isDelivering = false
                        state.demand += additionalDemand
                    }
                case .completion(let completion):
                    downstream.receive(completion: completion)
                    return
                }
            }
        }
    }
#endif
