import RSCore

/// A request that can be filtered: query interface requests and associations.
public protocol FilteredRequest {
    /// The request with one more condition, which the closure returns when the request runs:
    /// `filterWhenConnected { db in Column("name") == name }`. Conditions add up with AND.
    func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) -> Self
}

extension FilteredRequest {
    /// The request with one more condition: conditions add up with AND.
    public func filter(_ predicate: some SQLExpressible) -> Self {
        let predicate = predicate.sqlExpression
        return filterWhenConnected { _ in predicate }
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

    /// The request itself, unchanged: the counterpart of `none()`.
    public func all() -> Self {
        self
    }
}

extension FilteredRequest where Self: TypedRequest, RowDecoder: TableRecord {
    /// The request with one more condition: `filter { $0.score > 1000 }`. Conditions add up with AND.
    ///
    /// The closure returns an expression, not any value (`filter { 42 }` does not compile), as in GRDB.
    public func filter(_ predicate: (RowDecoder.DatabaseComponents) throws -> any SQLSpecificExpressible) rethrows
        -> Self
    {
        try filter(predicate(RowDecoder.databaseComponents).sqlExpression)
    }
}
