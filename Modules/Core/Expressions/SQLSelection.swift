/// A value that can be selected by a request: a column, an expression, all columns, or an
/// aliased expression such as `count(Column("id")).forKey("count")`.
public protocol SQLSelectable {
    /// The selection of this value.
    var sqlSelection: SQLSelection { get }
}

/// A selected value: all columns, an expression, or an aliased expression.
public struct SQLSelection: SQLSelectable, Sendable {
    /// What is selected.
    package indirect enum Node: Sendable {
        /// `*`: `"book".*` in a request that joins several tables.
        case allColumns
        /// The columns of the table of the request but these (lowercased): `"id", "name"`.
        case allColumnsExcluding(Set<String>)
        /// A selection whose columns are those of the table of an alias: `"author".*`.
        case qualified(SQLSelection, TableAliasBase)
        /// Selections that need the database to be known.
        case deferred(@Sendable (Database) throws -> [SQLSelection])
        /// An expression.
        case expression(SQLExpression)
        /// `expression AS name`.
        case aliased(SQLExpression, String)
    }

    /// What is selected.
    package let node: Node

    /// A selection of the given shape.
    package init(_ node: Node) {
        self.node = node
    }

    /// A selection of SQL text: `SQLSelection(sql: "score + ? AS bonus", arguments: [1])`.
    public init(sql: String, arguments: StatementArguments = StatementArguments()) {
        self.init(.expression(SQLExpression(sql: sql, arguments: arguments)))
    }

    /// The selection itself.
    public var sqlSelection: SQLSelection { self }

    /// Whether the selection needs the database to be known.
    package var isDeferred: Bool {
        if case .deferred = node { return true }
        return false
    }

    /// The SQL of the selection.
    package func sql(_ context: inout SQLGenerationContext) throws -> String {
        switch node {
        case .allColumns:
            guard let qualifier = context.qualifier else { return "*" }
            return qualifier.quotedDatabaseIdentifier + ".*"
        case .allColumnsExcluding(let excludedColumns):
            guard let (table, _) = context.relationTable else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "allColumns(excluding:) selects the columns of the table of a request or a record")
            }
            let qualifier = context.qualifier.map { $0.quotedDatabaseIdentifier + "." } ?? ""
            return try context.database().columnNames(in: table, excluding: excludedColumns)
                .map { qualifier + $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        case .qualified(let selection, let alias):
            let qualifier = context.qualifier
            defer { context.qualifier = qualifier }
            context.qualifier = try context.qualifier(for: alias)
            return try selection.sql(&context)
        case .deferred(let resolve):
            return try resolve(context.database()).map { try $0.sql(&context) }.joined(separator: ", ")
        case .expression(let expression):
            return try expression.sql(&context)
        case .aliased(let expression, let name):
            // AS binds looser than any operator: `"score" * ? AS "double"`, as in GRDB.
            return "\(try expression.sql(&context)) AS \(name.quotedDatabaseIdentifier)"
        }
    }
}

extension [any SQLSelectable] {
    /// The SQL of the selected values, separated by commas: `"id", "name"`.
    package func sql(_ context: inout SQLGenerationContext) throws -> String {
        try map { try $0.sqlSelection.sql(&context) }.joined(separator: ", ")
    }
}

/// All columns: `*`, as in `SELECT *` or `COUNT(*)`.
public struct AllColumns: SQLSelectable, Sendable {
    /// All columns.
    public init() {}

    /// `*`.
    public var sqlSelection: SQLSelection { SQLSelection(.allColumns) }
}

extension SQLSelectable where Self == AllColumns {
    /// All columns: `static var databaseSelection: [any SQLSelectable] { [.allColumns, Column.rowID] }`.
    public static var allColumns: AllColumns { AllColumns() }
}

extension SQLSelectable where Self == Column {
    /// The rowid column: `[.allColumns, .rowID]`.
    public static var rowID: Column { Column.rowID }
}

extension SQLSpecificExpressible {
    /// The expression itself.
    public var sqlSelection: SQLSelection { SQLSelection(.expression(sqlExpression)) }

    /// The expression, selected under a name: `max(Column("score")).forKey("maxScore")`.
    public func forKey(_ key: String) -> SQLSelection {
        SQLSelection(.aliased(sqlExpression, key))
    }

    /// The expression, selected under the name of a coding key.
    public func forKey(_ key: some CodingKey) -> SQLSelection {
        forKey(key.stringValue)
    }

    /// The expression, selected under a name (the same as `forKey(_:)`).
    public func aliased(_ name: String) -> SQLSelection {
        forKey(name)
    }
}
