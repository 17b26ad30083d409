import Dispatch
import ReactiveSQLite

/// The key of the names of the queues that `currentQueueName()` tells.
private let queueNameKey = DispatchSpecificKey<String>()

/// Names the main queue "main", once.
private let mainQueueIsNamed: Void = DispatchQueue.main.setSpecific(key: queueNameKey, value: "main")

extension DispatchQueue {
    /// A serial queue whose name `currentQueueName()` tells, when it runs the caller.
    static func named(_ name: String) -> DispatchQueue {
        let queue = DispatchQueue(label: name)
        queue.setSpecific(key: queueNameKey, value: name)
        return queue
    }

    /// The queue as a Combine scheduler, for `receive(on:)` and `receiveOn:` (OpenCombineDispatch's
    /// `ocombine` where Combine is missing).
    #if canImport(Combine)
        var scheduler: DispatchQueue { self }
    #else
        var scheduler: DispatchQueue.OCombine { ocombine }
    #endif
}

/// The name of the queue that runs the caller: "main" for the main queue, the name of a queue made
/// by `DispatchQueue.named(_:)`, or nil for any other (a database queue, a global queue).
func currentQueueName() -> String? {
    _ = mainQueueIsNamed
    return DispatchQueue.getSpecific(key: queueNameKey)
}
