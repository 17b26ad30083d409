import Foundation

extension Recorder {
    /// Blocks until the next value arrives, and returns it.
    ///
    /// - throws: `RecorderError.valuesTimedOut` after `timeout` seconds;
    ///   `RecorderError.finishedBeforeValues`, or the error of the source, when it ends first.
    public func waitForNext(timeout: TimeInterval = 10) throws -> Value {
        try waitForNext(1, timeout: timeout)[0]
    }

    /// Blocks until the next `count` values arrive, and returns them.
    ///
    /// - throws: `RecorderError.valuesTimedOut` after `timeout` seconds;
    ///   `RecorderError.finishedBeforeValues`, or the error of the source, when it ends first.
    public func waitForNext(_ count: Int, timeout: TimeInterval = 10) throws -> [Value] {
        try block(until: .values(count: count), timeout: timeout)
    }

    /// Blocks until a value that satisfies `predicate` arrives, and returns it: the values before it are
    /// consumed too, so that the next wait starts after it. For the values that an observation may
    /// coalesce or repeat, when only the state it reaches matters.
    ///
    /// - throws: `RecorderError.matchTimedOut` after `timeout` seconds;
    ///   `RecorderError.finishedBeforeMatch`, or the error of the source, when it ends first.
    public func waitForNext(
        where predicate: @escaping @Sendable (Value) -> Bool, timeout: TimeInterval = 10
    ) throws -> Value {
        try block(until: .value(where: predicate), timeout: timeout)
    }

    /// Blocks until the source ends, and returns how: `.finished`, or `.failure` with its error.
    ///
    /// - throws: `RecorderError.completionTimedOut` after `timeout` seconds.
    public func waitForCompletion(timeout: TimeInterval = 10) throws -> RecorderCompletion {
        try block(until: .completion, timeout: timeout)
    }

    /// Blocks until the wait is done. On the main thread, runs the current run loop meanwhile, in
    /// slices, so that what the main queue delivers arrives.
    private func block<Output>(until wait: RecorderWait<Value, Output>, timeout: TimeInterval) throws -> Output {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = wait.attempt(&state) { return try result.get() }
            let now = Date()
            guard now < deadline else { throw wait.timeoutError(state, timeout) }
            if Thread.isMainThread {
                let sliceEnd = min(deadline, now.addingTimeInterval(0.05))
                condition.unlock()
                let ranSources = RunLoop.current.run(mode: .default, before: sliceEnd)
                condition.lock()
                // A run loop without sources returns at once: wait for the state to change instead.
                if !ranSources { _ = condition.wait(until: sliceEnd) }
            } else {
                _ = condition.wait(until: deadline)
            }
        }
    }
}
