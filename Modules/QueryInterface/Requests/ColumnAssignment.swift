import RSCore

/// An assignment of an UPDATE statement: `Column("score").set(to: 0)`, `Column("score") += 10`.
public struct ColumnAssignment: Sendable {
    /// The assigned column.
    let column: String
    /// The assigned value.
    let value: SQLExpression

    /// The SQL of the assignment.
    func sql(_ context: inout SQLGenerationContext) throws -> String {
        "\(column.quotedDatabaseIdentifier) = \(try value.sql(&context))"
    }
}

extension ColumnExpression {
    /// An assignment of a value (`nil` is NULL): `Column("score").set(to: 0)`.
    public func set(to value: (any SQLExpressible)?) -> ColumnAssignment {
        ColumnAssignment(column: name, value: value?.sqlExpression ?? .null)
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
