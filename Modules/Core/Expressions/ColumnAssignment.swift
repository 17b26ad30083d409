/// An assignment of an UPDATE statement: `Column("score").set(to: 0)`, `Column("score") += 10`.
public struct ColumnAssignment: Sendable {
    /// The assigned column.
    package let column: String
    /// The assigned value; nil for an assignment that leaves the column as it is (`noOverwrite`).
    package let value: SQLExpression?

    /// The assignment of `value` to `column` (nil: the column is left as it is).
    package init(column: String, value: SQLExpression?) {
        self.column = column
        self.value = value
    }

    /// The SQL of the assignment: `"score" = ?`; nil for an assignment that leaves the column as it
    /// is.
    package func sql(_ context: inout SQLGenerationContext) throws -> String? {
        guard let value else { return nil }
        return "\(column.quotedDatabaseIdentifier) = \(try value.sql(&context))"
    }
}
