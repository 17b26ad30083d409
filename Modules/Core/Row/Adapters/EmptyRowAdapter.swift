/// A row adapter that hides every column: `SELECT 0 AS a, 1 AS b` gives the empty row `[]`.
public struct EmptyRowAdapter: RowAdapter {
    /// Creates an adapter that hides every column.
    public init() {}

    /// A layout without columns.
    public func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        AdaptedRowLayout(columns: RowLayout(names: [], baseIndexes: [], sql: layout.columns.sql))
    }
}
