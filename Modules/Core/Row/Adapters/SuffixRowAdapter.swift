/// A row adapter that hides the leftmost columns of a row.
///
/// ```swift
/// // [c:2 d:3]
/// let row = try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d",
///                            adapter: SuffixRowAdapter(fromIndex: 2))!
/// ```
public struct SuffixRowAdapter: RowAdapter {
    /// The index of the leftmost column the adapted row keeps.
    let index: Int

    /// Creates an adapter that keeps the columns from an index on: from 0, the whole row. The
    /// index must not be negative; one past the last column makes the fetch throw.
    public init(fromIndex index: Int) {
        precondition(index >= 0, "SuffixRowAdapter needs an index that is not negative, not \(index)")
        self.index = index
    }

    /// The columns from the index on.
    public func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        AdaptedRowLayout(
            columns: try layout.columns(
                at: index..<Swift.max(index, layout.count), adapter: "SuffixRowAdapter(fromIndex: \(index))"))
    }
}
