/// An assignment of an UPDATE statement: `Column("score").set(to: 0)`, `Column("score") += 10`.
public struct ColumnAssignment: Sendable {
    /// The assigned column.
    package let column: String
    /// The assigned value.
    package let value: SQLExpression

    /// The assignment of `value` to `column`.
    package init(column: String, value: SQLExpression) {
        self.column = column
        self.value = value
    }

    /// The SQL of the assignment: `"score" = ?`.
    package func sql(_ context: inout SQLGenerationContext) throws -> String {
        "\(column.quotedDatabaseIdentifier) = \(try value.sql(&context))"
    }
}
