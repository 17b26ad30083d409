import RSCore

/// A type that stops a database observation when it is cancelled.
public protocol DatabaseCancellable: Sendable {
    /// Stops the observation. Cancelling twice does nothing more.
    func cancel()
}

/// A type-erased cancellable, which cancels its observation when it is deallocated.
///
/// ```swift
/// let cancellable = observation.start(in: dbQueue) { error in … } onChange: { value in … }
/// cancellable.cancel()  // or release it
/// ```
public final class AnyDatabaseCancellable: DatabaseCancellable {
    private let cancelAction: LockedValue<(@Sendable () -> Void)?>

    /// A cancellable that runs `cancel` once, on its first cancellation or when it is deallocated.
    public init(cancel: @escaping @Sendable () -> Void) {
        cancelAction = LockedValue(cancel)
    }

    /// A cancellable that cancels `base`.
    public convenience init(_ base: some DatabaseCancellable) {
        self.init(cancel: base.cancel)
    }

    deinit {
        cancel()
    }

    /// Whether the cancellable was cancelled.
    var isCancelled: Bool { cancelAction.withLock { $0 == nil } }

    /// Stops the observation.
    public func cancel() {
        // Taken under the lock, and run after: cancelling may release what calls `cancel()` again.
        let action = cancelAction.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
