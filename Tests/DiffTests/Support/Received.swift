import RSTesting

/// What a publisher or an observation delivered, from whatever thread delivers it: a test awaits
/// the values without blocking its thread (values delivered on the main queue need the main queue
/// to run). A `Recorder` of `RSTesting` does the waiting; `values(count:)` returns every value so
/// far, and throws `ReceptionFailure` for a failure or a timeout.
final class Received<Value: Sendable>: Sendable {
    private let recorder = Recorder<Value>()

    /// Records a value, and wakes the tests that wait for it.
    func receive(_ value: Value) {
        recorder.receive(value)
    }

    /// Records a failure: the waiting tests fail.
    func fail(_ error: any Error) {
        recorder.receive(completion: .failure(error))
    }

    /// Waits until `count` values are received; returns the values so far. Throws after the
    /// timeout, or after a failure.
    @discardableResult
    func values(count: Int) async throws -> [Value] {
        do {
            while recorder.values.count < count {
                _ = try await recorder.next(timeout: 60)
            }
        } catch {
            throw ReceptionFailure(description: "\(error)")
        }
        return recorder.values
    }
}

/// A publisher or an observation failed, or did not deliver within the timeout.
struct ReceptionFailure: Error, CustomStringConvertible {
    let description: String
}
