import Foundation

extension Recorder {
    /// Suspends until the next value arrives, and returns it. Blocks no thread.
    ///
    /// - throws: `RecorderError.valuesTimedOut` after `timeout` seconds;
    ///   `RecorderError.finishedBeforeValues`, or the error of the source, when it ends first;
    ///   `CancellationError` when the task is cancelled.
    public func next(timeout: TimeInterval = 10) async throws -> Value {
        try await next(1, timeout: timeout)[0]
    }

    /// Suspends until the next `count` values arrive, and returns them. Blocks no thread.
    ///
    /// - throws: `RecorderError.valuesTimedOut` after `timeout` seconds;
    ///   `RecorderError.finishedBeforeValues`, or the error of the source, when it ends first;
    ///   `CancellationError` when the task is cancelled.
    public func next(_ count: Int, timeout: TimeInterval = 10) async throws -> [Value] {
        try await suspend(until: .values(count: count), timeout: timeout)
    }

    /// Suspends until a value that satisfies `predicate` arrives, and returns it: the values before it
    /// are consumed too, so that the next wait starts after it. For the values that an observation may
    /// coalesce or repeat, when only the state it reaches matters. Blocks no thread.
    ///
    /// - throws: `RecorderError.matchTimedOut` after `timeout` seconds;
    ///   `RecorderError.finishedBeforeMatch`, or the error of the source, when it ends first;
    ///   `CancellationError` when the task is cancelled.
    public func next(where predicate: @escaping @Sendable (Value) -> Bool, timeout: TimeInterval = 10) async throws
        -> Value
    {
        try await suspend(until: .value(where: predicate), timeout: timeout)
    }

    /// Suspends until the source ends, and returns how: `.finished`, or `.failure` with its error.
    /// Blocks no thread.
    ///
    /// - throws: `RecorderError.completionTimedOut` after `timeout` seconds; `CancellationError` when
    ///   the task is cancelled.
    public func completion(timeout: TimeInterval = 10) async throws -> RecorderCompletion {
        try await suspend(until: .completion, timeout: timeout)
    }

    /// Suspends until the wait is done, its timeout expires, or the task is cancelled.
    private func suspend<Output: Sendable>(
        until wait: RecorderWait<Value, Output>, timeout: TimeInterval
    ) async throws -> Output {
        let id = UUID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Output, any Error>) in
                let waiter = RecorderWaiter<Value>(
                    resumeIfDone: { state in
                        guard let result = wait.attempt(&state) else { return false }
                        continuation.resume(with: result)
                        return true
                    },
                    fail: { error in continuation.resume(throwing: error) })
                condition.withLock {
                    register(waiter, id: id)
                    // A cancellation before the registration found no wait to end.
                    if Task.isCancelled { expire(id) { _ in CancellationError() } }
                }
                // The caller keeps the recorder alive until the wait ends: a recorder that is gone has
                // no wait to expire.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                    guard let self else { return }
                    condition.withLock { self.expire(id) { state in wait.timeoutError(state, timeout) } }
                }
            }
        } onCancel: {
            condition.withLock { expire(id) { _ in CancellationError() } }
        }
    }
}
