#if !canImport(Combine)
    @testable import RSReactive
    import Testing

    /// The rules of `combineLatest` (RSReactive's, where OpenCombine lacks it), without publishers:
    /// scenarios of events and the actions they call for, then every short sequence of events
    /// checked against what Combine requires. The upstream subscriptions are named "a" (the first
    /// side) and "b" (the second).
    @Suite struct CombineLatestStateTests {
        typealias State = CombineLatestState<Int, String, TestError, String>

        /// The failure of a side.
        struct TestError: Error, Equatable {}

        /// No action.
        static var nothing: State.Actions { State.Actions() }

        /// Sends a combination.
        static func send(_ first: Int, _ second: String) -> State.Actions {
            State.Actions(delivery: .value(first, second))
        }

        /// Sends the completion, after cancelling `cancel`.
        static func complete(_ completion: Subscribers.Completion<TestError>, cancel: [String] = []) -> State.Actions {
            State.Actions(cancel: cancel, delivery: .completion(completion))
        }

        /// The two sides subscribe, and the subscriber requests `demand`.
        static func start(demand: Subscribers.Demand) -> [(State.Event, State.Actions)] {
            [
                (.subscription("a", .first), nothing), (.subscription("b", .second), nothing),
                (.demand(demand), State.Actions(request: ["a", "b"])),
            ]
        }

        /// The scenarios, named by the rule each one shows.
        enum Scenario: String, CaseIterable, CustomTestStringConvertible {
            case nothingIsSentUntilBothSidesHavePublished
            case onlyTheLatestCombinationWaitsForDemand
            case valuesThatComeDuringADeliveryWaitForItsEnd
            case demandAddedDuringADeliveryCounts
            case sidesAreRequestedAtTheFirstDemandOnly
            case finishesWhenBothSidesHaveFinished
            case finishesAtOnceWhenASideFinishesWithoutPublishing
            case theWaitingCombinationIsSentBeforeFinishingIfThereIsDemand
            case theWaitingCombinationIsDroppedWhenFinishingWithoutDemand
            case aFailureDropsTheWaitingCombinationAndCancelsTheOtherSide
            case aFailureNeedsNoDemand
            case aCompletionDuringADeliveryWaitsForItsEnd
            case cancellationCancelsBothSidesAndEndsEverything
            case cancellationDropsTheCompletionThatWaits
            case aSideThatSubscribesAfterTheEndIsCancelled

            var testDescription: String { rawValue }

            /// The events, in order, and the actions each one calls for.
            var steps: [(State.Event, State.Actions)] {
                switch self {
                case .nothingIsSentUntilBothSidesHavePublished:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.first(2), nothing), (.second("x"), send(2, "x")),
                        (.deliveryFinished(additionalDemand: .none), nothing), (.first(3), send(3, "x")),
                        (.deliveryFinished(additionalDemand: .none), nothing), (.second("y"), send(3, "y")),
                    ]
                case .onlyTheLatestCombinationWaitsForDemand:
                    start(demand: .max(1)) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")),
                        (.deliveryFinished(additionalDemand: .none), nothing), (.first(2), nothing),
                        (.second("y"), nothing), (.demand(.max(1)), send(2, "y")),
                        (.deliveryFinished(additionalDemand: .max(1)), nothing), (.first(3), send(3, "y")),
                        (.deliveryFinished(additionalDemand: .none), nothing), (.first(4), nothing),
                    ]
                case .valuesThatComeDuringADeliveryWaitForItsEnd:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")), (.first(2), nothing),
                        (.second("y"), nothing), (.demand(.unlimited), nothing),
                        (.deliveryFinished(additionalDemand: .none), send(2, "y")),
                        (.deliveryFinished(additionalDemand: .none), nothing),
                    ]
                case .demandAddedDuringADeliveryCounts:
                    start(demand: .max(1)) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")), (.demand(.max(1)), nothing),
                        (.first(2), nothing), (.deliveryFinished(additionalDemand: .none), send(2, "x")),
                    ]
                case .sidesAreRequestedAtTheFirstDemandOnly:
                    [
                        (.subscription("a", .first), nothing), (.demand(.max(1)), State.Actions(request: ["a"])),
                        (.demand(.max(1)), nothing), (.subscription("b", .second), State.Actions(request: ["b"])),
                    ]
                case .finishesWhenBothSidesHaveFinished:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")),
                        (.deliveryFinished(additionalDemand: .none), nothing),
                        (.completion(.finished, .first), nothing),
                        (.second("y"), send(1, "y")), (.deliveryFinished(additionalDemand: .none), nothing),
                        (.completion(.finished, .second), complete(.finished, cancel: ["a"])), (.second("z"), nothing),
                        (.cancel, nothing),
                    ]
                case .finishesAtOnceWhenASideFinishesWithoutPublishing:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.completion(.finished, .second), complete(.finished, cancel: ["a"])),
                        (.first(2), nothing), (.demand(.max(1)), nothing),
                    ]
                case .theWaitingCombinationIsSentBeforeFinishingIfThereIsDemand:
                    start(demand: .max(1)) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")), (.first(2), nothing),
                        (.completion(.finished, .first), nothing),
                        (.completion(.finished, .second), State.Actions(cancel: ["a"])),
                        (.first(3), nothing),  // late: the completion is decided
                        (.deliveryFinished(additionalDemand: .max(1)), send(2, "x")),
                        (.deliveryFinished(additionalDemand: .none), complete(.finished)),
                    ]
                case .theWaitingCombinationIsDroppedWhenFinishingWithoutDemand:
                    start(demand: .max(1)) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")),
                        (.deliveryFinished(additionalDemand: .none), nothing), (.second("y"), nothing),
                        (.completion(.finished, .first), nothing),
                        (.completion(.finished, .second), complete(.finished, cancel: ["a"])),
                        (.demand(.max(1)), nothing),
                    ]
                case .aFailureDropsTheWaitingCombinationAndCancelsTheOtherSide:
                    start(demand: .max(1)) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")),
                        (.deliveryFinished(additionalDemand: .none), nothing), (.first(2), nothing),
                        (.completion(.failure(TestError()), .first), complete(.failure(TestError()), cancel: ["b"])),
                        (.demand(.unlimited), nothing), (.second("y"), nothing),
                        (.completion(.finished, .second), nothing),
                    ]
                case .aFailureNeedsNoDemand:
                    [
                        (.subscription("a", .first), nothing), (.subscription("b", .second), nothing),
                        (.completion(.failure(TestError()), .second), complete(.failure(TestError()), cancel: ["a"])),
                    ]
                case .aCompletionDuringADeliveryWaitsForItsEnd:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")), (.first(2), nothing),
                        (.completion(.failure(TestError()), .second), State.Actions(cancel: ["a"])),
                        (.completion(.failure(TestError()), .first), nothing),
                        (.deliveryFinished(additionalDemand: .unlimited), complete(.failure(TestError()))),
                    ]
                case .cancellationCancelsBothSidesAndEndsEverything:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")), (.first(2), nothing),
                        (.cancel, State.Actions(cancel: ["a", "b"])),
                        (.deliveryFinished(additionalDemand: .unlimited), nothing), (.second("y"), nothing),
                        (.completion(.finished, .first), nothing), (.demand(.max(1)), nothing), (.cancel, nothing),
                    ]
                case .cancellationDropsTheCompletionThatWaits:
                    start(demand: .unlimited) + [
                        (.first(1), nothing), (.second("x"), send(1, "x")),
                        (.completion(.failure(TestError()), .first), State.Actions(cancel: ["b"])), (.cancel, nothing),
                        (.deliveryFinished(additionalDemand: .none), nothing),
                    ]
                case .aSideThatSubscribesAfterTheEndIsCancelled:
                    [
                        (.subscription("a", .first), nothing),
                        (.completion(.finished, .first), complete(.finished)),
                        (.subscription("b", .second), State.Actions(cancel: ["b"])),
                    ]
                }
            }
        }

        @Test(arguments: Scenario.allCases) func scenario(_ scenario: Scenario) {
            var state = State()
            for (index, (event, expectedActions)) in scenario.steps.enumerated() {
                let actions = state.handle(event)
                #expect(actions == expectedActions, "step \(index): \(event)")
            }
        }

        /// Every sequence of up to eight events that publishers and a subscriber may send: what Combine
        /// requires holds after each one.
        @Test func everySequenceOfEventsKeepsCombinesRules() {
            var violations: [String: [String]] = [:]
            Run().explore(depth: 8, violations: &violations)
            #expect(violations.isEmpty, "\(violations.sorted { $0.key < $1.key })")
        }
    }

    /// A sequence of events being explored, and what it should lead to.
    private struct Run {
        typealias State = CombineLatestStateTests.State

        /// The events that can come, whether a step may take them or not.
        enum Step: CaseIterable {
            case subscribe(State.Side)
            case publish(State.Side)
            case finish(State.Side)
            case fail(State.Side)
            case demand, deliveryFinished, cancel

            static let allCases: [Step] =
                State.Side.allCases.flatMap { [.subscribe($0), .publish($0), .finish($0), .fail($0)] } + [
                    .demand, .deliveryFinished, .cancel,
                ]
        }

        var state = State()
        /// The events taken so far, to tell which sequence breaks a rule.
        var events: [String] = []
        var subscribed: Set<State.Side> = []
        var requested: Set<State.Side> = []
        var cancelled: Set<State.Side> = []
        var completed: Set<State.Side> = []
        var published: Set<State.Side> = []
        var latestFirst: Int?
        var latestSecond: String?
        /// A combination of the latest values that has not been sent.
        var hasUnsent = false
        var hasFailed = false
        var hasDemanded = false
        /// The demand not used yet (each demand is `.max(1)`).
        var demandLeft = 0
        /// Whether a combination was sent, and its delivery has not finished.
        var isDelivering = false
        /// Whether the completion was sent, or the subscriber cancelled.
        var isOver = false
        /// The last value published: values are numbered, so that every combination is new.
        var counter = 0

        /// Takes every step that may come, then explores further from each.
        func explore(depth: Int, violations: inout [String: [String]]) {
            guard depth > 0 else { return }
            for step in Step.allCases {
                var run = self
                guard run.take(step, violations: &violations) else { continue }
                run.explore(depth: depth - 1, violations: &violations)
            }
        }

        /// Takes a step, if publishers and a subscriber may take it now, and checks the actions.
        mutating func take(_ step: Step, violations: inout [String: [String]]) -> Bool {
            let event: State.Event
            switch step {
            case .subscribe(let side):
                guard !subscribed.contains(side) else { return false }
                subscribed.insert(side)
                event = .subscription(name(side), side)
            case .publish(let side):
                guard isListening(side) else { return false }
                counter += 1
                published.insert(side)
                if side == .first {
                    latestFirst = counter
                    event = .first(counter)
                } else {
                    latestSecond = "\(counter)"
                    event = .second("\(counter)")
                }
                if latestFirst != nil, latestSecond != nil { hasUnsent = true }
            case .finish(let side), .fail(let side):
                guard isListening(side) else { return false }
                completed.insert(side)
                if case .fail = step {
                    hasFailed = true
                    event = .completion(.failure(CombineLatestStateTests.TestError()), side)
                } else {
                    event = .completion(.finished, side)
                }
            case .demand:
                hasDemanded = true
                demandLeft += 1
                event = .demand(.max(1))
            case .deliveryFinished:
                guard isDelivering else { return false }
                isDelivering = false
                event = .deliveryFinished(additionalDemand: .none)
            case .cancel:
                event = .cancel
            }
            events.append("\(event)")
            let actions = state.handle(event)
            check(actions, after: step, violations: &violations)
            if case .cancel = step { isOver = true }
            return true
        }

        /// Whether a side may publish or complete: it was requested, and neither completed nor cancelled.
        func isListening(_ side: State.Side) -> Bool {
            requested.contains(side) && !cancelled.contains(side) && !completed.contains(side)
        }

        /// The name of the subscription of a side.
        func name(_ side: State.Side) -> String { side == .first ? "a" : "b" }

        /// The side of a subscription.
        func side(named name: String) -> State.Side { name == "a" ? .first : .second }

        /// Checks the actions of a step against what Combine requires, and records what they do.
        mutating func check(_ actions: State.Actions, after step: Step, violations: inout [String: [String]]) {
            // Each broken rule, with the first sequence of events that breaks it.
            func violation(_ rule: String) { violations[rule] = violations[rule] ?? events }
            for side in actions.cancel.map(side(named:)) {
                if cancelled.contains(side) { violation("a side is cancelled twice") }
                cancelled.insert(side)
            }
            if case .cancel = step, !isOver, !subscribed.isSubset(of: cancelled.union(completed)) {
                violation("a cancellation leaves a side running")
            }
            for side in actions.request.map(side(named:)) {
                if requested.contains(side) { violation("a side is requested twice") }
                if !hasDemanded { violation("a side is requested before any demand") }
                if isOver { violation("a side is requested after the end") }
                requested.insert(side)
            }
            switch actions.delivery {
            case .value(let first, let second)?:
                if isOver { violation("a value is sent after the end") }
                if isDelivering { violation("two deliveries run at once") }
                if demandLeft == 0 { violation("a value is sent without demand") }
                if first != latestFirst || second != latestSecond { violation("a combination is not the latest") }
                isDelivering = true
                demandLeft -= 1
                hasUnsent = false
            case .completion(let completion)?:
                if isOver { violation("a completion is sent after the end") }
                if isDelivering { violation("a completion is sent during a delivery") }
                if case .finished = completion, hasFailed { violation("a failure is sent as finished") }
                isOver = true
            case nil:
                break
            }
            guard !isOver, !isDelivering else { return }
            if hasUnsent && demandLeft > 0 { violation("a combination waits despite demand") }
            let hasEnded =
                hasFailed || completed.count == 2 || !completed.subtracting(published).isEmpty
            if hasEnded { violation("the completion waits though no delivery runs") }
        }
    }

    extension CombineLatestState<Int, String, CombineLatestStateTests.TestError, String>.Actions: Equatable {
        /// Same upstream actions, and same delivery.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.cancel == rhs.cancel && lhs.request == rhs.request && lhs.delivery == rhs.delivery
        }
    }

    extension CombineLatestState<Int, String, CombineLatestStateTests.TestError, String>.Delivery: Equatable {
        /// Same combination, or same completion.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case let (.value(lhsFirst, lhsSecond), .value(rhsFirst, rhsSecond)):
                lhsFirst == rhsFirst && lhsSecond == rhsSecond
            case let (.completion(lhs), .completion(rhs)): lhs == rhs
            default: false
            }
        }
    }
#endif
