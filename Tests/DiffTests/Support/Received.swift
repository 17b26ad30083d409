import Dispatch
import RSTestSupport

/// How long a test waits for something that should happen promptly: generous, because the
/// synchronous conformance checks that run in parallel may hold the threads of the cooperative pool.
let receptionTimeout: Double = 60

/// What a publisher or an observation delivered, from whatever thread delivers it: a test awaits
/// the values, within a timeout, without blocking its thread (values delivered on the main queue
/// need the main queue to run).
final class Received<Value: Sendable>: Sendable {
    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<[Value], any Error>
    }

    private struct State {
        var values: [Value] = []
        var failure: String?
        var waiters: [Int: Waiter] = [:]
        var nextWaiterID = 0
    }

    private let state = Locked(State())

    /// Records a value, and wakes the tests that wait for it.
    func receive(_ value: Value) {
        let (ready, values) = state.withLock { state in
            state.values.append(value)
            let ready = state.waiters.filter { $0.value.count <= state.values.count }
            for id in ready.keys { state.waiters[id] = nil }
            return (ready.values, state.values)
        }
        for waiter in ready { waiter.continuation.resume(returning: values) }
    }

    /// Records a failure: the waiting tests fail.
    func fail(_ error: any Error) {
        let waiters = state.withLock { state in
            state.failure = "\(error)"
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.continuation.resume(throwing: ReceptionFailure(description: "\(error)")) }
    }

    /// Waits until `count` values are received; returns the values so far. Throws after the
    /// timeout, or after a failure.
    @discardableResult
    func values(count: Int) async throws -> [Value] {
        try await withCheckedThrowingContinuation { continuation in
            let (id, values, failure) = state.withLock { state -> (Int?, [Value], String?) in
                if let failure = state.failure { return (nil, [], failure) }
                if state.values.count >= count { return (nil, state.values, nil) }
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                state.waiters[id] = Waiter(count: count, continuation: continuation)
                return (id, [], nil)
            }
            guard let id else {
                if let failure {
                    continuation.resume(throwing: ReceptionFailure(description: failure))
                } else {
                    continuation.resume(returning: values)
                }
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + receptionTimeout) { [state] in
                let (waiter, values) = state.withLock { state in
                    defer { state.waiters[id] = nil }
                    return (state.waiters[id], state.values)
                }
                waiter?.continuation.resume(
                    throwing: ReceptionFailure(description: "timed out waiting for \(count) values; got \(values)"))
            }
        }
    }
}

/// A publisher or an observation failed, or did not deliver within the timeout.
struct ReceptionFailure: Error, CustomStringConvertible {
    let description: String
}
