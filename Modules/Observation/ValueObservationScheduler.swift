import Dispatch
import Foundation

/// Where and when a `ValueObservation` notifies its values and errors.
///
/// The schedulers: `.mainActor` (the default of `start`), `.immediate` (the first value before
/// `start` returns, on the main actor), `.async(onQueue:)` (a serial dispatch queue of your choice)
/// and `.task` (the cooperative thread pool, the default of `values(in:)`).
public protocol ValueObservationScheduler: Sendable {
    /// Whether the initial value is notified before `start` returns, on the thread that starts.
    func immediateInitialValue() -> Bool

    /// Runs `action` later. Actions run one after the other, in the order they are scheduled.
    func schedule(_ action: @escaping @Sendable () -> Void)
}

/// A scheduler that notifies values on the main actor.
public protocol ValueObservationMainActorScheduler: ValueObservationScheduler {
    /// Runs `action` later, on the main actor.
    func scheduleOnMainActor(_ action: @escaping @MainActor () -> Void)
}

extension ValueObservationMainActorScheduler {
    /// Runs `action` later, on the main actor.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        scheduleOnMainActor(action)
    }
}

/// Notifies values asynchronously on a dispatch queue, which should be serial (a concurrent queue
/// would notify them out of order).
public struct AsyncValueObservationScheduler: ValueObservationScheduler {
    private let queue: DispatchQueue

    /// A scheduler over the given queue.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// False: every value is notified later.
    public func immediateInitialValue() -> Bool { false }

    /// Runs `action` on the queue.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async(execute: action)
    }
}

extension ValueObservationScheduler where Self == AsyncValueObservationScheduler {
    /// Notifies values asynchronously on a serial dispatch queue.
    public static func async(onQueue queue: DispatchQueue) -> AsyncValueObservationScheduler {
        AsyncValueObservationScheduler(queue: queue)
    }

    /// Notifies values asynchronously on a serial dispatch queue: `async(onQueue:)`, under the
    /// spelling of a sample of GRDB's guide.
    public static func async(_ queue: DispatchQueue) -> AsyncValueObservationScheduler {
        AsyncValueObservationScheduler(queue: queue)
    }
}

/// Notifies the initial value before `start` returns, and the later values asynchronously, all on
/// the main actor. The observation must start on the main actor: its first fetch runs there.
public struct ImmediateValueObservationScheduler: ValueObservationMainActorScheduler {
    /// The scheduler.
    public init() {}

    /// True. Stops the program unless called on the main actor.
    public func immediateInitialValue() -> Bool {
        let message = "ValueObservation with the .immediate scheduling must start on the main actor"
        // `preconditionIsolated` decides, but an optimized standard library (Linux's) stops the program
        // without its message: the message is written first when the call is certainly not on the
        // main actor, which runs on the main queue or the main thread.
        if !MainQueue.isCurrent && !Thread.isMainThread {
            FileHandle.standardError.write(Data("Fatal error: \(message)\n".utf8))
        }
        MainActor.preconditionIsolated(message)
        return true
    }

    /// Runs `action` on the main queue.
    public func scheduleOnMainActor(_ action: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(action) }
    }
}

/// Tells whether code runs on the main dispatch queue (where the main actor runs its jobs, on the
/// main thread or not).
private enum MainQueue {
    /// A specific of the main queue, set when the key is created.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the current code runs on the main queue.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

extension ValueObservationScheduler where Self == ImmediateValueObservationScheduler {
    /// Notifies the initial value before `start` returns, on the main actor.
    public static var immediate: ImmediateValueObservationScheduler { ImmediateValueObservationScheduler() }
}

extension ValueObservationMainActorScheduler where Self == ImmediateValueObservationScheduler {
    /// Notifies the initial value before `start` returns, on the main actor.
    public static var immediate: ImmediateValueObservationScheduler { ImmediateValueObservationScheduler() }
}

/// Notifies every value asynchronously on the main actor.
public struct DelayedMainActorValueObservationScheduler: ValueObservationMainActorScheduler {
    /// The scheduler.
    public init() {}

    /// False: every value is notified later.
    public func immediateInitialValue() -> Bool { false }

    /// Runs `action` on the main queue.
    public func scheduleOnMainActor(_ action: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(action) }
    }
}

extension ValueObservationScheduler where Self == DelayedMainActorValueObservationScheduler {
    /// Notifies every value asynchronously on the main actor.
    public static var mainActor: DelayedMainActorValueObservationScheduler {
        DelayedMainActorValueObservationScheduler()
    }
}

extension ValueObservationMainActorScheduler where Self == DelayedMainActorValueObservationScheduler {
    /// Notifies every value asynchronously on the main actor.
    public static var mainActor: DelayedMainActorValueObservationScheduler {
        DelayedMainActorValueObservationScheduler()
    }
}

/// Notifies values asynchronously on the cooperative thread pool, in order, from a task of its own.
public final class TaskValueObservationScheduler: ValueObservationScheduler {
    private let continuation: AsyncStream<@Sendable () -> Void>.Continuation

    init(priority: TaskPriority?) {
        let (actions, continuation) = AsyncStream.makeStream(of: (@Sendable () -> Void).self)
        self.continuation = continuation
        Task(priority: priority) {
            for await action in actions { action() }
        }
    }

    deinit {
        continuation.finish()
    }

    /// False: every value is notified later.
    public func immediateInitialValue() -> Bool { false }

    /// Runs `action` in the scheduler's task.
    public func schedule(_ action: @escaping @Sendable () -> Void) {
        continuation.yield(action)
    }
}

extension ValueObservationScheduler where Self == TaskValueObservationScheduler {
    /// Notifies values on the cooperative thread pool.
    public static var task: TaskValueObservationScheduler { TaskValueObservationScheduler(priority: nil) }

    /// Notifies values on the cooperative thread pool, from a task of the given priority.
    public static func task(priority: TaskPriority) -> TaskValueObservationScheduler {
        TaskValueObservationScheduler(priority: priority)
    }
}
