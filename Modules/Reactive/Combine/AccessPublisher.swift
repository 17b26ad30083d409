/// The start of a one-shot database access, given the closure that receives its result (on any
/// thread).
typealias AccessStart<Output> =
    @Sendable (_ completion: @escaping @Sendable (Result<Output, any Error>) -> Void) -> Void

/// What the publishers of one database access (`Read`, `Write`, `Migrate`) share: each subscription
/// starts the access, and sends its value then `.finished`, or its error, on the scheduler.
struct AccessPublisher<Output: Sendable>: Sendable {
    let start: AccessStart<Output>
    let delivery: DeliveryScheduler

    init(receiveOn scheduler: some Scheduler, start: @escaping AccessStart<Output>) {
        self.start = start
        delivery = DeliveryScheduler(scheduler)
    }

    func receive<S: Subscriber & SendableMetatype>(subscriber: S) where S.Input == Output, S.Failure == any Error {
        let delivery = self.delivery
        let start = self.start
        DatabaseSubscription(downstream: subscriber, schedule: delivery).start { subscription in
            start { result in
                delivery.run {
                    switch result {
                    case .success(let value): subscription.receive(value, isLast: true)
                    case .failure(let error): subscription.receive(failure: error)
                    }
                }
            }
            return nil
        }
    }
}
