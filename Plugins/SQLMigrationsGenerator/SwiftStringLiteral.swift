/// Swift source text for string literals.
public enum SwiftStringLiteral {
    /// A multi-line string literal (`"""`) whose value is exactly `text`, with its lines indented by
    /// `indentation` (which the literal strips).
    ///
    /// Backslashes and quotes are escaped (so `\(` is no interpolation and `"""` ends nothing), and so
    /// are carriage returns and control characters other than tabs and line feeds: Swift reads the
    /// literal back as the same text, line endings included.
    public static func multiline(_ text: String, indentation: String) -> String {
        var lines: [String] = []
        // Lines of scalars: in a Swift string, "\r\n" is one character, which a split of characters keeps.
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let escaped = escape(line)
            lines.append(escaped.isEmpty ? "" : indentation + escaped)
        }
        return "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indentation + "\"\"\""
    }

    /// Escapes what a string literal cannot hold as it is: backslashes, quotes, carriage returns,
    /// and control characters other than tabs.
    static func escape(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var result = ""
        for scalar in scalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\r": result += "\\r"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
