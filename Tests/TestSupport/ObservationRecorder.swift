import Dispatch
import Foundation
import RSCore
import RSObservation

/// Records what an observation notifies, on a serial queue of its own, and lets a check wait for it.
final class ObservationRecorder<Value: Sendable>: Sendable {
    /// The queue where the observation notifies (`scheduler`).
    let queue = DispatchQueue(label: "ReactiveSQLite.ObservationRecorder")
    private let condition = NSCondition()
    private let state = Locked<(values: [Value], error: (any Error)?)>(([], nil))

    /// A scheduler that notifies on the recorder's queue.
    var scheduler: AsyncValueObservationScheduler { .async(onQueue: queue) }

    /// The values notified so far.
    var values: [Value] { state.current.values }

    /// The error recorded so far, if any: the one that ended the observation, or one that the
    /// check recorded (a value notified after a cancellation, say).
    var error: (any Error)? { state.current.error }

    /// Records a value.
    func onChange(_ value: Value) {
        condition.withLock {
            state.withLock { $0.values.append(value) }
            condition.broadcast()
        }
    }

    /// Records the error that ends the observation.
    func onError(_ error: any Error) {
        condition.withLock {
            state.withLock { $0.error = error }
            condition.broadcast()
        }
    }

    /// Starts the observation, notifying on the recorder's queue.
    func start<Reducer>(_ observation: ValueObservation<Reducer>, in reader: any DatabaseReader)
        -> AnyDatabaseCancellable
    where Reducer.Value == Value {
        observation.start(in: reader, scheduling: scheduler, onError: onError, onChange: onChange)
    }

    /// Waits until a notified value satisfies the predicate; returns the values so far. Fails the
    /// check after the timeout, or when the observation ends with an error.
    @discardableResult
    func waitForValue(
        _ message: String, file: StaticString = #fileID, line: UInt = #line, where predicate: (Value) -> Bool
    ) throws -> [Value] {
        try wait(message, file: file, line: line) { values, error in
            if let error { throw error }
            return values.contains(where: predicate)
        }
    }

    /// Waits until `count` values are notified; returns them. Fails after the timeout.
    @discardableResult
    func waitForValues(count: Int, file: StaticString = #fileID, line: UInt = #line) throws -> [Value] {
        try wait("\(count) values", file: file, line: line) { values, error in
            if let error { throw error }
            return values.count >= count
        }
    }

    /// Waits for the error that ends the observation.
    func waitForError(file: StaticString = #fileID, line: UInt = #line) throws -> any Error {
        _ = try wait("an error", file: file, line: line) { _, error in error != nil }
        return state.current.error!
    }

    /// Waits until the queue has run what was scheduled so far: the values notified before are
    /// recorded.
    func drain() {
        queue.sync {}
    }

    @discardableResult
    private func wait(
        _ message: String, file: StaticString, line: UInt,
        until isDone: ([Value], (any Error)?) throws -> Bool
    ) throws -> [Value] {
        let deadline = Date(timeIntervalSinceNow: checkTimeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let (values, error) = state.current
            if try isDone(values, error) { return values }
            guard condition.wait(until: deadline) else {
                throw ConformanceFailure(
                    description: "timed out waiting for \(message); got \(values)", location: "\(file):\(line)")
            }
        }
    }
}
