import RSCore

/// The columns and options of an ``FTS3`` table, that the body of `create(virtualTable:using:_:)`
/// fills.
public final class FTS3TableDefinition {
    /// The names of the columns.
    private(set) var columns: [String] = []

    /// The tokenizer; SQLite's `simple` one when nil.
    public var tokenizer: FTS3TokenizerDescriptor?

    init() {}

    /// Appends a column.
    public func column(_ name: String) {
        columns.append(name)
    }
}

// A definition is a mutable class that the body of one `create(virtualTable:)` call fills: it is not
// shared between threads.
@available(*, unavailable)
extension FTS3TableDefinition: Sendable {}
