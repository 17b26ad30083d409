import Foundation

/// Prints the lines of the demo, one at a time, from any thread: each line is a time, the name of
/// who speaks, aligned, and what it says.
final class Console: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only read and written under `lock`.
    private let lock = NSLock()
    private let start = Date()
    private let write: @Sendable (String) -> Void
    private var lines: [String] = []

    /// A console that prints to the standard output, or gives each line to `write`.
    init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Every line printed so far.
    var output: [String] { lock.withLock { lines } }

    /// Prints a line of `speaker`.
    func say(_ speaker: String, _ message: String) {
        let time = String(format: "%6.2fs", Date().timeIntervalSince(start))
        line("\(time)  \(speaker.padding(toLength: 18, withPad: " ", startingAt: 0)) │ \(message)")
    }

    /// Prints a line as it is.
    func line(_ text: String) {
        lock.withLock {
            lines.append(text)
            write(text)
        }
    }
}
