import Dispatch
import RSTestSupport

/// How long a sample test waits for something that should happen promptly. Generous: the
/// synchronous conformance checks that run in parallel may hold every thread of the cooperative pool
/// for seconds, and an async test resumes only when one is free.
let sampleTimeout: Double = 60

/// What a sample prints, recorded instead of printed, from whatever thread prints it: a test awaits
/// the lines, within a timeout, without blocking its thread (values delivered on the main queue
/// need the main queue to run).
final class SampleOutput<Line: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let isDone: @Sendable ([Line]) -> Bool
        let continuation: CheckedContinuation<[Line], any Error>
    }

    private struct State {
        var lines: [Line] = []
        var waiters: [Waiter] = []
        var nextWaiterID = 0
    }

    private let state = Locked(State())

    /// The lines printed so far.
    var lines: [Line] { state.current.lines }

    /// Records a line, and wakes the tests that wait for it.
    func print(_ line: Line) {
        let (ready, lines) = state.withLock { state in
            state.lines.append(line)
            let lines = state.lines
            let ready = state.waiters.filter { $0.isDone(lines) }
            state.waiters.removeAll { $0.isDone(lines) }
            return (ready, lines)
        }
        for waiter in ready { waiter.continuation.resume(returning: lines) }
    }

    /// Waits until `count` lines are printed; returns the lines printed so far. Throws after the
    /// timeout.
    @discardableResult
    func lines(count: Int, timeout: Double = sampleTimeout) async throws -> [Line] {
        try await lines("\(count) lines", timeout: timeout) { $0.count >= count }
    }

    /// Waits until a printed line satisfies the predicate; returns the lines printed so far. Throws
    /// after the timeout.
    @discardableResult
    func lines(
        until message: String, timeout: Double = sampleTimeout, where predicate: @escaping @Sendable (Line) -> Bool
    ) async throws -> [Line] {
        try await lines(message, timeout: timeout) { $0.contains(where: predicate) }
    }

    private func lines(
        _ message: String, timeout: Double, until isDone: @escaping @Sendable ([Line]) -> Bool
    ) async throws -> [Line] {
        try await withCheckedThrowingContinuation { continuation in
            let (id, lines) = state.withLock { state -> (Int?, [Line]) in
                if isDone(state.lines) { return (nil, state.lines) }
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                state.waiters.append(Waiter(id: id, isDone: isDone, continuation: continuation))
                return (id, [])
            }
            guard let id else {
                continuation.resume(returning: lines)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [state] in
                let (waiter, lines) = state.withLock { state in
                    let waiter = state.waiters.first { $0.id == id }
                    state.waiters.removeAll { $0.id == id }
                    return (waiter, state.lines)
                }
                waiter?.continuation.resume(
                    throwing: SampleTimeout(description: "timed out waiting for \(message); got \(lines)"))
            }
        }
    }
}

/// A sample did not print what it should within the timeout.
struct SampleTimeout: Error, CustomStringConvertible {
    let description: String
}
