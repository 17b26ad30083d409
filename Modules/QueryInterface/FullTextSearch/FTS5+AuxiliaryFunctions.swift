import RSCore

extension Column {
    /// The hidden `rank` column of FTS5 tables: the relevance of a match, best first when the
    /// request is ordered by it: `Document.matching(pattern).order(Column.rank)`.
    public static let rank = Column("rank")
}

extension FTS5 {
    /// `bm25(table, weights…)`: the relevance of a match of the full-text table of the request,
    /// by SQLite's BM25 algorithm, best (most negative) first when ordered by it.
    ///
    /// ```swift
    /// // SELECT * FROM "book" WHERE "book" MATCH ? ORDER BY bm25("book", ?, ?)
    /// let books = try Book.matching(pattern).order(FTS5.bm25(10, 1)).fetchAll(db)
    /// ```
    ///
    /// - parameter weights: The weight of each column, in order (1 for the columns left out).
    public static func bm25(_ weights: Double...) -> SQLExpression {
        auxiliaryFunction("bm25", weights.map(\.sqlExpression))
    }

    /// `highlight(table, column, open, close)`: the text of a column of a match, with each
    /// matched phrase between `open` and `close`.
    ///
    /// ```swift
    /// let request = Book.matching(pattern).select(FTS5.highlight(column: 0, open: "<b>", close: "</b>"))
    /// ```
    ///
    /// - parameters:
    ///   - column: The index of the column in the full-text table, from 0.
    ///   - open: The text written before each matched phrase.
    ///   - close: The text written after each matched phrase.
    public static func highlight(column: Int, open: String, close: String) -> SQLExpression {
        auxiliaryFunction("highlight", [column.sqlExpression, open.sqlExpression, close.sqlExpression])
    }

    /// `snippet(table, column, open, close, ellipsis, tokens)`: a short fragment of the text of a
    /// match, with each matched phrase between `open` and `close`, and `ellipsis` where text was cut.
    ///
    /// - parameters:
    ///   - column: The index of the column, from 0; -1 (the default) picks the best column.
    ///   - open: The text written before each matched phrase.
    ///   - close: The text written after each matched phrase.
    ///   - ellipsis: The text written where the fragment cuts the text.
    ///   - tokenCount: The most tokens in the fragment, from 1 to 64.
    public static func snippet(
        column: Int = -1, open: String, close: String, ellipsis: String, tokenCount: Int
    ) -> SQLExpression {
        auxiliaryFunction(
            "snippet",
            [
                column.sqlExpression, open.sqlExpression, close.sqlExpression, ellipsis.sqlExpression,
                tokenCount.sqlExpression,
            ])
    }

    /// An auxiliary function of the full-text table of the request: its first argument is the
    /// table's name, that SQL generation writes.
    private static func auxiliaryFunction(_ name: String, _ arguments: [SQLExpression]) -> SQLExpression {
        SQLExpression(.function(name, [SQLExpression(.table)] + arguments, distinct: false))
    }
}
