#if !canImport(Combine)
    /// The subscriber of one of the two publishers of a `Publishers.CombineLatest`: it tells the
    /// combination's subscription what the publisher does.
    struct CombineLatestSideSubscriber<Input, First, Second, Downstream: Subscriber>: Subscriber
    where Downstream.Input == (First, Second) {
        typealias Failure = Downstream.Failure
        typealias Combination = CombineLatestSubscription<First, Second, Downstream>

        let combineIdentifier = CombineIdentifier()
        private let combination: Combination
        private let side: Combination.Rules.Side
        /// The event of a value of this side: `.first` or `.second`.
        private let event: (Input) -> Combination.Rules.Event

        /// The subscriber of `side`, whose values are the events `event` makes.
        init(
            _ combination: Combination, side: Combination.Rules.Side,
            event: @escaping (Input) -> Combination.Rules.Event
        ) {
            self.combination = combination
            self.side = side
            self.event = event
        }

        func receive(subscription: any Subscription) {
            combination.handle(.subscription(subscription, side))
        }

        /// Receives a value; requests no more (the side is requested `.unlimited`).
        func receive(_ input: Input) -> Subscribers.Demand {
            combination.handle(event(input))
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            combination.handle(.completion(completion, side))
        }
    }
#endif
