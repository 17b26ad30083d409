/// An SQL expression: a value, a column, an operation, a function call, or a literal.
///
/// The query interface builds expressions from columns and values:
///
/// ```swift
/// Column("score") > 1000
/// Column("name") == nil            // "name" IS NULL
/// Column("name").like("%ar%")
/// count(Column("id"))
/// ```
///
/// Values always reach SQLite as bound arguments, and identifiers are quoted.
public struct SQLExpression: Sendable {
    /// The shape of an expression. Operands that are themselves operations are parenthesized
    /// when SQL is generated, so that precedence never depends on SQLite's rules.
    package indirect enum Node: Sendable {
        /// A bound value.
        case value(DatabaseValue)
        /// A column, by name: qualified with the table of the relation whose SQL is generated, in
        /// a request that joins several tables.
        case column(String)
        /// An expression whose columns are those of the table of an alias: `"author"."name"`.
        case qualified(SQLExpression, TableAliasBase)
        /// The hidden column of a full-text table that is named after the table, in the relation whose
        /// SQL is generated: `"book"` in `"book" MATCH ?`, `"b"."book"` for a table aliased `b`.
        case table
        /// Whether the table of an alias has a row, in the result of an outer join
        /// (`TableAlias.exists`): the columns that identify its rows are not NULL.
        case rowExists(TableAliasBase)
        /// SQL text with its arguments.
        case literal(SQL)
        /// An expression whose value is JSON text (a JSON column, `asJSON`): the JSON functions that
        /// build JSON take it as JSON, not as a string. Its SQL is the expression's own.
        case jsonValue(SQLExpression)
        /// A prefix operator such as `NOT` or `-`.
        case prefix(String, SQLExpression)
        /// A binary operator such as `=`, `IS`, `<`, `LIKE` or `||`.
        case binary(String, SQLExpression, SQLExpression)
        /// An associative operator (`AND`, `OR`, `+`, `*`) over two operands or more.
        case associative(String, [SQLExpression])
        /// A function call; `distinct` gives `COUNT(DISTINCT x)`.
        case function(String, [SQLExpression], distinct: Bool)
        /// `COUNT(*)`.
        case countAll
        /// `x IN (a, b, c)`, or `x NOT IN (…)`.
        case inList(SQLExpression, [SQLExpression], negated: Bool)
        /// `x IN (SELECT …)`, or `x NOT IN (SELECT …)`.
        case inSubquery(SQLExpression, SQLSubquery, negated: Bool)
        /// `x IN "table"`: whether the table (a common table expression, say) of one column has the value.
        case inTable(SQLExpression, String)
        /// `(SELECT …)`: the value of a subquery.
        case subquery(SQLSubquery)
        /// `x BETWEEN a AND b`, or `x NOT BETWEEN a AND b`.
        case between(SQLExpression, SQLExpression, SQLExpression, negated: Bool)
        /// `x LIKE pattern ESCAPE e`.
        case like(SQLExpression, SQLExpression, escape: SQLExpression?, negated: Bool)
        /// `x COLLATE name`.
        case collated(SQLExpression, String)
        /// `EXISTS (SELECT …)`, or `NOT EXISTS (…)`.
        case exists(SQLSubquery, negated: Bool)
        /// `CAST(x AS type)`.
        case cast(SQLExpression, String)
        /// An expression that needs the database to be known (the primary key of a table, say).
        case deferred(@Sendable (Database) throws -> SQLExpression)
    }

    /// The shape of the expression.
    package let node: Node

    /// Creates an expression of the given shape.
    package init(_ node: Node) {
        self.node = node
    }

    /// The expression, with its columns in the table of an alias. An expression marked as JSON
    /// stays marked as JSON.
    package func qualified(with alias: TableAliasBase) -> SQLExpression {
        if case .jsonValue(let expression) = node {
            return SQLExpression(.jsonValue(expression.qualified(with: alias)))
        }
        return SQLExpression(.qualified(self, alias))
    }

    /// An expression of SQL text, with its arguments: `SQLExpression(sql: "score + ?", arguments: [1])`.
    public init(sql: String, arguments: StatementArguments = StatementArguments()) {
        self.init(.literal(SQL(sql: sql, arguments: arguments)))
    }

    /// An expression of an SQL literal: `SQLExpression(literal: "score + \(bonus)")`.
    public init(literal: SQL) {
        self.init(.literal(literal))
    }

