import RSCore

/// A request that can be ordered: query interface requests and associations.
public protocol OrderedRequest {
    /// The request ordered by the terms that the closure returns when the request runs, instead of
    /// its current ordering.
    func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm]) -> Self

    /// The request with its ordering reversed. An unordered request stays as it is.
    func reversed() -> Self

    /// The request without ordering.
    func unordered() -> Self

    /// The request ordered so that its rows always come in the same order: by its current ordering,
    /// then by primary key.
    func withStableOrder() -> Self
}

extension OrderedRequest {
    /// The request ordered by these terms, instead of its current ordering.
    public func order(_ orderings: any SQLOrderingTerm...) -> Self {
        order(orderings)
    }

    /// The request ordered by these terms, instead of its current ordering.
    public func order(_ orderings: [any SQLOrderingTerm]) -> Self {
        let orderings = orderings.map(\.sqlOrdering)
        return orderWhenConnected { _ in orderings }
    }

    /// The request ordered by SQL text: `order(sql: "score DESC")`.
    public func order(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        order(SQLOrdering(sql: sql, arguments: arguments))
    }

    /// The request ordered by an SQL literal.
    public func order(literal: SQL) -> Self {
        order(SQLExpression(literal: literal))
    }
}

extension OrderedRequest where Self: TypedRequest, RowDecoder: TableRecord {
    /// The request ordered by this term, instead of its current ordering: `order(\.score.desc)`.
    public func order(_ ordering: (RowDecoder.DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> Self {
        try order([ordering(RowDecoder.databaseComponents)])
    }

    /// The request ordered by these terms, instead of its current ordering:
    /// `order { [$0.score.desc, $0.name] }`.
    public func order(_ orderings: (RowDecoder.DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows
        -> Self
    {
        try order(orderings(RowDecoder.databaseComponents))
    }
}
