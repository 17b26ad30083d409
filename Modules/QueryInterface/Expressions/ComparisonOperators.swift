import RSCore

// Comparison operators between a column or an expression (on the left or on the right) and any
// expressible value. Comparing with nil gives IS NULL / IS NOT NULL, as Swift's == and != suggest.

/// `lhs = rhs`, or `lhs IS NULL` when `rhs` is nil.
public func == (lhs: any SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    equality(lhs.sqlExpression, rhs?.sqlExpression, operator: "=", nullOperator: "IS")
}

/// `rhs = lhs`, or `rhs IS NULL` when `lhs` is nil.
public func == (lhs: (any SQLExpressible)?, rhs: any SQLSpecificExpressible) -> SQLExpression {
    equality(rhs.sqlExpression, lhs?.sqlExpression, operator: "=", nullOperator: "IS")
}

/// `lhs = rhs`.
public func == (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("=", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs <> rhs`, or `lhs IS NOT NULL` when `rhs` is nil.
public func != (lhs: any SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    equality(lhs.sqlExpression, rhs?.sqlExpression, operator: "<>", nullOperator: "IS NOT")
}

/// `rhs <> lhs`, or `rhs IS NOT NULL` when `lhs` is nil.
public func != (lhs: (any SQLExpressible)?, rhs: any SQLSpecificExpressible) -> SQLExpression {
    equality(rhs.sqlExpression, lhs?.sqlExpression, operator: "<>", nullOperator: "IS NOT")
}

/// `lhs <> rhs`.
public func != (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<>", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs IS rhs`: equality that treats NULL as a value.
public func === (lhs: any SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    SQLExpression(.binary("IS", lhs.sqlExpression, rhs?.sqlExpression ?? .null))
}

/// `lhs IS rhs`: equality that treats NULL as a value.
public func === (lhs: (any SQLExpressible)?, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("IS", lhs?.sqlExpression ?? .null, rhs.sqlExpression))
}

/// `lhs IS NOT rhs`: inequality that treats NULL as a value.
public func !== (lhs: any SQLSpecificExpressible, rhs: (any SQLExpressible)?) -> SQLExpression {
    SQLExpression(.binary("IS NOT", lhs.sqlExpression, rhs?.sqlExpression ?? .null))
}

/// `lhs IS NOT rhs`: inequality that treats NULL as a value.
public func !== (lhs: (any SQLExpressible)?, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("IS NOT", lhs?.sqlExpression ?? .null, rhs.sqlExpression))
}

/// `lhs < rhs`.
public func < (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs < rhs`.
public func < (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs < rhs`.
public func < (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs <= rhs`.
public func <= (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary("<=", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs <= rhs`.
public func <= (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<=", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs <= rhs`.
public func <= (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary("<=", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs > rhs`.
public func > (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary(">", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs > rhs`.
public func > (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs > rhs`.
public func > (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >= rhs`.
public func >= (lhs: any SQLSpecificExpressible, rhs: any SQLExpressible) -> SQLExpression {
    SQLExpression(.binary(">=", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >= rhs`.
public func >= (lhs: any SQLExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">=", lhs.sqlExpression, rhs.sqlExpression))
}

/// `lhs >= rhs`.
public func >= (lhs: any SQLSpecificExpressible, rhs: any SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.binary(">=", lhs.sqlExpression, rhs.sqlExpression))
}

private func equality(_ lhs: SQLExpression, _ rhs: SQLExpression?, operator op: String, nullOperator: String)
    -> SQLExpression
{
    guard let rhs, !rhs.isNullValue else {
        return SQLExpression(.binary(nullOperator, lhs, .null))
    }
    return SQLExpression(.binary(op, lhs, rhs))
}

extension SQLExpression {
    /// The NULL value.
    static let null = SQLExpression(.value(.null))

    /// Whether the expression is the NULL value.
    var isNullValue: Bool {
        if case .value(let value) = node { return value.isNull }
        return false
    }
}
