extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// Iterates the sequence in a task of its own, and returns a recorder of its elements. The end of
    /// the sequence is the recorder's completion: `.finished`, or `.failure` with the error it throws.
    ///
    /// ```swift
    /// let recorder = observation.values(in: dbQueue).record()
    /// let initialPlayers = try await recorder.next()
    /// ```
    ///
    /// The task is cancelled when the recorder is cancelled or deinitialized.
    public func record() -> Recorder<Element> {
        let recorder = Recorder<Element>()
        let task = Task { [weak recorder] in
            do {
                for try await element in self {
                    recorder?.receive(element)
                }
                recorder?.receive(completion: .finished)
            } catch {
                recorder?.receive(completion: .failure(error))
            }
        }
        recorder.setStopSource { task.cancel() }
        return recorder
    }
}
