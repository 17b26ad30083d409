// Combine's `combineLatest`, which OpenCombine 0.14 lacks (its pull request #119 is still open):
// GRDB's Combine guide combines two observation publishers with it ("Combine and Data
// Consistency"). Where Apple's Combine exists, its own operator is used.
//
// This file is the operator and its publisher. `CombineLatestState` holds the rules, which
// `CombineLatestSubscription` drives with what the publishers (`CombineLatestSideSubscriber`) and
// the subscriber do.
#if !canImport(Combine)
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
                a.subscribe(CombineLatestSideSubscriber(subscription, side: .first) { .first($0) })
                b.subscribe(CombineLatestSideSubscriber(subscription, side: .second) { .second($0) })
            }
        }
    }
#endif
