import RSCore

/// `ABS(value)`.
public func abs(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("ABS", value)
}

/// `AVG(value)`.
public func average(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("AVG", value)
}

/// `COUNT(value)`: the number of non-NULL values.
public func count(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("COUNT", value)
}

/// `COUNT(DISTINCT value)`.
public func count(distinct value: some SQLSpecificExpressible) -> SQLExpression {
    SQLExpression(.function("COUNT", [value.sqlExpression], distinct: true))
}

/// `COUNT(*)`.
public func count(_ star: AllColumns) -> SQLExpression {
    SQLExpression(.countAll)
}

/// `LENGTH(value)`.
public func length(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("LENGTH", value)
}

/// `LOWER(value)`: ASCII letters in lowercase.
public func lower(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("LOWER", value)
}

/// `UPPER(value)`: ASCII letters in uppercase.
public func upper(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("UPPER", value)
}

/// `MAX(value)`: the largest value of an aggregate.
public func max(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("MAX", value)
}

/// `MIN(value)`: the smallest value of an aggregate.
public func min(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("MIN", value)
}

/// `SUM(value)`: NULL for no row, an integer when every value is an integer.
public func sum(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("SUM", value)
}

/// `TOTAL(value)`: 0.0 for no row, always a real.
public func total(_ value: some SQLSpecificExpressible) -> SQLExpression {
    function("TOTAL", value)
}

/// `COALESCE(values…)`: the first value that is not NULL.
public func coalesce(_ values: [any SQLExpressible]) -> SQLExpression {
    SQLExpression(.function("COALESCE", values.map { $0.sqlExpression }, distinct: false))
}

private func function(_ name: String, _ value: some SQLExpressible) -> SQLExpression {
    SQLExpression(.function(name, [value.sqlExpression], distinct: false))
}
