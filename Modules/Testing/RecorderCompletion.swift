/// How a recorded source ended.
public enum RecorderCompletion: Sendable {
    /// The source finished normally: the sequence ended, or the publisher finished.
    case finished
    /// The source failed: the observation, the sequence or the publisher ended with this error.
    case failure(any Error)

    /// The error of a failure, or nil.
    public var failure: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// Whether the source finished normally.
    public var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }
}
