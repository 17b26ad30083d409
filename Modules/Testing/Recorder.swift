import Foundation

/// Records the values of an observation, an asynchronous sequence or a publisher, and lets a test
/// wait for the next ones, or for the end, with a timeout.
///
/// ```swift
/// let recorder = ValueObservation
///     .tracking { db in try Player.fetchCount(db) }
///     .record(in: dbQueue)
/// #expect(try await recorder.next() == 0)              // the initial value
/// try await dbQueue.write { db in try Player(name: "Arthur").insert(db) }
/// #expect(try await recorder.next() == 1)              // the value after the change
/// ```
///
/// Waits consume values in order: `next(2)` returns the two values after those that earlier waits
/// returned, and `next(where:)` skips to the first value that satisfies its predicate (`values` holds
/// them all). A wait throws `RecorderError` when its timeout expires, and
/// the error of the recorded source when it fails first. Make one wait at a time: concurrent waits
/// start from the same value.
///
/// Two forms of each wait:
/// - `next(_:timeout:)` and `completion(timeout:)` suspend the calling task, and block no thread:
///   for `async` tests;
/// - `waitForNext(_:timeout:)` and `waitForCompletion(timeout:)` block the calling thread: for
///   synchronous tests (XCTest's, say). On the main thread they run the main run loop while they
///   wait, as XCTest's `wait(for:timeout:)` does, so that values delivered on the main queue
///   arrive. Never call them from an `async` context, where they would hold a thread of the
///   cooperative pool: use the async form there.
///
/// The recorder stops its source (cancels the observation, the publisher's subscription, or the task
/// that iterates the sequence) when it is deinitialized, or when `cancel()` is called. The source
/// holds it weakly.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    // Sendable: every mutable property is read and written under `condition`'s lock.
    let condition = NSCondition()
    var state = RecorderState<Value>()
    private var waiters: [UUID: RecorderWaiter<Value>] = [:]
    private var stopSource: (@Sendable () -> Void)?
    private var isCancelled = false

    /// A recorder of the values and the completion that `receive(_:)` and `receive(completion:)` give
    /// it: to record what your own code notifies (a closure, a delegate, …).
    public init() {}

    deinit {
        stopSource?()
    }

    /// Every value received so far, those that waits returned included.
    public var values: [Value] { condition.withLock { state.values } }

    /// The completion, once received.
    public var receivedCompletion: RecorderCompletion? { condition.withLock { state.completion } }

    /// Records a value. Values received after the completion are ignored.
    public func receive(_ value: Value) {
        update { state in
            guard state.completion == nil else { return }
            state.values.append(value)
        }
    }

    /// Records the completion; a completion received after the first is ignored.
    public func receive(completion: RecorderCompletion) {
        update { state in
            guard state.completion == nil else { return }
            state.completion = completion
        }
    }

    /// Stops the recorded source: no value is recorded after this call returns (the values and the
    /// completion that were received stay). Without a completion, the recorder then completes with
    /// a `CancellationError`: the waits that the values received cannot satisfy throw it at once.
    public func cancel() {
        let stop: (@Sendable () -> Void)? = condition.withLock {
            if state.completion == nil { state.completion = .failure(CancellationError()) }
            for (id, waiter) in waiters where waiter.resumeIfDone(&state) {
                waiters[id] = nil
            }
            condition.broadcast()
            isCancelled = true
            defer { stopSource = nil }
            return stopSource
        }
        stop?()
    }

    /// Gives the recorder the function that stops its source. If the recorder was cancelled before,
    /// the function is called now.
    func setStopSource(_ stop: @escaping @Sendable () -> Void) {
        let stopsNow = condition.withLock {
            if isCancelled { return true }
            stopSource = stop
            return false
        }
        if stopsNow { stop() }
    }

    /// Changes the state, wakes the blocking waits, and resumes the async waits that it satisfies.
    private func update(_ change: (inout RecorderState<Value>) -> Void) {
        condition.withLock {
            guard !isCancelled else { return }
            change(&state)
            for (id, waiter) in waiters where waiter.resumeIfDone(&state) {
                waiters[id] = nil
            }
            condition.broadcast()
        }
    }

    /// Registers an async wait, unless it is done already. Must be called under the lock.
    func register(_ waiter: RecorderWaiter<Value>, id: UUID) {
        if !waiter.resumeIfDone(&state) {
            waiters[id] = waiter
        }
    }

    /// Ends an async wait that is still registered with the error of `makeError`. Must be called
    /// under the lock.
    func expire(_ id: UUID, with makeError: (RecorderState<Value>) -> any Error) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        waiter.fail(makeError(state))
    }
}
