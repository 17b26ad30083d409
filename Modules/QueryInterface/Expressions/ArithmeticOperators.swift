import RSCore

/// `lhs + rhs`.
public func + (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .add)
}

/// `lhs + rhs`.
public func + (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .add)
}

/// `lhs + rhs`.
public func + (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .add)
}

/// `lhs - rhs`.
public func - (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("-", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs - rhs`.
public func - (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("-", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs - rhs`.
public func - (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("-", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs * rhs`.
public func * (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .multiply)
}

/// `lhs * rhs`.
public func * (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .multiply)
}

/// `lhs * rhs`.
public func * (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .multiply)
}

/// `lhs / rhs`.
public func / (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("/", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs / rhs`.
public func / (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("/", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs / rhs`.
public func / (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("/", lhs.sqlExpression, rhs.sqlExpression))
}

/// `-value`.
public prefix func - (value: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.prefix("-", value.sqlExpression))
}

/// `COALESCE(lhs, rhs)`: the left value, or the right one when the left one is NULL.
public func ?? (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    coalesce([lhs, rhs])
}
