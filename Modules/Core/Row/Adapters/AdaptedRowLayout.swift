/// What a row adapter makes of a row: the columns of the adapted row, and its scopes.
///
/// The columns and the scopes are laid out over the same base row: a scope's columns read base
/// values as the adapted row's do, and a scope may have scopes of its own.
public struct AdaptedRowLayout: Sendable {
    /// The columns of the adapted row.
    public var columns: RowLayout
    /// The layouts of the scoped rows, by scope name (see ``Row/scopes``).
    public var scopes: [String: AdaptedRowLayout]

    /// Creates the layout of an adapted row from its columns and scopes.
    public init(columns: RowLayout, scopes: [String: AdaptedRowLayout] = [:]) {
        self.columns = columns
        self.scopes = scopes
    }

    /// The layout that `adapter` makes of the rows of a statement, whose base indexes, the scopes'
    /// too, are checked: a custom adapter may return any.
    init(adapting statement: Statement, with adapter: any RowAdapter) throws {
        self = try adapter.adaptedLayout(from: RowLayout(statement: statement))
        try checkBaseIndexes(columnCount: statement.columnCount, sql: statement.sql)
    }

    private func checkBaseIndexes(columnCount: Int, sql: String) throws {
        if let index = columns.baseIndexes.first(where: { !(0..<columnCount).contains($0) }) {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a row adapter reads the value at index \(index) of a row of \(columnCount) columns", sql: sql)
        }
        for scope in scopes.values { try scope.checkBaseIndexes(columnCount: columnCount, sql: sql) }
    }
}
