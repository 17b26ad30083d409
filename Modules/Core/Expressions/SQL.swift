/// SQL text whose interpolated values become bound arguments.
///
/// ```swift
/// let name = "O'Brien"
/// let query: SQL = "SELECT * FROM player WHERE name = \(name)"   // name = ?, with the argument
/// let players = try Player.fetchAll(db, SQLRequest<Player>(literal: query))
/// ```
///
/// Interpolations: values (bound as `?`), columns and expressions (`\(Column("name"))` is
/// `"name"`), records' types (`\(Player.self)` is the quoted table name), sequences of values
/// (`\([1, 2, 3])` is `(?, ?, ?)`), raw SQL (`\(sql: "score + ?", arguments: [1])`) and other
/// literals (`\(literal: other)`).
public struct SQL: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A piece of the literal.
    package enum Element: Sendable {
        /// SQL text and the arguments of its placeholders.
        case sql(String, StatementArguments)
        /// An expression, whose SQL is generated in place.
        case expression(SQLExpression)
        /// Expressions separated by commas, in parentheses.
        case list([SQLExpression])
    }

    /// The pieces, in order.
    package private(set) var elements: [Element]

    /// A literal of SQL text and its arguments.
    public init(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements = [.sql(sql, arguments)]
    }

    /// A literal of an expression: `SQL(Column("name"))` is `"name"`, `SQL(42)` is `?` with 42.
    public init(_ expression: some SQLExpressible) {
        elements = [.expression(expression.sqlExpression)]
    }

    /// A literal of SQL text without arguments.
    public init(stringLiteral value: String) {
        self.init(sql: value)
    }

    /// A literal built by string interpolation.
    public init(stringInterpolation: StringInterpolation) {
        elements = stringInterpolation.elements
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
            case .list(let expressions):
                sql += "(" + (try expressions.map { try $0.sql(&context) }.joined(separator: ", ")) + ")"
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
        case .list: return true
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

extension SQL {
    /// Builds an SQL literal from a string with interpolations.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// The pieces built so far.
        package private(set) var elements: [Element] = []

        /// Prepares room for the literal.
        public init(literalCapacity: Int, interpolationCount: Int) {
            elements.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Appends SQL text.
        public mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { elements.append(.sql(literal, StatementArguments())) }
        }

        /// Appends a value (as a bound `?`), a column (as a quoted name) or an expression.
        public mutating func appendInterpolation(_ expressible: some SQLExpressible) {
            elements.append(.expression(expressible.sqlExpression))
        }

        /// Appends the quoted table name of a record type: `\(Player.self)` is `"player"`.
        public mutating func appendInterpolation(_ table: (some TableRecord).Type) {
            elements.append(.sql(table.databaseTableName.quotedDatabaseIdentifier, StatementArguments()))
        }

        /// Appends the values of a sequence as a parenthesized list: `\([1, 2])` is `(?, ?)`.
        @_disfavoredOverload
        public mutating func appendInterpolation<S: Sequence>(_ sequence: S) where S.Element: SQLExpressible {
            elements.append(.list(sequence.map { $0.sqlExpression }))
        }

        /// Appends raw SQL text and the arguments of its placeholders.
        public mutating func appendInterpolation(sql: String, arguments: StatementArguments = StatementArguments()) {
            elements.append(.sql(sql, arguments))
        }

        /// Appends another literal.
        public mutating func appendInterpolation(literal: SQL) {
            elements += literal.elements
        }

        /// Appends a quoted identifier: `\(identifier: "my table")` is `"my table"`.
        public mutating func appendInterpolation(identifier: String) {
            elements.append(.sql(identifier.quotedDatabaseIdentifier, StatementArguments()))
        }
    }
}

extension Sequence where Element == SQL {
    /// The literals joined with a separator: `[a, b].joined(separator: ", ")`.
    public func joined(separator: String = "") -> SQL {
        var result = SQL(sql: "")
        for (index, literal) in enumerated() {
            if index > 0 { result.append(sql: separator) }
            result.append(literal: literal)
        }
        return result
    }
}
