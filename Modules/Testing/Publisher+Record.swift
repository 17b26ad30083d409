import RSReactive

extension Publisher where Output: Sendable {
    /// Subscribes to the publisher with an unlimited demand, and returns a recorder of its values and
    /// of its completion.
    ///
    /// ```swift
    /// let recorder = observation.publisher(in: dbQueue).record()
    /// let initialPlayers = try recorder.waitForNext()
    /// ```
    ///
    /// The subscription is cancelled when the recorder is cancelled or deinitialized.
    public func record() -> Recorder<Output> {
        let recorder = Recorder<Output>()
        let subscriber = RecorderSubscriber<Output, Failure>(recorder: recorder)
        recorder.setStopSource { subscriber.cancel() }
        subscribe(subscriber)
        return recorder
    }
}
