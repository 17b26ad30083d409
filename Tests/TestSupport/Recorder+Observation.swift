import RSTesting

// The handlers of `ValueObservation.start(in:scheduling:onError:onChange:)` that record into a
// `Recorder`, for the observations that a check starts itself rather than with `record(in:)`: a
// shared observation, or one whose cancellable the check cancels or releases, to see that nothing
// comes after.

extension Recorder {
    /// Records a value.
    var onChange: @Sendable (Value) -> Void { { value in self.receive(value) } }

    /// Records the error that ends the observation, as the recorder's failure.
    var onError: @Sendable (any Error) -> Void { { error in self.receive(completion: .failure(error)) } }
}
