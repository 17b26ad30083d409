/// The scheduler of an observation whose values go to an asynchronous sequence
/// (`ValueObservation.values(in:scheduling:bufferingPolicy:)`): it yields each value to the
/// sequence right where the value was fetched. The task that iterates the sequence runs on its own
/// executor whatever the scheduler, so a hop to a queue or a task before the yield would only make
/// each value later (by a thread wake-up). The scheduler that the caller gave still decides
/// whether the initial value is ready at once (`.immediate`).
///
/// The values keep their order: the runner of the observation notifies a value before the next
/// fetch can start.
struct SequenceDeliveryScheduler<Base: ValueObservationScheduler>: ValueObservationScheduler {
    /// The scheduler that the caller gave.
    let base: Base

    func immediateInitialValue() -> Bool {
        base.immediateInitialValue()
    }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        action()
    }
}
