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

/// `AVG(value) FILTER (WHERE filter)`: the average of the rows that match `filter` (SQLite 3.30+).
public func average(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    function("AVG", value).filtered(by: filter)
}

/// `MAX(value) FILTER (WHERE filter)`: the largest value of the rows that match `filter` (SQLite
/// 3.30+).
public func max(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    function("MAX", value).filtered(by: filter)
}

/// `MIN(value) FILTER (WHERE filter)`: the smallest value of the rows that match `filter` (SQLite
/// 3.30+).
public func min(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    function("MIN", value).filtered(by: filter)
}

/// `SUM(value) FILTER (WHERE filter)`: the sum of the rows that match `filter` (SQLite 3.30+).
public func sum(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    function("SUM", value).filtered(by: filter)
}

/// `TOTAL(value) FILTER (WHERE filter)`: the total of the rows that match `filter` (SQLite 3.30+).
public func total(_ value: some SQLSpecificExpressible, filter: some SQLSpecificExpressible) -> SQLExpression {
    function("TOTAL", value).filtered(by: filter)
}

/// `MAX(value1, value2, values…)`: the largest of several values of one row (NULL if one is NULL).
public func max(
    _ value1: any SQLSpecificExpressible, _ value2: any SQLExpressible, _ values: any SQLExpressible...
) -> SQLExpression {
    SQLExpression(
        .function("MAX", [value1.sqlExpression, value2.sqlExpression] + values.map(\.sqlExpression), distinct: false))
}

/// `MIN(value1, value2, values…)`: the smallest of several values of one row (NULL if one is NULL).
public func min(
    _ value1: any SQLSpecificExpressible, _ value2: any SQLExpressible, _ values: any SQLExpressible...
) -> SQLExpression {
    SQLExpression(
        .function("MIN", [value1.sqlExpression, value2.sqlExpression] + values.map(\.sqlExpression), distinct: false))
}

/// `CAST(expression AS storageClass)`: `cast(Column("score"), as: .real)`.
public func cast(_ expression: some SQLSpecificExpressible, as storageClass: Database.StorageClass) -> SQLExpression {
    SQLExpression(.cast(expression.sqlExpression, storageClass.rawValue))
}

private func function(_ name: String, _ value: some SQLExpressible) -> SQLExpression {
    SQLExpression(.function(name, [value.sqlExpression], distinct: false))
}

extension SQLExpression {
    /// `self FILTER (WHERE filter)`, for an aggregate (SQLite 3.30+), or the aggregate alone
    /// without a filter.
    func filtered(by filter: (any SQLSpecificExpressible)?) -> SQLExpression {
        guard let filter else { return self }
        return SQLExpression(literal: "\(self) FILTER (WHERE \(filter.sqlExpression))")
    }
}
