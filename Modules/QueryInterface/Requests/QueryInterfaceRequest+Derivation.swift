import RSCore

extension QueryInterfaceRequest {
    // MARK: Selection

    /// The request selecting these values instead of the current selection.
    public func select(_ selection: any SQLSelectable...) -> Self {
        select(selection)
    }

    /// The request selecting these values instead of the current selection.
    public func select(_ selection: [any SQLSelectable]) -> Self {
        with { $0.selection = selection.map { $0.sqlSelection } }
    }

    /// The request selecting SQL text: `select(sql: "score + ?", arguments: [1])`.
    public func select(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        select(SQLSelection(sql: sql, arguments: arguments))
    }

    /// The request selecting an SQL literal.
    public func select(literal: SQL) -> Self {
        select(SQLExpression(literal: literal))
    }

    /// The request selecting these values, and decoding them as another type:
    /// `Player.select(max(Column("score")), as: Int.self)`.
    public func select<T>(_ selection: any SQLSelectable..., as type: T.Type) -> QueryInterfaceRequest<T> {
        select(selection).asRequest(of: T.self)
    }

    /// The request selecting these values, and decoding them as another type.
    public func select<T>(_ selection: [any SQLSelectable], as type: T.Type) -> QueryInterfaceRequest<T> {
        select(selection).asRequest(of: T.self)
    }

    /// The request with these values appended to the selection: `annotated(with: Column("a") + Column("b"))`.
    public func annotated(with selection: any SQLSelectable...) -> Self {
        annotated(with: selection)
    }

    /// The request with these values appended to the selection.
    public func annotated(with selection: [any SQLSelectable]) -> Self {
        with { $0.selection += selection.map { $0.sqlSelection } }
    }

    /// The request with `SELECT DISTINCT`.
    public func distinct() -> Self {
        with { $0.isDistinct = true }
    }

    // MARK: Filtering

    /// The request with one more condition: conditions add up with AND.
    public func filter(_ predicate: some SQLExpressible) -> Self {
        with { $0.filters.append(predicate.sqlExpression) }
    }

    /// The request with one more condition of SQL text: `filter(sql: "score > ?", arguments: [1000])`.
    public func filter(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        filter(SQLExpression(sql: sql, arguments: arguments))
    }

    /// The request with one more condition, an SQL literal: `filter(literal: "name = \(name)")`.
    public func filter(literal: SQL) -> Self {
        filter(SQLExpression(literal: literal))
    }

    /// The request with no row (`WHERE ?`, with false bound).
    public func none() -> Self {
        filter(false)
    }

    // MARK: Grouping

    /// The request grouped by these expressions.
    public func group(_ expressions: any SQLExpressible...) -> Self {
        group(expressions)
    }

    /// The request grouped by these expressions.
    public func group(_ expressions: [any SQLExpressible]) -> Self {
        with { $0.groups = expressions.map { $0.sqlExpression } }
    }

    /// The request grouped by SQL text.
    public func group(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        group(SQLExpression(sql: sql, arguments: arguments))
    }

    /// The request with one more condition on groups: conditions add up with AND.
    public func having(_ predicate: some SQLExpressible) -> Self {
        with { $0.havings.append(predicate.sqlExpression) }
    }

    /// The request with one more condition on groups, of SQL text.
    public func having(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        having(SQLExpression(sql: sql, arguments: arguments))
    }

    // MARK: Ordering

    /// The request ordered by these terms, instead of its current ordering.
    public func order(_ orderings: any SQLOrderingTerm...) -> Self {
        order(orderings)
    }

    /// The request ordered by these terms, instead of its current ordering.
    public func order(_ orderings: [any SQLOrderingTerm]) -> Self {
        let orderings = orderings.map { $0.sqlOrdering }
        return with {
            $0.orderings = [{ _ in orderings }]
            $0.isReversed = false
        }
    }

    /// The request ordered by SQL text: `order(sql: "score DESC")`.
    public func order(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        order(SQLOrdering(sql: sql, arguments: arguments))
    }

    /// The request ordered by an SQL literal.
    public func order(literal: SQL) -> Self {
        order(SQLExpression(literal: literal))
    }

    /// The request with more orderings after the current ones.
    public func thenOrder(_ orderings: any SQLOrderingTerm...) -> Self {
        let orderings = orderings.map { $0.sqlOrdering }
        return with { relation in
            let isReversed = relation.isReversed
            relation.orderings.append { _ in isReversed ? orderings.map { $0.reversed } : orderings }
        }
    }

    /// The request ordered by primary key (by rowid for a table without one).
    public func orderByPrimaryKey() -> Self {
        with { relation in
            let table = relation.table
            relation.orderings = [{ db in try SQLRelation.primaryKeyOrderings(of: table, db) }]
            relation.isReversed = false
        }
    }

    /// The request with its ordering reversed. An unordered request stays as it is, as in GRDB (use
    /// `orderByPrimaryKey().reversed()` for the last rows first).
    public func reversed() -> Self {
        with { $0.isReversed.toggle() }
    }

    /// The request without ordering.
    public func unordered() -> Self {
        with {
            $0.orderings = []
            $0.isReversed = false
        }
    }

    // MARK: Limits

    /// The request limited to `limit` rows, after skipping `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        with { $0.limit = (limit, offset) }
    }

    private func with(_ update: (inout SQLRelation) -> Void) -> Self {
        var relation = relation
        update(&relation)
        return Self(relation: relation)
    }
}
