import RSCore

/// `lhs AND rhs`.
public func && (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .and)
}

/// `lhs AND rhs`.
public func && (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .and)
}

/// `lhs AND rhs`.
public func && (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .and)
}

/// `lhs OR rhs`.
public func || (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .or)
}

/// `lhs OR rhs`.
public func || (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .or)
}

/// `lhs OR rhs`.
public func || (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .or)
}

/// `NOT value`.
public prefix func ! (value: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.prefix("NOT ", value.sqlExpression))
}

/// An operator that joins expressions.
public struct SQLAssociativeOperator: Sendable {
    /// The SQL of the operator.
    let sql: String
    /// The value of an empty join (`1` for AND: true; `0` for OR: false).
    let neutralValue: DatabaseValue

    /// `AND`: an empty join is true.
    public static let and = SQLAssociativeOperator(sql: "AND", neutralValue: 1.databaseValue)
    /// `OR`: an empty join is false.
    public static let or = SQLAssociativeOperator(sql: "OR", neutralValue: 0.databaseValue)
    /// `+`: an empty join is 0.
    public static let add = SQLAssociativeOperator(sql: "+", neutralValue: 0.databaseValue)
    /// `*`: an empty join is 1.
    public static let multiply = SQLAssociativeOperator(sql: "*", neutralValue: 1.databaseValue)
}

extension Sequence where Element == SQLExpression {
    /// The expressions joined by an operator: `[a, b, c].joined(operator: .and)` is `a AND b AND c`.
    /// Nested joins of the same operator are flattened; an empty join is the operator's neutral value.
    public func joined(operator op: SQLAssociativeOperator) -> SQLExpression {
        var operands: [SQLExpression] = []
        for expression in self {
            if case .associative(op.sql, let nested) = expression.node {
                operands += nested
            } else {
                operands.append(expression)
            }
        }
        switch operands.count {
        case 0: return SQLExpression(.value(op.neutralValue))
        case 1: return operands[0]
        default: return SQLExpression(.associative(op.sql, operands))
        }
    }
}
