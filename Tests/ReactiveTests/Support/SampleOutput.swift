import RSTesting

/// How long a sample test waits for something that should happen promptly.
let sampleTimeout: Double = 60

/// What a sample prints, recorded instead of printed, from whatever thread prints it: a test awaits
/// the lines without blocking its thread (values delivered on the main queue need the main queue to
/// run). A `Recorder` of `RSTesting` does the waiting; the waits here return every line so far.
final class SampleOutput<Line: Sendable>: Sendable {
    private let recorder = Recorder<Line>()

    /// The lines printed so far.
    var lines: [Line] { recorder.values }

    /// Records a line, and wakes the tests that wait for it.
    func print(_ line: Line) {
        recorder.receive(line)
    }

    /// Waits until `count` lines are printed; returns the lines printed so far. Throws after the
    /// timeout.
    @discardableResult
    func lines(count: Int, timeout: Double = sampleTimeout) async throws -> [Line] {
        try await lines(timeout: timeout) { $0.count >= count }
    }

    /// Waits until a printed line satisfies the predicate; returns the lines printed so far. Throws
    /// after the timeout.
    @discardableResult
    func lines(
        until message: String, timeout: Double = sampleTimeout, where predicate: @escaping @Sendable (Line) -> Bool
    ) async throws -> [Line] {
        try await lines(timeout: timeout) { $0.contains(where: predicate) }
    }

    /// Consumes the recorder's values one by one until the lines satisfy `isDone`.
    private func lines(timeout: Double, until isDone: ([Line]) -> Bool) async throws -> [Line] {
        while !isDone(recorder.values) {
            _ = try await recorder.next(timeout: timeout)
        }
        return recorder.values
    }
}
