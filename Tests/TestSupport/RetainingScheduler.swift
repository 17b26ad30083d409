import Dispatch
import RSObservation

/// A scheduler that runs actions on a serial queue, and keeps them: what they capture (the
/// machinery of a started observation) stays alive after a cancellation, as it does behind a busy
/// queue. The checks that a cancelled observation unregisters its transaction observer use it, since
/// the connection forgets an observer that is deallocated anyway.
final class RetainingScheduler: ValueObservationScheduler {
    /// The queue where actions run.
    let queue = DispatchQueue(label: "ReactiveSQLite.RetainingScheduler")
    private let actions = Locked<[@Sendable () -> Void]>([])

    /// False: every value is notified later.
    func immediateInitialValue() -> Bool { false }

    /// Keeps `action`, and runs it on the queue.
    func schedule(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
        queue.async(execute: action)
    }
}
