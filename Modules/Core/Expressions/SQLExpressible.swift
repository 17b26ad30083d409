/// A value that can be used in an SQL expression: a value (`42`, `"Arthur"`, `nil`), a column, or
/// an expression.
///
/// Every `DatabaseValueConvertible` type is expressible: its values become bound arguments, never
/// SQL text.
public protocol SQLExpressible {
    /// The expression of this value.
    var sqlExpression: SQLExpression { get }
}

/// An expressible that is not a plain value: a column or an expression. The query interface
/// defines its operators on such values (`Column("score") > 1000`), so that comparing two Swift
/// values stays a Swift comparison.
public protocol SQLSpecificExpressible: SQLExpressible, SQLSelectable, SQLOrderingTerm {}

extension SQLExpression: SQLSpecificExpressible {
    /// The expression itself.
    public var sqlExpression: SQLExpression { self }
}

extension DatabaseValueConvertible {
    /// The value, as a bound argument.
    public var sqlExpression: SQLExpression { SQLExpression(.value(databaseValue)) }
}

/// A database value is an expression of its own, a bound argument, which the functions of the
/// query interface accept: `julianDay(date.databaseValue)`.
extension DatabaseValue: SQLSpecificExpressible {}

extension ColumnExpression {
    /// The column, as a quoted identifier.
    public var sqlExpression: SQLExpression { SQLExpression(.column(name)) }
}

extension Optional: SQLExpressible where Wrapped: SQLExpressible {
    /// The wrapped value's expression, or NULL.
    public var sqlExpression: SQLExpression {
        self?.sqlExpression ?? SQLExpression(.value(.null))
    }
}

extension Optional: SQLSelectable where Wrapped: SQLSelectable {
    /// The wrapped value's selection, or NULL.
    public var sqlSelection: SQLSelection {
        self?.sqlSelection ?? SQLSelection(.expression(SQLExpression(.value(.null))))
    }
}

extension Optional: SQLOrderingTerm where Wrapped: SQLOrderingTerm {
    /// The wrapped value's ordering, or NULL (which sorts nothing).
    public var sqlOrdering: SQLOrdering {
        self?.sqlOrdering ?? SQLOrdering(SQLExpression(.value(.null)), nil)
    }
}

/// An optional column or expression is one too, whose `nil` is NULL: `Player.select(optionalColumn)`.
extension Optional: SQLSpecificExpressible where Wrapped: SQLSpecificExpressible {}
