import RSCore

/// A value shared between threads, behind a lock: RSCore's `LockedValue`, made public for the test
/// packages of the other drivers (which cannot see `package` declarations), with `current`.
public final class Locked<Value: Sendable>: Sendable {
    private let storage: LockedValue<Value>

    /// A lock around the value.
    public init(_ value: Value) {
        storage = LockedValue(value)
    }

    /// The current value.
    public var current: Value {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try storage.withLock(body)
    }
}
