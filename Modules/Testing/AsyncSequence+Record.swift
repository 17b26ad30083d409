extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Iterates the sequence in a task of its own, and returns a recorder of its elements. The end of
    /// the sequence is the recorder's completion: `.finished`, or `.failure` with the error it throws.
    ///
    /// ```swift
    /// let recorder = observation.values(in: dbQueue).record()
    /// let initialPlayers = try await recorder.next()
    /// ```
    ///
    /// The task is cancelled when the recorder is cancelled or deinitialized. It runs on threads of
    /// its own, not on the cooperative thread pool (where the platform allows it): waiting
    /// synchronously for the recorder from a task, as a test may, does not hold back its values.
    public func record() -> Recorder<Element> {
        let recorder = Recorder<Element>()
        let iterate: @Sendable () async -> Void = { [weak recorder] in
            do {
                for try await element in self {
                    recorder?.receive(element)
                }
                recorder?.receive(completion: .finished)
            } catch {
                recorder?.receive(completion: .failure(error))
            }
        }
        let task: Task<Void, Never>
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            task = Task(executorPreference: RecorderExecutor.shared, operation: iterate)
        } else {
            task = Task(operation: iterate)
        }
        recorder.setStopSource { task.cancel() }
        return recorder
    }
}
