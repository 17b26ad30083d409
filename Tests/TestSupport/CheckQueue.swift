import Dispatch
import RSObservation
import RSReactive

/// A serial dispatch queue of a check, as a Combine scheduler, which knows whether code runs on it.
final class CheckQueue: Sendable {
    /// The queue.
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<Bool>()

    init(_ label: String = "ReactiveSQLite.CheckQueue") {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: true)
    }

    /// The queue as a Combine scheduler (OpenCombineDispatch's where Combine is missing).
    #if canImport(Combine)
        var scheduler: DispatchQueue { queue }
    #else
        var scheduler: DispatchQueue.OCombine { queue.ocombine }
    #endif

    /// The queue as the scheduler of a `ValueObservation`.
    var observationScheduler: AsyncValueObservationScheduler { .async(onQueue: queue) }

    /// Whether the caller runs on the queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// Waits until the queue has run what was scheduled on it so far.
    func drain() {
        queue.sync {}
    }
}
