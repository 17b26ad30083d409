import RSCore

/// A common table expression: a table that a statement defines for itself, in its WITH clause, from
/// a request (SQLite: <https://sqlite.org/lang_with.html>).
///
/// ```swift
/// // WITH "playerName" AS (SELECT "name" FROM "player") ...
/// let playerName = CommonTableExpression(named: "playerName", request: Player.select(Column("name")))
///
/// // WITH RECURSIVE "counter"("x") AS (VALUES(1) UNION ALL SELECT x+1 FROM counter WHERE x < 10)
/// // SELECT * FROM "counter"
/// let counter = CommonTableExpression<Int>(
///     recursive: true, named: "counter", columns: ["x"],
///     sql: "VALUES(1) UNION ALL SELECT x+1 FROM counter WHERE x < 10")
/// let numbers = try counter.all().with(counter).fetchAll(db)   // [1, 2, …, 10]
/// ```
///
/// A request defines it with `with(_:)`, and uses its table with `all()`, `contains(_:)`, an
/// association (`association(to:on:)`), or its name in SQL (`\(cte)` in an SQL literal).
/// `RowDecoder` is the type that decodes its rows, for `all()` and associations.
public struct CommonTableExpression<RowDecoder>: Sendable {
    /// The definition.
    let cte: SQLCommonTableExpression

    /// The name of the table of the common table expression.
    public var tableName: String { cte.tableName }

    private init(recursive: Bool, named tableName: String, columns: [String]?, subquery: SQLSubquery) {
        cte = SQLCommonTableExpression(
            tableName: tableName, columns: columns, request: subquery, isRecursive: recursive)
    }

    /// A common table expression defined by a request (a query interface request, an `SQLRequest`).
    ///
    /// - parameters:
    ///   - recursive: Whether the request refers to the table itself (`WITH RECURSIVE`).
    ///   - tableName: The name of the table.
    ///   - columns: The names of the columns (by default, those the request selects).
    ///   - request: The request of the rows.
    public init(
        recursive: Bool = false, named tableName: String, columns: [String]? = nil, request: some SQLSubqueryable
    ) {
        self.init(recursive: recursive, named: tableName, columns: columns, subquery: request.sqlSubquery)
    }

    /// A common table expression defined by SQL and its arguments:
    /// `CommonTableExpression<Void>(named: "p", sql: "SELECT * FROM player WHERE name = ?", arguments: [name])`.
    public init(
        recursive: Bool = false, named tableName: String, columns: [String]? = nil, sql: String,
        arguments: StatementArguments = StatementArguments()
    ) {
        self.init(
            recursive: recursive, named: tableName, columns: columns,
            subquery: SQLSubquery(SQL(sql: sql, arguments: arguments)))
    }

    /// A common table expression defined by an SQL literal:
    /// `CommonTableExpression<Void>(named: "p", literal: "SELECT * FROM player WHERE name = \(name)")`.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, literal sqlLiteral: SQL) {
        self.init(recursive: recursive, named: tableName, columns: columns, subquery: SQLSubquery(sqlLiteral))
    }
}

// Without an explicit type, a common table expression decodes rows.
extension CommonTableExpression<Row> {
    /// A common table expression of rows, defined by a request: see the generic initializer.
    public init(
        recursive: Bool = false, named tableName: String, columns: [String]? = nil, request: some SQLSubqueryable
    ) {
        self.init(recursive: recursive, named: tableName, columns: columns, subquery: request.sqlSubquery)
    }

    /// A common table expression of rows, defined by SQL and its arguments.
    public init(
        recursive: Bool = false, named tableName: String, columns: [String]? = nil, sql: String,
        arguments: StatementArguments = StatementArguments()
    ) {
        self.init(
            recursive: recursive, named: tableName, columns: columns,
            subquery: SQLSubquery(SQL(sql: sql, arguments: arguments)))
    }

    /// A common table expression of rows, defined by an SQL literal.
    public init(recursive: Bool = false, named tableName: String, columns: [String]? = nil, literal sqlLiteral: SQL) {
        self.init(recursive: recursive, named: tableName, columns: columns, subquery: SQLSubquery(sqlLiteral))
    }
}

extension CommonTableExpression {
    /// The request of all rows of the table: `SELECT * FROM "cte"`. It runs with the definition of
    /// the table (`cte.all().with(cte)`), or inside a request that has it, as a subquery:
    ///
    /// ```swift
    /// // WITH "answer" AS (SELECT 42) SELECT * FROM "player" WHERE "score" = (SELECT * FROM "answer")
    /// let players = try Player.with(answer).filter(Column("score") == answer.all()).fetchAll(db)
    /// ```
    public func all() -> QueryInterfaceRequest<RowDecoder> {
        QueryInterfaceRequest(table: tableName)
    }

    /// `element IN "cte"`: whether the table (of one column) has the value of the expression.
    public func contains(_ element: some SQLExpressible) -> SQLExpression {
        SQLExpression(.inTable(element.sqlExpression, tableName))
    }
}
