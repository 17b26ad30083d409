import Foundation

/// What an observer received: the number of notifications and the last value, which the demo
/// waits on.
final class Tally<Value: Equatable & Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `count` and `last` are only read and written under `condition`'s lock.
    private let condition = NSCondition()
    private var notifications = 0
    private var last: Value?

    /// Records a notification.
    func record(_ value: Value) {
        condition.withLock {
            notifications += 1
            last = value
            condition.broadcast()
        }
    }

    /// The number of notifications.
    var count: Int { condition.withLock { notifications } }

    /// Waits until a value was received, for at most `timeout` seconds; returns whether it was.
    func hasValue(timeout: Double) async -> Bool {
        await wait(timeout: timeout) { $0 > 0 }
    }

    /// Waits until the last value is `expected`, for at most `timeout` seconds; returns whether it is.
    func waitFor(_ expected: Value, timeout: Double) async -> Bool {
        await wait(timeout: timeout) { [self] _ in last == expected }
    }

    private func wait(timeout: Double, until isDone: @escaping @Sendable (Int) -> Bool) async -> Bool {
        // Waits on a thread of Dispatch: the values may come through the task that waits.
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [self] in
                let deadline = Date(timeIntervalSinceNow: timeout)
                condition.lock()
                defer { condition.unlock() }
                while !isDone(notifications) {
                    guard condition.wait(until: deadline) else { break }
                }
                continuation.resume(returning: isDone(notifications))
            }
        }
    }
}

/// A counter shared between threads.
final class Counter: Sendable {
    private let count = Locked(0)

    /// Adds one.
    func increment() { count.update { $0 += 1 } }

    /// The count.
    var value: Int { count.update { _ in } }
}

/// A value shared between threads, behind a lock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read and written under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value, and returns the value after it.
    @discardableResult
    func update(_ body: (inout Value) -> Void) -> Value {
        lock.withLock {
            body(&value)
            return value
        }
    }
}
