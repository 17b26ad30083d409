import RSCore

extension SQLSpecificExpressible {
    /// `self LIKE pattern`, with an optional escape character: `Column("name").like("%ar%")`.
    public func like(_ pattern: some SQLExpressible, escape: (any SQLExpressible)? = nil) -> SQLExpression {
        SQLExpression(.like(sqlExpression, pattern.sqlExpression, escape: escape?.sqlExpression, negated: false))
    }

    /// `self COLLATE collation`: `Column("name").collating(.nocase) == "arthur"`.
    public func collating(_ collation: Database.CollationName) -> SQLExpression {
        SQLExpression(.collated(sqlExpression, collation.sql))
    }

    /// `self COLLATE collation`, for a custom collation registered with `db.add(collation:)`.
    public func collating(_ collation: DatabaseCollation) -> SQLExpression {
        SQLExpression(.collated(sqlExpression, collation.sql))
    }

    /// `CAST(self AS type)`.
    public func cast(as type: Database.ColumnType) -> SQLExpression {
        SQLExpression(.cast(sqlExpression, type.rawValue))
    }

    /// The text in lowercase, as `String.lowercased()` makes it (`DatabaseFunction.lowercase`;
    /// SQLite's `lower(self)` only changes ASCII letters).
    public var lowercased: SQLExpression { DatabaseFunction.lowercase(self) }

    /// The text in uppercase, as `String.uppercased()` makes it (`DatabaseFunction.uppercase`).
    public var uppercased: SQLExpression { DatabaseFunction.uppercase(self) }

    /// The text capitalized, as `String.capitalized` makes it (`DatabaseFunction.capitalize`).
    public var capitalized: SQLExpression { DatabaseFunction.capitalize(self) }

    /// The text capitalized, as `String.localizedCapitalized` makes it.
    public var localizedCapitalized: SQLExpression { DatabaseFunction.localizedCapitalize(self) }

    /// The text in lowercase, as `String.localizedLowercase` makes it.
    public var localizedLowercased: SQLExpression { DatabaseFunction.localizedLowercase(self) }

    /// The text in uppercase, as `String.localizedUppercase` makes it.
    public var localizedUppercased: SQLExpression { DatabaseFunction.localizedUppercase(self) }
}

extension DatabaseFunction {
    /// A call to the function in SQL: `reverse(Column("name"))` is `reverse("name")`. The function
    /// must be added to the connections that run it (`db.add(function:)`).
    public func callAsFunction(_ arguments: any SQLExpressible...) -> SQLExpression {
        SQLExpression(.function(name, arguments.map { $0.sqlExpression }, distinct: false))
    }
}

extension Sequence where Element: SQLExpressible {
    /// `expression IN (values)`: `[1, 2, 3].contains(Column("id"))`. An empty sequence gives false.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        inList(expression, map { $0.sqlExpression })
    }
}

extension Sequence where Element == any SQLExpressible {
    /// `expression IN (values)`, for values of several types.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        inList(expression, map { $0.sqlExpression })
    }
}

extension ClosedRange where Bound: SQLExpressible {
    /// `expression BETWEEN lower AND upper`: `(1...10).contains(Column("score"))`.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        SQLExpression(
            .between(expression.sqlExpression, lowerBound.sqlExpression, upperBound.sqlExpression, negated: false))
    }
}

extension Range where Bound: SQLExpressible {
    /// `expression >= lower AND expression < upper`: `(1..<10).contains(Column("score"))`.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        (expression >= lowerBound) && (expression < upperBound)
    }
}

extension PartialRangeFrom where Bound: SQLExpressible {
    /// `expression >= lower`: `(10...).contains(Column("score"))`.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        expression >= lowerBound
    }
}

extension PartialRangeThrough where Bound: SQLExpressible {
    /// `expression <= upper`: `(...10).contains(Column("score"))`.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        expression <= upperBound
    }
}

extension PartialRangeUpTo where Bound: SQLExpressible {
    /// `expression < upper`: `(..<10).contains(Column("score"))`.
    public func contains(_ expression: any SQLSpecificExpressible) -> SQLExpression {
        expression < upperBound
    }
}

/// `expression IN (values)`, or false for no values (`IN ()` is not SQL).
private func inList(_ expression: any SQLSpecificExpressible, _ values: [SQLExpression]) -> SQLExpression {
    if values.isEmpty { return SQLExpression(.value(false.databaseValue)) }
    return SQLExpression(.inList(expression.sqlExpression, values, negated: false))
}
