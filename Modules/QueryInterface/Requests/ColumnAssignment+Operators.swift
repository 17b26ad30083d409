import RSCore

extension ColumnExpression {
    /// An assignment of a value (`nil` is NULL): `Column("score").set(to: 0)`.
    public func set(to value: (any SQLExpressible)?) -> ColumnAssignment {
        ColumnAssignment(column: name, value: value?.sqlExpression ?? .null)
    }

    /// An assignment that leaves the column as it is. In the `doUpdate` assignments of an upsert,
    /// the column keeps its value on conflict, while the other columns are overwritten:
    /// `player.upsertAndFetch(db) { _ in [Column("score").noOverwrite] }`.
    public var noOverwrite: ColumnAssignment {
        ColumnAssignment(column: name, value: nil)
    }

    /// The column's name, unqualified by any table: an expression that refers to a column of the
    /// selection by its name, such as an annotation, from a request with joins, whose columns are
    /// otherwise qualified with their table:
    /// `Player.annotated { ($0.score + $0.bonus).forKey("total") }.including(required: Player.team).order(Column("total").detached)`.
    public var detached: SQLExpression {
        SQLExpression(sql: name.quotedDatabaseIdentifier)
    }
}

// The compound assignments of UPDATE statements: `Player.updateAll(db, Column("score") += 1)` is
// `UPDATE "player" SET "score" = "score" + ?`.
extension ColumnExpression {
    /// `column = column + value`: `Column("score") += 1`.
    public static func += (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column + value)
    }

    /// `column = column - value`: `Column("score") -= 1`.
    public static func -= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column - value)
    }

    /// `column = column * value`: `Column("score") *= 2`.
    public static func *= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column * value)
    }

    /// `column = column / value`: `Column("score") /= 2`.
    public static func /= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column / value)
    }

    /// `column = column & value`: `Column("flags") &= 6`.
    public static func &= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column & value)
    }

    /// `column = column | value`: `Column("flags") |= 1`.
    public static func |= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column | value)
    }

    /// `column = column << value`: `Column("mask") <<= 2`.
    public static func <<= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column << value)
    }

    /// `column = column >> value`: `Column("mask") >>= 2`.
    public static func >>= (column: Self, value: some SQLExpressible) -> ColumnAssignment {
        column.set(to: column >> value)
    }
}
