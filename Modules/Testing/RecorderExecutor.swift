import Dispatch

/// The executor of the tasks that recorders of asynchronous sequences start (`record()`): threads
/// of their own, never the cooperative thread pool. That pool has as many threads as cores, and a
/// test that waits synchronously (`waitForNext()`), or runs a blocking check, occupies one: tasks
/// that needed it could then wait for each other until their timeouts.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class RecorderExecutor: TaskExecutor {
    /// The executor of every recorder.
    static let shared = RecorderExecutor()

    /// A concurrent queue: the dispatch threads it runs on are not limited to one per core.
    private let queue = DispatchQueue(label: "RSTesting.recorders", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
