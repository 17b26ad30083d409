/// The SELECT statement of a request, used inside another statement: as a value
/// (`"score" = (SELECT …)`), in `IN (SELECT …)` and `EXISTS (SELECT …)`, in an SQL literal, or as
/// the definition of a common table expression. Requests give theirs with `sqlSubquery`.
public struct SQLSubquery: Sendable {
    /// The SQL of the statement, without parentheses.
    package let literal: SQL

    /// The subquery of the statement of this literal.
    package init(_ literal: SQL) {
        self.literal = literal
    }

    /// The SQL of the statement, with its arguments appended to the context's. Its columns are its
    /// own: the enclosing statement's tables do not qualify them.
    package func sql(_ context: inout SQLGenerationContext) throws -> String {
        let (qualifier, relationTable) = (context.qualifier, context.relationTable)
        defer { (context.qualifier, context.relationTable) = (qualifier, relationTable) }
        (context.qualifier, context.relationTable) = (nil, nil)
        return try literal.sql(&context)
    }
}

extension SQLSubquery: SQLSubqueryable {
    /// The subquery itself.
    @available(*, deprecated, message: "Already SQLSubquery")
    public var sqlSubquery: SQLSubquery { self }
}
