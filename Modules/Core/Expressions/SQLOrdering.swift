/// A value that can sort the rows of a request: a column, an expression, or an ordering such as
/// `Column("score").desc`.
public protocol SQLOrderingTerm {
    /// The ordering of this term.
    var sqlOrdering: SQLOrdering { get }
}

/// An ordering term: an expression and its direction.
public struct SQLOrdering: SQLOrderingTerm, Sendable {
    /// The direction of an ordering.
    package enum Direction: Sendable {
        case ascending, descending, ascendingNullsLast, descendingNullsFirst
    }

    /// The sorted expression.
    package let expression: SQLExpression
    /// The direction, or nil for SQLite's default (ascending, NULLs first).
    package let direction: Direction?
    /// Whether this is the reverse of an ordering of SQL text, which may hold several terms and
    /// directions that `DESC` would not reverse: its SQL is an error.
    private let isReversedLiteral: Bool

    /// An ordering of an expression in a direction.
    package init(_ expression: SQLExpression, _ direction: Direction?) {
        self.init(expression, direction, isReversedLiteral: false)
    }

    private init(_ expression: SQLExpression, _ direction: Direction?, isReversedLiteral: Bool) {
        self.expression = expression
        self.direction = direction
        self.isReversedLiteral = isReversedLiteral
    }

    /// An ordering of SQL text: `SQLOrdering(sql: "score DESC")`.
    public init(sql: String, arguments: StatementArguments = StatementArguments()) {
        self.init(SQLExpression(sql: sql, arguments: arguments), nil)
    }

    /// The ordering itself.
    public var sqlOrdering: SQLOrdering { self }

    /// The opposite ordering (NULLs move to the other end too). SQL text used as an ordering, without
    /// a direction (`order(sql:)`, `order(literal:)`), cannot be reversed: its SQL is then an error
    /// (`SQLITE_MISUSE`). An expression of SQL text with a direction (`.desc`) can.
    public var reversed: SQLOrdering {
        if case .literal = expression.node, direction == nil {
            return SQLOrdering(expression, direction, isReversedLiteral: !isReversedLiteral)
        }
        switch direction {
        case nil, .ascending: return SQLOrdering(expression, .descending)
        case .descending: return SQLOrdering(expression, .ascending)
        case .ascendingNullsLast: return SQLOrdering(expression, .descendingNullsFirst)
        case .descendingNullsFirst: return SQLOrdering(expression, .ascendingNullsLast)
        }
    }

    /// The same ordering, with its columns in the table of an alias.
    func qualified(with alias: TableAliasBase) -> SQLOrdering {
        SQLOrdering(expression.qualified(with: alias), direction, isReversedLiteral: isReversedLiteral)
    }

    /// The SQL of the ordering. Before SQLite 3.30, which has no `NULLS FIRST` / `NULLS LAST`,
    /// those orderings sort on `x IS NULL` first.
    package func sql(_ context: inout SQLGenerationContext) throws -> String {
        if isReversedLiteral {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "an ordering of SQL text can't be reversed: order by columns or expressions to reverse it")
        }
        if direction == .ascendingNullsLast || direction == .descendingNullsFirst,
            let db = context.databaseIfAny, !db.driver.capabilities.isAtLeast(3, 30)
        {
            let sql = try expression.sql(&context)
            let order = direction == .ascendingNullsLast ? "ASC" : "DESC"
            let again = try expression.sql(&context)
            return "(\(sql) IS NULL) \(order), \(again) \(order)"
        }
        let sql = try expression.sql(&context)
        switch direction {
        case nil: return sql
        case .ascending: return sql + " ASC"
        case .descending: return sql + " DESC"
        case .ascendingNullsLast: return sql + " ASC NULLS LAST"
        case .descendingNullsFirst: return sql + " DESC NULLS FIRST"
        }
    }
}

extension SQLSpecificExpressible {
    /// The expression itself, in ascending order.
    public var sqlOrdering: SQLOrdering { SQLOrdering(sqlExpression, nil) }

    /// Ascending order: `ORDER BY x ASC`.
    public var asc: SQLOrdering { SQLOrdering(sqlExpression, .ascending) }

    /// Descending order: `ORDER BY x DESC`.
    public var desc: SQLOrdering { SQLOrdering(sqlExpression, .descending) }

    /// Ascending order with NULLs last: `ORDER BY x ASC NULLS LAST` (SQLite 3.30+).
    public var ascNullsLast: SQLOrdering { SQLOrdering(sqlExpression, .ascendingNullsLast) }

    /// Descending order with NULLs first: `ORDER BY x DESC NULLS FIRST` (SQLite 3.30+).
    public var descNullsFirst: SQLOrdering { SQLOrdering(sqlExpression, .descendingNullsFirst) }
}
