/// Why `format-source` failed.
struct FormatSourceError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
