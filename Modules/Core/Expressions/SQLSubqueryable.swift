/// A value that has the SELECT statement of a subquery: fetch requests, whose rows are then values
/// of another statement.
///
/// ```swift
/// let maxScore = Player.select(max(Column("score")))
/// // SELECT * FROM "player" WHERE "score" = (SELECT MAX("score") FROM "player")
/// let bestPlayers = Player.filter(Column("score") == maxScore)
/// ```
public protocol SQLSubqueryable: SQLSpecificExpressible {
    /// The SELECT statement.
    var sqlSubquery: SQLSubquery { get }
}

extension SQLSubqueryable {
    /// The subquery as a value, in parentheses: `(SELECT …)`.
    public var sqlExpression: SQLExpression {
        SQLExpression(.subquery(sqlSubquery))
    }

    /// `element IN (SELECT …)`: whether the subquery selects the value of the expression.
    ///
    /// ```swift
    /// let bestTeamIDs = Team.select(Column("id")).filter(Column("rank") == 1)
    /// let players = try Player.filter(bestTeamIDs.contains(Column("teamID"))).fetchAll(db)
    /// ```
    public func contains(_ element: some SQLExpressible) -> SQLExpression {
        SQLExpression(.inSubquery(element.sqlExpression, sqlSubquery, negated: false))
    }

    /// `EXISTS (SELECT …)`: whether the subquery selects at least one row.
    public func exists() -> SQLExpression {
        SQLExpression(.exists(sqlSubquery, negated: false))
    }
}
