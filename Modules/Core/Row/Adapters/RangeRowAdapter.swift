/// A row adapter that keeps a range of columns.
///
/// ```swift
/// // [b:1 c:2]
/// let row = try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d",
///                            adapter: RangeRowAdapter(1..<3))!
/// ```
public struct RangeRowAdapter: RowAdapter {
    /// The positions of the kept columns.
    let range: Range<Int>

    /// Creates an adapter that keeps the columns in a range of positions. The range must not start
    /// below 0; a range past the last column makes the fetch throw.
    public init(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0, "RangeRowAdapter needs positions that are not negative, not \(range)")
        self.range = range
    }

    /// Creates an adapter that keeps the columns in a closed range of positions.
    public init(_ range: ClosedRange<Int>) {
        self.init(range.lowerBound..<(range.upperBound + 1))
    }

    /// The columns in the range.
    public func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        AdaptedRowLayout(columns: try layout.columns(at: range, adapter: "RangeRowAdapter(\(range))"))
    }
}
