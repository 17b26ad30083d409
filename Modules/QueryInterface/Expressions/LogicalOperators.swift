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
