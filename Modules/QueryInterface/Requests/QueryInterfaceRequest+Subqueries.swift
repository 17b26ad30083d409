import RSCore

extension QueryInterfaceRequest {
    /// `expression IN (SELECT …)`: whether the request selects the value of the expression.
    ///
    /// ```swift
    /// let bestTeamIDs = Team.select(Column("id")).filter(Column("rank") == 1)
    /// let players = try Player.filter(bestTeamIDs.contains(Column("teamID"))).fetchAll(db)
    /// ```
    public func contains(_ expression: any SQLExpressible) -> SQLExpression {
        SQLExpression(.inSubquery(expression.sqlExpression, sqlLiteral, negated: false))
    }

    /// `EXISTS (SELECT …)`: whether the request fetches at least one row.
    public func exists() -> SQLExpression {
        SQLExpression(.exists(sqlLiteral, negated: false))
    }
}
