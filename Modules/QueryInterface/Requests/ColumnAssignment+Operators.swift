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

/// `column = column + value`.
public func += (column: some ColumnExpression, value: some SQLExpressible) -> ColumnAssignment {
    column.set(to: column + value)
}

/// `column = column - value`.
public func -= (column: some ColumnExpression, value: some SQLExpressible) -> ColumnAssignment {
    column.set(to: column - value)
}

/// `column = column * value`.
public func *= (column: some ColumnExpression, value: some SQLExpressible) -> ColumnAssignment {
    column.set(to: column * value)
}

/// `column = column / value`.
public func /= (column: some ColumnExpression, value: some SQLExpressible) -> ColumnAssignment {
    column.set(to: column / value)
}
