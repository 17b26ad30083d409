import RSCore

/// The columns and options of an ``FTS4`` table, that the body of `create(virtualTable:using:_:)`
/// fills.
///
/// ```swift
/// try db.create(virtualTable: "document", using: FTS4()) { t in
///     t.prefixes = [2, 4]
///     t.column("content")
///     t.column("uuid").notIndexed()
/// }
/// ```
public final class FTS4TableDefinition {
    /// How the table was created.
    let configuration: VirtualTableConfiguration
    /// The columns, in order.
    private(set) var columns: [FTS4ColumnDefinition] = []
    /// The content table the full-text table is synchronized with, if any.
    private(set) var synchronizedTable: String?
    /// The `content` option, unless the table is synchronized.
    private var contentOption: String?

    /// The tokenizer; SQLite's `simple` one when nil.
    public var tokenizer: FTS3TokenizerDescriptor?

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

    /// The `compress` option: the name of an SQL function that compresses the text.
    public var compress: String?

    /// The `uncompress` option: the name of an SQL function that uncompresses the text.
    public var uncompress: String?

    /// The `matchinfo` option: `"fts3"` saves space.
    public var matchinfo: String?

    /// The `prefix` option: the lengths of the prefixes that the table indexes, for fast prefix
    /// queries.
    public var prefixes: Set<Int>?

    init(configuration: VirtualTableConfiguration) {
        self.configuration = configuration
    }

    /// Appends a column.
    @discardableResult
    public func column(_ name: String) -> FTS4ColumnDefinition {
        let column = FTS4ColumnDefinition(name: name)
        columns.append(column)
        return column
    }

    /// Makes the table index the columns of the same names in a content table, and stay in sync
    /// with it: triggers update the index when the content table changes, and the rows it already
    /// has are indexed at once.
    ///
    /// ```swift
    /// try db.create(virtualTable: "book_ft", using: FTS4()) { t in
    ///     t.synchronize(withTable: "book")
    ///     t.column("title")
    /// }
    /// ```
    public func synchronize(withTable tableName: String) {
        synchronizedTable = tableName
        contentOption = nil
    }
}

// A definition is a mutable class that the body of one `create(virtualTable:)` call fills: it is not
// shared between threads.
@available(*, unavailable)
extension FTS4TableDefinition: Sendable {}

/// A column of an ``FTS4`` table.
public final class FTS4ColumnDefinition {
    /// The name of the column.
    let name: String
    /// Whether the column is indexed (it is unless `notIndexed()`).
    private(set) var isIndexed = true
    /// Whether the column is the `languageid` column.
    private(set) var isLanguageID = false

    init(name: String) {
        self.name = name
    }

    /// Leaves the column out of the index: `notindexed=column`.
    @discardableResult
    public func notIndexed() -> Self {
        isIndexed = false
        return self
    }

    /// Makes the column the table's language id: `languageid="column"`.
    @discardableResult
    public func asLanguageId() -> Self {
        isLanguageID = true
        return self
    }
}

// A column definition is a mutable class that the body of one `create(virtualTable:)` call fills.
@available(*, unavailable)
extension FTS4ColumnDefinition: Sendable {}
