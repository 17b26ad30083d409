import RSCore

extension TableRequest where Self: FilteredRequest {
    /// The rows of the full-text table that match an FTS3 or FTS4 pattern; no row when the pattern
    /// is nil: `Book.matching(FTS3Pattern(matchingAllTokensIn: query))`.
    ///
    /// The SQL is `WHERE "book" MATCH ?`, with the table of the request (or its alias in a join).
    public func matching(_ pattern: FTS3Pattern?) -> Self {
        guard let pattern else { return none() }
        return filter(SQLExpression.matchingTable(pattern))
    }

    /// The rows of the full-text table that match an FTS5 pattern; no row when the pattern is nil:
    /// `Document.matching(FTS5Pattern(matchingAnyTokenIn: query)).order(Column.rank)`.
    ///
    /// The SQL is `WHERE "document" MATCH ?`, with the table of the request (or its alias in a join).
    public func matching(_ pattern: FTS5Pattern?) -> Self {
        guard let pattern else { return none() }
        return filter(SQLExpression.matchingTable(pattern))
    }
}

extension TableRecord {
    /// The rows of the record's full-text table that match an FTS3 or FTS4 pattern; no row when the
    /// pattern is nil.
    public static func matching(_ pattern: FTS3Pattern?) -> QueryInterfaceRequest<Self> {
        all().matching(pattern)
    }

    /// The rows of the record's full-text table that match an FTS5 pattern; no row when the pattern
    /// is nil.
    public static func matching(_ pattern: FTS5Pattern?) -> QueryInterfaceRequest<Self> {
        all().matching(pattern)
    }
}

extension ColumnExpression {
    /// `column MATCH pattern`: whether the column of an FTS3 or FTS4 table matches the pattern
    /// (NULL, which selects no row, when the pattern is nil).
    public func match(_ pattern: FTS3Pattern?) -> SQLExpression {
        SQLExpression(.binary("MATCH", sqlExpression, pattern?.sqlExpression ?? DatabaseValue.null.sqlExpression))
    }

    /// `column MATCH pattern`: whether the column of an FTS5 table matches the pattern.
    public func match(_ pattern: FTS5Pattern) -> SQLExpression {
        SQLExpression(.binary("MATCH", sqlExpression, pattern.sqlExpression))
    }
}

extension SQLExpression {
    /// `"table" MATCH pattern`, with the table of the relation whose SQL is generated.
    fileprivate static func matchingTable(_ pattern: some SQLExpressible) -> SQLExpression {
        SQLExpression(.binary("MATCH", SQLExpression(.table), pattern.sqlExpression))
    }
}