    /// The SQL of the expression: the bound values are appended to the context's arguments.
    ///
    /// - parameter wrapped: Whether an operation is parenthesized (it is when it is an operand).
    package func sql(_ context: inout SQLGenerationContext, wrapped: Bool = false) throws -> String {
        func wrap(_ sql: String) -> String { wrapped ? "(\(sql))" : sql }
        switch node {
        case .value(let value):
            // NULL is written, not bound, as in GRDB: `"score" IS NULL`.
            return value.isNull ? "NULL" : context.bind(value)
        case .column(let name):
            guard let qualifier = context.qualifier else { return name.quotedDatabaseIdentifier }
            return qualifier.quotedDatabaseIdentifier + "." + name.quotedDatabaseIdentifier
        case .qualified(let expression, let alias):
            let qualifier = context.qualifier
            defer { context.qualifier = qualifier }
            context.qualifier = try context.qualifier(for: alias)
            return try expression.sql(&context, wrapped: wrapped)
        case .table:
            guard let (table, name) = context.relationTable else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "a full-text match needs a request on the full-text table")
            }
            let column = table.quotedDatabaseIdentifier
            return name == table ? column : name.quotedDatabaseIdentifier + "." + column
        case .rowExists(let alias):
            // The columns of the check are those of the alias, whatever the alias of the expression.
            let qualifier = context.qualifier
            defer { context.qualifier = qualifier }
            context.qualifier = try context.qualifier(for: alias)
            guard let table = context.aliasTables[ObjectIdentifier(alias)] else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "a table alias is used in a request that does not join its table")
            }
            let checks = try context.database().existenceCheckColumns(in: table).map {
                SQLExpression(.binary("IS NOT", SQLExpression(.column($0)), SQLExpression(.value(.null))))
            }
            let check = checks.count == 1 ? checks[0] : SQLExpression(.associative("OR", checks))
            return try check.sql(&context, wrapped: wrapped)
        case .jsonValue(let expression):
            return try expression.sql(&context, wrapped: wrapped)
        case .literal(let literal):
            let sql = try literal.sql(&context)
            return wrapped && !literal.isSingleToken ? "(\(sql))" : sql
        case .prefix(let op, let operand):
            return wrap(op + (try operand.sql(&context, wrapped: true)))
        case .binary(let op, let lhs, let rhs):
            return wrap("\(try lhs.sql(&context, wrapped: true)) \(op) \(try rhs.sql(&context, wrapped: true))")
        case .associative(let op, let operands):
            // Two operands or more (`joined(operator:)` builds no other).
            return wrap(try operands.map { try $0.sql(&context, wrapped: true) }.joined(separator: " \(op) "))
        case .function(let name, let arguments, let distinct):
            let sqls = try arguments.map { try $0.sql(&context) }
            return "\(name)(\(distinct ? "DISTINCT " : "")\(sqls.joined(separator: ", ")))"
        case .countAll:
            return "COUNT(*)"
        case .inList(let operand, let list, let negated):
            let sqls = try list.map { try $0.sql(&context) }
            let op = negated ? "NOT IN" : "IN"
            return wrap("\(try operand.sql(&context, wrapped: true)) \(op) (\(sqls.joined(separator: ", ")))")
        case .inSubquery(let operand, let subquery, let negated):
            let op = negated ? "NOT IN" : "IN"
            return wrap("\(try operand.sql(&context, wrapped: true)) \(op) (\(try subquery.sql(&context)))")
        case .inTable(let operand, let table):
            return wrap("\(try operand.sql(&context, wrapped: true)) IN \(table.quotedDatabaseIdentifier)")
        case .subquery(let subquery):
            return "(\(try subquery.sql(&context)))"
        case .between(let operand, let lower, let upper, let negated):
            let op = negated ? "NOT BETWEEN" : "BETWEEN"
            return wrap(
                "\(try operand.sql(&context, wrapped: true)) \(op) \(try lower.sql(&context, wrapped: true)) "
                    + "AND \(try upper.sql(&context, wrapped: true))")
        case .like(let operand, let pattern, let escape, let negated):
            var sql =
                "\(try operand.sql(&context, wrapped: true)) \(negated ? "NOT LIKE" : "LIKE") "
                + (try pattern.sql(&context, wrapped: true))
            if let escape { sql += " ESCAPE \(try escape.sql(&context, wrapped: true))" }
            return wrap(sql)
        case .collated(let operand, let collation):
            return wrap("\(try operand.sql(&context, wrapped: true)) COLLATE \(collation)")
        case .exists(let subquery, let negated):
            return wrap("\(negated ? "NOT EXISTS" : "EXISTS") (\(try subquery.sql(&context)))")
        case .deferred(let resolve):
            return try resolve(context.database()).sql(&context, wrapped: wrapped)
        case .cast(let operand, let type):
            return "CAST(\(try operand.sql(&context)) AS \(type))"
        }
    }
}
