import Foundation

/// Why a wait of a recorder failed, when the recorded source did not fail itself.
public enum RecorderError: Error, Equatable, CustomStringConvertible {
    /// The timeout expired before `expected` new values arrived; `received` of them had.
    case valuesTimedOut(expected: Int, received: Int, timeout: TimeInterval)
    /// The timeout expired before the completion; `receivedValues` values had arrived in all.
    case completionTimedOut(receivedValues: Int, timeout: TimeInterval)
    /// The source finished normally after `received` of the `expected` new values.
    case finishedBeforeValues(expected: Int, received: Int)
    /// The timeout expired before a value that satisfies the predicate of the wait arrived; `received`
    /// values that do not satisfy it had.
    case matchTimedOut(received: Int, timeout: TimeInterval)
    /// The source finished normally after `received` values, none of which satisfies the predicate of
    /// the wait.
    case finishedBeforeMatch(received: Int)
    /// A wait asked for a negative number of values.
    case negativeCount(Int)

    /// What went wrong, with what was received.
    public var description: String {
        switch self {
        case .valuesTimedOut(let expected, let received, let timeout):
            return "Recorder timed out after \(timeout) s waiting for \(expected) "
                + "value\(expected == 1 ? "" : "s"); received \(received)"
        case .completionTimedOut(let receivedValues, let timeout):
            return "Recorder timed out after \(timeout) s waiting for the completion; received \(receivedValues) "
                + "value\(receivedValues == 1 ? "" : "s")"
        case .finishedBeforeValues(let expected, let received):
            return "Recorder: the source finished after \(received) of the \(expected) expected values"
        case .matchTimedOut(let received, let timeout):
            return "Recorder timed out after \(timeout) s waiting for a value that satisfies the predicate; received "
                + "\(received) other value\(received == 1 ? "" : "s")"
        case .finishedBeforeMatch(let received):
            return "Recorder: the source finished after \(received) value\(received == 1 ? "" : "s"), none of which "
                + "satisfies the predicate"
        case .negativeCount(let count):
            return "Recorder: cannot wait for \(count) values"
        }
    }
}
