import RSCore

/// A request that can be grouped: query interface requests and associations.
public protocol AggregatingRequest {
    /// The request grouped by the expressions that the closure returns when the request runs,
    /// instead of its current grouping.
    func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible]) -> Self

    /// The request with one more condition on groups, which the closure returns when the request
    /// runs. Conditions add up with AND.
    func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self
}

extension AggregatingRequest {
    /// The request grouped by these expressions, instead of its current grouping.
    public func group(_ expressions: any SQLExpressible...) -> Self {
        group(expressions)
    }

    /// The request grouped by these expressions, instead of its current grouping.
    public func group(_ expressions: [any SQLExpressible]) -> Self {
        let expressions = expressions.map(\.sqlExpression)
        return groupWhenConnected { _ in expressions }
    }

    /// The request grouped by SQL text.
    public func group(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        group(SQLExpression(sql: sql, arguments: arguments))
    }

    /// The request grouped by an SQL literal.
    public func group(literal: SQL) -> Self {
        group(SQLExpression(literal: literal))
    }

    /// The request with one more condition on groups: conditions add up with AND.
    public func having(_ predicate: some SQLExpressible) -> Self {
        let predicate = predicate.sqlExpression
        return havingWhenConnected { _ in predicate }
    }

    /// The request with one more condition on groups, of SQL text.
    public func having(sql: String, arguments: StatementArguments = StatementArguments()) -> Self {
        having(SQLExpression(sql: sql, arguments: arguments))
    }

    /// The request with one more condition on groups, an SQL literal.
    public func having(literal: SQL) -> Self {
        having(SQLExpression(literal: literal))
    }
}

extension AggregatingRequest where Self: TypedRequest, RowDecoder: TableRecord {
    /// The request grouped by this expression, instead of its current grouping: `group(\.teamID)`.
    public func group(_ expression: (RowDecoder.DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        try group([expression(RowDecoder.databaseComponents)])
    }

    /// The request grouped by these expressions, instead of its current grouping:
    /// `group { [$0.teamID, $0.level] }`.
    public func group(_ expressions: (RowDecoder.DatabaseComponents) throws -> [any SQLExpressible]) rethrows
        -> Self
    {
        try group(expressions(RowDecoder.databaseComponents))
    }

    /// The request with one more condition on groups: `having { max($0.score) > 1000 }`.
    public func having(_ predicate: (RowDecoder.DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        try having(predicate(RowDecoder.databaseComponents).sqlExpression)
    }
}
