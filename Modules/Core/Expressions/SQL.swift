/// SQL text whose interpolated values become bound arguments.
///
/// ```swift
/// let name = "O'Brien"
/// let query: SQL = "SELECT * FROM player WHERE name = \(name)"   // name = ?, with the argument
/// let players = try Player.fetchAll(db, SQLRequest<Player>(literal: query))
/// try db.execute(literal: "UPDATE player SET score = 0 WHERE name = \(name)")
/// ```
///
/// ``SQLInterpolation`` lists what a literal interpolates: values, columns and expressions, record
/// types, orderings, selections, subqueries, sequences of values, raw SQL and other literals.
///
/// A literal is also an expression, a selection and an ordering, whose columns the query interface
/// qualifies with their table: `Player.filter(SQL("DATE(\(Column("createdAt")))") == "2024-01-23")`.
public struct SQL: Sendable, CustomStringConvertible {
    /// A piece of the literal.
    package enum Element: Sendable {
        /// SQL text and the arguments of its placeholders.
        case sql(String, StatementArguments)
        /// An expression, whose SQL is generated in place.
        case expression(SQLExpression)
        /// A selected value (`"name" AS "n"`, `"player".*`).
        case selection(SQLSelection)
        /// An ordering term (`"score" DESC`).
        case ordering(SQLOrdering)
        /// The SQL of a SELECT statement, without parentheses.
        case subquery(SQLSubquery)
    }

    /// The pieces, in order.
    package private(set) var elements: [Element]

    /// A literal of these pieces.
    package init(elements: [Element]) {
        self.elements = elements
    }

    /// A literal of SQL text and its arguments.
    public init(sql: String, arguments: StatementArguments = StatementArguments()) {
        self.init(elements: [.sql(sql, arguments)])
    }

    /// A literal of an expression: `SQL(Column("name"))` is `"name"`, `SQL(42)` is `?` with 42.
    public init(_ expression: some SQLExpressible) {
        self.init(elements: [.expression(expression.sqlExpression)])
    }

    /// Whether the literal holds nothing.
    public var isEmpty: Bool {
        elements.allSatisfy { element in
            if case .sql(let sql, let arguments) = element { return sql.isEmpty && arguments.isEmpty }
            return false
        }
    }

    /// Appends another literal.
    public mutating func append(literal other: SQL) {
        elements += other.elements
    }

    /// Appends SQL text and its arguments.
    public mutating func append(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements.append(.sql(sql, arguments))
    }

    /// The concatenation of two literals.
    public static func + (lhs: SQL, rhs: SQL) -> SQL {
        var result = lhs
        result.append(literal: rhs)
        return result
    }

    /// Appends a literal.
    public static func += (lhs: inout SQL, rhs: SQL) {
        lhs.append(literal: rhs)
    }

    /// The SQL and the arguments of the literal.
    ///
    /// - throws: A `DatabaseError` when a part of the literal cannot be built (a request on a table
    ///   that does not exist, say).
    public func build(_ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        var context = SQLGenerationContext(database: db)
        let sql = try self.sql(&context)
        return (sql, context.arguments)
    }

    /// The SQL of the literal: its arguments are appended to the context's.
    package func sql(_ context: inout SQLGenerationContext) throws -> String {
        var sql = ""
        for element in elements {
            switch element {
            case .sql(let text, let arguments):
                sql += text
                try context.append(arguments)
            case .expression(let expression):
                sql += try expression.sql(&context)
            case .selection(let selection):
                sql += try selection.sql(&context)
            case .ordering(let ordering):
                sql += try ordering.sql(&context)
            case .subquery(let subquery):
                sql += try subquery.sql(&context)
            }
        }
        return sql
    }

    /// Whether the SQL is a single value or identifier, which needs no parentheses as an operand.
    var isSingleToken: Bool {
        guard elements.count == 1 else { return false }
        switch elements[0] {
        case .expression(let expression):
            switch expression.node {
            case .value, .column, .table, .countAll, .function: return true
            default: return false
            }
        case .selection, .ordering, .subquery: return false
        case .sql(let text, _):
            return !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "?" }
        }
    }

    /// The SQL text, with `?` for the bound values.
    public var description: String {
        var context = SQLGenerationContext(database: nil)
        return (try? sql(&context)) ?? "<SQL that needs a database connection>"
    }
}

extension SQL: ExpressibleByStringInterpolation {
    /// A literal of SQL text without arguments.
    public init(stringLiteral: String) {
        self.init(sql: stringLiteral)
    }

    /// A literal of SQL text of one Unicode scalar.
    public init(unicodeScalarLiteral: String) {
        self.init(sql: unicodeScalarLiteral)
    }

    /// A literal of SQL text of one character.
    public init(extendedGraphemeClusterLiteral: String) {
        self.init(sql: extendedGraphemeClusterLiteral)
    }

    /// A literal built by string interpolation: see ``SQLInterpolation``.
    public init(stringInterpolation: SQLInterpolation) {
        self.init(elements: stringInterpolation.elements)
    }
}

extension SQL: SQLSpecificExpressible {
    /// The literal as an expression: `SQL("DATE(\(Column("createdAt")))").sqlExpression`. It is
    /// parenthesized as an operand, unless it is a single token.
    ///
    /// As a selection, a literal is selected as written (`SQL("score + 1 AS bonus")`); as an ordering,
    /// it sorts as written (`SQL("score DESC")`), and can't be reversed.
    public var sqlExpression: SQLExpression {
        SQLExpression(literal: self)
    }
}

extension Sequence where Element == SQL {
    /// The literals joined with a separator of raw SQL text: `[a, b].joined(separator: ", ")`.
    public func joined(separator: String = "") -> SQL {
        var result = SQL(elements: [])
        for (index, literal) in enumerated() {
            if index > 0 && !separator.isEmpty { result.append(sql: separator) }
            result.append(literal: literal)
        }
        return result
    }
}
