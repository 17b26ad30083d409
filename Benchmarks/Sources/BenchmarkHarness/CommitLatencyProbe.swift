import Dispatch
import Foundation

/// Measures, for each commit of a workload, the time from just before the commit until an
/// observer receives the value that reflects it.
///
/// The writer calls `willCommit(expecting:)` right before it commits, the observer calls
/// `receive(_:)` with each value it gets, and `wait()` returns once the awaited value came.
public final class CommitLatencyProbe: @unchecked Sendable {
    // @unchecked Sendable: the mutable state is only read and written under `lock`.
    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private let clock = ContinuousClock()
    private var commitStart: ContinuousClock.Instant?
    private var awaitedValue: Int64?
    private var measured: [Duration] = []

    public init() {}

    /// The writer is about to commit the transaction whose value is `value`.
    public func willCommit(expecting value: Int64) {
        let now = clock.now
        lock.withLock {
            commitStart = now
            awaitedValue = value
        }
    }

    /// The observer received `value`: when it is the awaited one, its latency is recorded.
    public func receive(_ value: Int64) {
        let now = clock.now
        let isAwaited = lock.withLock { () -> Bool in
            guard value == awaitedValue, let commitStart else { return false }
            measured.append(now - commitStart)
            awaitedValue = nil
            return true
        }
        if isAwaited { semaphore.signal() }
    }

    /// Waits until the awaited value is received.
    public func wait(timeout: Double = 120) throws {
        if semaphore.wait(timeout: .now() + timeout) == .timedOut {
            throw ProbeTimeout(pendingCount: 1)
        }
    }

    /// The latencies measured so far, in the order of the commits.
    public var latencies: [Duration] { lock.withLock { measured } }
}
