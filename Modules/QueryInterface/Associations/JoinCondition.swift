import RSCore

/// How the rows of an association's destination match the rows of its origin.
enum JoinCondition: Sendable {
    /// The columns of a foreign key match.
    case foreignKey(ForeignKeyJoinCondition)
    /// The rows match the condition that a closure builds from the aliases of the origin table (left)
    /// and of the destination table (right): the associations to common table expressions. A nil
    /// condition matches every pair of rows.
    case expression(@Sendable (_ left: TableAliasBase, _ right: TableAliasBase) -> SQLExpression?)

    /// The condition of a closure that receives typed aliases of the two tables:
    /// `{ player, bonus in player[Column("id")] == bonus[Column("playerID")] }`.
    static func matching<Origin, Destination>(
        _ condition: @escaping @Sendable (TableAlias<Origin>, TableAlias<Destination>) -> any SQLExpressible
    ) -> JoinCondition {
        .expression { left, right in
            condition(TableAlias(root: left), TableAlias(root: right)).sqlExpression
        }
    }

    /// The same condition, from the destination to the origin.
    var reversed: JoinCondition {
        switch self {
        case .foreignKey(let condition):
            return .foreignKey(
                ForeignKeyJoinCondition(
                    foreignKey: condition.foreignKey, isForeignKeyInOrigin: !condition.isForeignKeyInOrigin,
                    originTable: condition.destinationTable, destinationTable: condition.originTable))
        case .expression(let condition):
            return .expression { left, right in condition(right, left) }
        }
    }

    /// The condition of a JOIN clause, in the tables of the two aliases, or nil when every pair of
    /// rows matches.
    ///
    /// - throws: A `DatabaseError` when the foreign key can't be found (see
    ///   `ForeignKeyJoinCondition.columnPairs(_:)`).
    func joinExpression(_ db: Database, left: TableAliasBase, right: TableAliasBase) throws -> SQLExpression? {
        switch self {
        case .foreignKey(let foreignKey):
            return try foreignKey.columnPairs(db).map { pair in
                SQLExpression(.binary("=", right[pair.destination], left[pair.origin]))
            }.joined(operator: .and)
        case .expression(let condition):
            return condition(left, right)
        }
    }

    /// The pairs of columns whose values match: each origin column, with its destination column.
    ///
    /// - parameter operation: What needs the columns, for the error message.
    /// - throws: A `DatabaseError`: `SQLITE_MISUSE` for a condition that is not a foreign key, and the
    ///   errors of `ForeignKeyJoinCondition.columnPairs(_:)`.
    func columnPairs(_ db: Database, for operation: String) throws -> [(origin: String, destination: String)] {
        guard case .foreignKey(let foreignKey) = self else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(operation) needs an association through a foreign key, not a condition of TableAlias")
        }
        return try foreignKey.columnPairs(db)
    }
}
