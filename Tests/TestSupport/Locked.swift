import Foundation

/// A value shared between threads, behind a lock.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // Sendable: `value` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// A lock around the value.
    public init(_ value: Value) {
        self.value = value
    }

    /// The current value.
    public var current: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
