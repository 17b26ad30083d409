import RSCore

/// A name for a table in SQL, which qualifies its columns: the upserts' `excluded` row.
///
/// ```swift
/// try player.upsertAndFetch(db) { excluded in
///     [Column("score").set(to: Column("score") + excluded[Column("score")])]
/// }
/// ```
///
/// An alias without a name qualifies nothing: its columns are those of the only table of the
/// statement.
public final class TableAlias<RowDecoder>: Sendable {
    /// The name of the alias, if any.
    let name: String?

    /// An alias of the given name (or none).
    public init(name: String? = nil) {
        self.name = name
    }

    /// The column of this name, qualified with the alias: `"excluded"."score"`.
    public subscript(_ column: String) -> SQLExpression {
        guard let name else { return Column(column).sqlExpression }
        return SQLExpression(sql: "\(name.quotedDatabaseIdentifier).\(column.quotedDatabaseIdentifier)")
    }

    /// The column, qualified with the alias: `excluded[Column("score")]`.
    public subscript(_ column: some ColumnExpression) -> SQLExpression {
        self[column.name]
    }
}
