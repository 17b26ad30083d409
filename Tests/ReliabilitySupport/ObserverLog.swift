import Foundation
import RSTestSupport

/// What one observer of a stress run saw: it checks each value as it comes (the invariant holds,
/// no value is older than the one before), and tells waiters when it reaches a version.
final class ObserverLog: Sendable {
    /// The form of the observation, for the messages.
    let form: String
    private let state = Locked(State())
    private let progress: StressProgress

    private struct State {
        var lastVersion = -1
        var valueCount = 0
        var violations: [String] = []
    }

    init(form: String, progress: StressProgress) {
        self.form = form
        self.progress = progress
    }

    /// Checks a value, and records it.
    func receive(_ value: BankState) {
        state.withLock { state in
            state.valueCount += 1
            if value.total != BankState.total {
                state.violations.append("\(form): broken invariant, \(value)")
            }
            if value.version < state.lastVersion {
                state.violations.append("\(form): \(value) after version \(state.lastVersion)")
            }
            state.lastVersion = max(state.lastVersion, value.version)
        }
        progress.signal()
    }

    /// Records an error that ended the observation, or a broken expectation.
    func fail(_ message: String) {
        state.withLock { $0.violations.append("\(form): \(message)") }
        progress.signal()
    }

    var lastVersion: Int { state.current.lastVersion }
    var valueCount: Int { state.current.valueCount }
    var violations: [String] { state.current.violations }
}

/// Wakes the waiters of a stress run when an observer records something.
final class StressProgress: Sendable {
    private let condition = NSCondition()

    func signal() {
        condition.withLock { condition.broadcast() }
    }

    /// Waits, off the cooperative thread pool, until `isDone` holds or the deadline passes;
    /// returns whether it holds.
    func wait(until deadline: Date, _ isDone: @escaping @Sendable () -> Bool) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread { [condition] in
                condition.lock()
                var done = isDone()
                // Observers change their state before they signal, and signal under the lock that
                // this thread holds while it checks: no signal is missed.
                while !done && condition.wait(until: deadline) {
                    done = isDone()
                }
                done = done || isDone()
                condition.unlock()
                continuation.resume(returning: done)
            }.start()
        }
    }
}
