import Foundation

/// What a wait of a recorder waits for: when it is done, what it returns, and the error of its
/// timeout.
struct RecorderWait<Value: Sendable, Output>: Sendable {
    /// The result of the wait when it is done (consuming the values it returns), or nil.
    let attempt: @Sendable (inout RecorderState<Value>) -> Result<Output, any Error>?
    /// The error of the wait when its timeout expires.
    let timeoutError: @Sendable (RecorderState<Value>, TimeInterval) -> RecorderError

    /// A wait for the next `count` values, which throws the failure of the source, or
    /// `finishedBeforeValues`, when the source ends first.
    static func values(count: Int) -> RecorderWait<Value, [Value]> {
        RecorderWait<Value, [Value]>(
            attempt: { state in
                guard count >= 0 else { return .failure(RecorderError.negativeCount(count)) }
                if state.availableCount >= count {
                    let values = Array(state.values[state.consumedCount..<state.consumedCount + count])
                    state.consumedCount += count
                    return .success(values)
                }
                switch state.completion {
                case nil: return nil
                case .failure(let error): return .failure(error)
                case .finished:
                    return .failure(RecorderError.finishedBeforeValues(expected: count, received: state.availableCount))
                }
            },
            timeoutError: { state, timeout in
                .valuesTimedOut(expected: count, received: state.availableCount, timeout: timeout)
            })
    }

    /// A wait for the next value that satisfies `predicate`, which consumes it and the values before
    /// it, and throws the failure of the source, or `finishedBeforeMatch`, when the source ends first.
    static func value(where predicate: @escaping @Sendable (Value) -> Bool) -> RecorderWait<Value, Value> {
        RecorderWait<Value, Value>(
            attempt: { state in
                if let index = state.values[state.consumedCount...].firstIndex(where: predicate) {
                    state.consumedCount = index + 1
                    return .success(state.values[index])
                }
                switch state.completion {
                case nil: return nil
                case .failure(let error): return .failure(error)
                case .finished: return .failure(RecorderError.finishedBeforeMatch(received: state.availableCount))
                }
            },
            timeoutError: { state, timeout in .matchTimedOut(received: state.availableCount, timeout: timeout) })
    }

    /// A wait for the completion.
    static var completion: RecorderWait<Value, RecorderCompletion> {
        RecorderWait<Value, RecorderCompletion>(
            attempt: { state in state.completion.map { .success($0) } },
            timeoutError: { state, timeout in
                .completionTimedOut(receivedValues: state.values.count, timeout: timeout)
            })
    }
}
