/// The columns of a row as a row adapter sees them: for each column, its name and the index of its
/// value in the fetched row (the base row).
///
/// A ``RowAdapter`` receives the layout of the fetched row, where column `i` reads base value `i`,
/// and returns the layout of the adapted row. A custom adapter builds one from its pairs:
///
/// ```swift
/// // An adapter that shows the leftmost value of a row under the name "first".
/// struct FirstColumnAdapter: RowAdapter {
///     func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
///         AdaptedRowLayout(columns: RowLayout(columns: [(name: "first", baseIndex: layout.baseIndexes[0])]))
///     }
/// }
/// ```
public struct RowLayout: Sendable {
    /// The names and case-insensitive lookup of the columns.
    let columns: RowColumns
    /// The index, in the base row, of the value of each column, from left to right.
    public let baseIndexes: [Int]

    /// Creates a layout from its columns, from left to right: each has a name, and the index of its
    /// value in the base row.
    public init(columns: [(name: String, baseIndex: Int)]) {
        self.init(names: columns.map(\.name), baseIndexes: columns.map(\.baseIndex), sql: nil)
    }

    init(names: [String], baseIndexes: [Int], sql: String?) {
        precondition(names.count == baseIndexes.count, "a layout needs one base index per column")
        self.columns = RowColumns(names: names, sql: sql)
        self.baseIndexes = baseIndexes
    }

    /// The layout of the rows of a statement: every column reads its own value.
    init(statement: Statement) {
        self.columns = statement.columns
        self.baseIndexes = Array(0..<statement.columnCount)
    }

    /// The names of the columns, from left to right.
    public var columnNames: [String] { columns.names }

    /// The number of columns.
    public var count: Int { baseIndexes.count }

    /// The position of the leftmost column of this name, compared case-insensitively, if any.
    public func index(ofColumn name: String) -> Int? { columns.index(of: name) }

    /// The layout of some columns, chosen by position; throws when a position is out of the row.
    func columns(at positions: Range<Int>, adapter: String) throws -> RowLayout {
        guard positions.lowerBound >= 0, positions.upperBound <= count else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "\(adapter) is out of the bounds of a row of \(count) columns: \(columnNames)",
                sql: columns.sql)
        }
        return RowLayout(
            names: Array(columnNames[positions]), baseIndexes: Array(baseIndexes[positions]), sql: columns.sql)
    }

    /// The same columns, renamed.
    func renamingColumns(_ transform: (String) -> String) -> RowLayout {
        RowLayout(names: columnNames.map(transform), baseIndexes: baseIndexes, sql: columns.sql)
    }
}
