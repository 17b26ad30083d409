import Dispatch

/// The result of `DatabaseWriter.concurrentRead(_:)`, which a thread can wait for.
public final class DatabaseFuture<Value: Sendable>: Sendable {
    private let result = LockedValue<Result<Value, any Error>?>(nil)
    private let isCompleted = DispatchSemaphore(value: 0)

    init() {}

    /// Completes the future; a second completion is ignored.
    func complete(_ result: Result<Value, any Error>) {
        let isFirst = self.result.withLock { current in
            guard current == nil else { return false }
            current = result
            return true
        }
        if isFirst { isCompleted.signal() }
    }

    /// Waits for the read, and returns its value or throws its error.
    public func wait() throws -> Value {
        isCompleted.wait()
        isCompleted.signal()  // for later waits
        return try result.withLock { $0! }.get()
    }
}
