/// A row adapter that renames every column with a function.
///
/// It helps with the column names SQLite makes for duplicate columns of a subquery:
///
/// ```swift
/// // SQLite names the columns of this row "id" and "id:1".
/// let sql = "SELECT * FROM (SELECT 1 AS id, 2 AS id)"
/// // Drops the ":1" suffix: the columns are "id" and "id".
/// let adapter = RenameColumnAdapter { String($0.prefix { $0 != ":" }) }
/// let row = try Row.fetchOne(db, sql: sql, adapter: adapter)!
/// ```
public struct RenameColumnAdapter: RowAdapter {
    /// The new name of a column, given its name.
    let transform: @Sendable (String) -> String

    /// Creates an adapter that renames every column with a function.
    public init(_ transform: @escaping @Sendable (String) -> String) {
        self.transform = transform
    }

    /// The same columns, renamed.
    public func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        AdaptedRowLayout(columns: layout.renamingColumns(transform))
    }
}
