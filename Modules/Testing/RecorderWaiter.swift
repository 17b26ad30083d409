/// An async wait of a recorder, registered until the state satisfies it, its timeout expires, or its
/// task is cancelled. Each resumes its continuation once: the recorder unregisters it first.
struct RecorderWaiter<Value> {
    /// Resumes the continuation and returns true when the wait is done (consuming the values it
    /// returns); returns false otherwise.
    let resumeIfDone: (inout RecorderState<Value>) -> Bool
    /// Resumes the continuation with an error.
    let fail: (any Error) -> Void
}
