import RSCore

// SQLite's bitwise operators, on integers: `Column("flags") & 4`, `Column("mask") << 2`, `~Column("mask")`.

/// `lhs & rhs`.
public func & (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .bitwiseAnd)
}

/// `lhs & rhs`.
public func & (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .bitwiseAnd)
}

/// `lhs & rhs`.
public func & (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .bitwiseAnd)
}

/// `lhs | rhs`.
public func | (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .bitwiseOr)
}

/// `lhs | rhs`.
public func | (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .bitwiseOr)
}

/// `lhs | rhs`.
public func | (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    [lhs.sqlExpression, rhs.sqlExpression].joined(operator: .bitwiseOr)
}

/// `lhs << rhs`.
public func << (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("<<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs << rhs`.
public func << (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs << rhs`.
public func << (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >> rhs`.
public func >> (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary(">>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >> rhs`.
public func >> (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >> rhs`.
public func >> (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `~value`: the bitwise complement.
public prefix func ~ (value: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.prefix("~", value.sqlExpression))
}
