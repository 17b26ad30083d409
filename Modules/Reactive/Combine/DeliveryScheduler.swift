import Dispatch
import RSObservation

/// Where a publisher sends its values: a Combine scheduler, a `ValueObservationScheduler`, or
/// wherever the value comes from (the writer, for the transient values of changes publishers).
struct DeliveryScheduler: Sendable {
    /// Runs an action on the delivery context, later or now.
    let run: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// Sends on a Combine scheduler.
    init(_ scheduler: some Scheduler) {
        let target: any DeliveryTarget = CombineScheduler(scheduler)
        run = { action in target.schedule(action) }
    }

    /// Sends asynchronously on a dispatch queue.
    init(queue: DispatchQueue) {
        run = { action in queue.async(execute: action) }
    }

    /// Sends through the scheduler of an observation.
    init(_ scheduler: some ValueObservationScheduler) {
        run = { action in scheduler.schedule(action) }
    }

    /// Sends at once, on the thread of the caller.
    static let inline = DeliveryScheduler { action in action() }

    private init(run: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.run = run
    }
}

/// Something that runs actions later.
private protocol DeliveryTarget: Sendable {
    func schedule(_ action: @escaping @Sendable () -> Void)
}

/// A Combine scheduler, called from the threads of the database.
private struct CombineScheduler<Base: Scheduler>: DeliveryTarget, @unchecked Sendable {
    // @unchecked Sendable: Combine's operators (`receive(on:)`, `subscribe(on:)`) call a scheduler's
    // `schedule(_:)` from whatever thread their upstream runs on; every scheduler must accept such
    // calls (DispatchQueue, RunLoop, OperationQueue, ImmediateScheduler and OpenCombineDispatch's
    // DispatchQueue.OCombine do). Only `schedule(_:)` is called.
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        base.schedule(action)
    }
}
