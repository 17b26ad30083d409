/// All columns of the table of a request but some: those of a table, say, but its generated
/// columns.
///
/// ```swift
/// struct Player: TableRecord {
///     static var databaseSelection: [any SQLSelectable] { [.allColumns(excluding: ["searchText"])] }
/// }
/// // SELECT "id", "name", "score" FROM "player"
/// let players = try Player.fetchAll(db)
/// ```
///
/// The columns are those of the table when the SQL is generated, in the order of the table. Column
/// names compare case-insensitively.
public struct AllColumnsExcluding: SQLSelectable, Sendable {
    /// The lowercased names of the excluded columns.
    let excludedColumns: Set<String>

    /// All columns but these.
    public init(_ excludedColumns: some Collection<String>) {
        self.excludedColumns = Set(excludedColumns.map(\.normalizedIdentifier))
    }

    /// The columns of the table but the excluded ones: `"id", "name"`.
    public var sqlSelection: SQLSelection { SQLSelection(.allColumnsExcluding(excludedColumns)) }
}

extension SQLSelectable where Self == AllColumnsExcluding {
    /// All columns of the table of the request but these: `.allColumns(excluding: ["searchText"])`.
    public static func allColumns(excluding excludedColumns: some Collection<String>) -> Self {
        AllColumnsExcluding(excludedColumns)
    }

    /// All columns of the table of the request but these:
    /// `.allColumns(excluding: [Column("searchText")])`.
    public static func allColumns(excluding excludedColumns: some Collection<any ColumnExpression>) -> Self {
        AllColumnsExcluding(excludedColumns.map(\.name))
    }
}
