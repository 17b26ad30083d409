import Dispatch
import Foundation

/// Receives the values that the observers of an observation workload deliver, and tells when each
/// observer has received the value it is awaited for.
///
/// A phase starts with `expect(_:)` (before the writes), and `wait()` returns once every observer
/// has delivered its awaited value: any value (the initial ones), or a given one (the value that
/// reflects the last write). Other values are ignored.
public final class ObservationProbe: @unchecked Sendable {
    // @unchecked Sendable: the mutable state is only read and written under `lock`.
    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private let observerCount: Int
    /// Per observer: nil when its value is received (or not awaited), `.some(nil)` for any value.
    private var awaited: [Int64??]
    private var pendingCount = 0
    private var totalCount = 0

    public init(observerCount: Int) {
        self.observerCount = observerCount
        awaited = Array(repeating: nil, count: observerCount)
    }

    /// Starts a phase that awaits any value from every observer.
    public func expectAnyValue() {
        expect(Array(repeating: nil, count: observerCount))
    }

    /// Starts a phase that awaits, from observer k, `values[k]` (any value when nil).
    public func expect(_ values: [Int64?]) {
        precondition(values.count == observerCount)
        lock.withLock {
            awaited = values.map { .some($0) }
            pendingCount = values.count
        }
    }

    /// Called by observer `observer` with the value it received.
    public func receive(_ value: Int64, from observer: Int) {
        let isComplete = lock.withLock { () -> Bool in
            totalCount += 1
            guard case .some(let expected) = awaited[observer], expected == nil || expected == value else {
                return false
            }
            awaited[observer] = nil
            pendingCount -= 1
            return pendingCount == 0
        }
        if isComplete { semaphore.signal() }
    }

    /// The number of values received, awaited or not.
    public var receivedCount: Int { lock.withLock { totalCount } }

    /// Waits until every observer has received its awaited value. Each phase ends with one signal
    /// of the semaphore, which this consumes: call it once per phase.
    public func wait(timeout: Double = 120) throws {
        guard observerCount > 0 else { return }
        if semaphore.wait(timeout: .now() + timeout) == .timedOut {
            throw ProbeTimeout(pendingCount: lock.withLock { pendingCount })
        }
    }
}

/// An observation workload's observers did not all receive their values in time.
public struct ProbeTimeout: Error, CustomStringConvertible {
    public let pendingCount: Int
    public var description: String { "\(pendingCount) observers did not receive their value in time" }
}
