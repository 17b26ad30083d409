/// The text stream that dump formats write to.
///
/// It forwards its text to the stream given to the dump method (the standard output by default),
/// and can put a blank line between two blocks of output: see ``margin()``.
public struct DumpStream {
    /// The stream that receives the text.
    private var base: any TextOutputStream
    /// Whether a line break is due before the next text that does not start with one.
    private var isMarginPending = false

    /// A stream that writes to `base`, or to the standard output when `base` is nil.
    init(_ base: (any TextOutputStream)?) {
        self.base = base ?? StandardOutputStream()
    }

    /// Asks for a blank line between what was written and what comes next: the next non-empty
    /// text is preceded by a line break, unless it starts with one. Nothing is written if nothing
    /// comes next.
    public mutating func margin() {
        isMarginPending = true
    }
}

extension DumpStream: TextOutputStream {
    /// Writes `string`, after the line break of a pending ``margin()``.
    public mutating func write(_ string: String) {
        if isMarginPending && !string.isEmpty {
            isMarginPending = false
            if !string.hasPrefix("\n") { base.write("\n") }
        }
        base.write(string)
    }

    /// Writes `line`, then a line break.
    mutating func writeLine(_ line: String) {
        write(line)
        write("\n")
    }
}

/// The standard output, as a text stream that adds nothing to what it is given.
private struct StandardOutputStream: TextOutputStream {
    func write(_ string: String) {
        print(string, terminator: "")
    }
}
