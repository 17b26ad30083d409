import RSCore

/// The columns and options of an ``FTS5`` table, that the body of `create(virtualTable:using:_:)`
/// fills.
///
/// ```swift
/// try db.create(virtualTable: "document", using: FTS5()) { t in
///     t.tokenizer = .porter()
///     t.prefixes = [2, 4]
///     t.column("content")
///     t.column("uuid").notIndexed()
/// }
/// ```
public final class FTS5TableDefinition {
    /// How the table was created.
    let configuration: VirtualTableConfiguration
    /// The columns, in order.
    private(set) var columns: [FTS5ColumnDefinition] = []
    /// The content table the full-text table is synchronized with, if any.
    private(set) var synchronizedTable: String?
    /// The `content` option, unless the table is synchronized.
    private var contentOption: String?
    /// The `content_rowid` option, unless the table is synchronized.
    private var contentRowIDOption: String?

    /// The tokenizer; SQLite's `unicode61` one when nil.
    public var tokenizer: FTS5TokenizerDescriptor?

    /// The `content` option: `""` for a contentless table, or the name of the table that holds
    /// the text (an external content table, which the application keeps in sync; see
    /// ``synchronize(withTable:)`` for a table kept in sync by triggers).
    public var content: String? {
        get { synchronizedTable ?? contentOption }
        set {
            synchronizedTable = nil
            contentOption = newValue
        }
    }

    /// The `content_rowid` option: the INTEGER PRIMARY KEY column of the external content table.
    public var contentRowID: String? {
        get { synchronizedTable == nil ? contentRowIDOption : nil }
        set {
            synchronizedTable = nil
            contentRowIDOption = newValue
        }
    }

    /// The `prefix` option: the lengths of the prefixes that the table indexes, for fast prefix
    /// queries.
    public var prefixes: Set<Int>?

    /// The `columnsize` option: 0 saves space, at the cost of slower ranking.
    public var columnSize: Int?

    /// The `detail` option: `"full"` (the default), `"column"` or `"none"`.
    public var detail: String?

    init(configuration: VirtualTableConfiguration) {
        self.configuration = configuration
    }

    /// Appends a column.
    @discardableResult
    public func column(_ name: String) -> FTS5ColumnDefinition {
        let column = FTS5ColumnDefinition(name: name)
        columns.append(column)
        return column
    }

    /// Makes the table index the columns of the same names in a content table, and stay in sync
    /// with it: triggers update the index when the content table changes, and the rows it already
    /// has are indexed at once.
    ///
    /// ```swift
    /// try db.create(virtualTable: "book_ft", using: FTS5()) { t in
    ///     t.synchronize(withTable: "book")
    ///     t.column("title")
    /// }
    /// ```
    public func synchronize(withTable tableName: String) {
        synchronizedTable = tableName
        contentOption = nil
        contentRowIDOption = nil
    }
}

// A definition is a mutable class that the body of one `create(virtualTable:)` call fills: it is not
// shared between threads.
@available(*, unavailable)
extension FTS5TableDefinition: Sendable {}

/// A column of an ``FTS5`` table.
public final class FTS5ColumnDefinition {
    /// The name of the column.
    let name: String
    /// Whether the column is indexed (it is unless `notIndexed()`).
    private(set) var isIndexed = true

    init(name: String) {
        self.name = name
    }

    /// Leaves the column out of the index: `column UNINDEXED`.
    @discardableResult
    public func notIndexed() -> Self {
        isIndexed = false
        return self
    }
}

// A column definition is a mutable class that the body of one `create(virtualTable:)` call fills.
@available(*, unavailable)
extension FTS5ColumnDefinition: Sendable {}
