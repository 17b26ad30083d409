/// The interpolations of an ``SQL`` literal (and of the requests built from one, such as
/// `SQLRequest`): values become bound arguments, and names are quoted.
///
/// ```swift
/// let query: SQL = """
///     SELECT \(columnsOf: Player.self) FROM \(Player.self)
///     WHERE \(Column("score")) > \(1000) AND id IN \([1, 2, 3])
///     ORDER BY \(Column("name").desc)
///     """
/// // SELECT "player".* FROM "player" WHERE "score" > ? AND id IN (?,?,?) ORDER BY "name" DESC
/// ```
///
/// Applications may extend it with interpolations of their own, built on the public ones:
///
/// ```swift
/// extension SQLInterpolation {
///     mutating func appendInterpolation(day date: some SQLExpressible) {
///         appendInterpolation(literal: "DATE(\(date))")
///     }
/// }
/// ```
public struct SQLInterpolation: StringInterpolationProtocol {
    /// The pieces built so far.
    package var elements: [SQL.Element] = []

    /// Prepares room for the literal.
    public init(literalCapacity: Int, interpolationCount: Int) {
        elements.reserveCapacity(interpolationCount * 2 + 1)
    }

    /// Appends SQL text.
    public mutating func appendLiteral(_ sql: String) {
        if !sql.isEmpty { elements.append(.sql(sql, StatementArguments())) }
    }

    /// Appends raw SQL text and the arguments of its placeholders:
    /// `"… WHERE \(sql: "name = ?", arguments: [name])"`.
    public mutating func appendInterpolation(sql: String, arguments: StatementArguments = StatementArguments()) {
        elements.append(.sql(sql, arguments))
    }

    /// Appends another literal, as written: `"SELECT * FROM player WHERE \(condition)"`.
    public mutating func appendInterpolation(_ sqlLiteral: SQL) {
        elements += sqlLiteral.elements
    }

    /// Appends another literal, as written: `"SELECT * FROM player WHERE \(literal: condition)"`.
    public mutating func appendInterpolation(literal sqlLiteral: SQL) {
        elements += sqlLiteral.elements
    }

    /// Appends a string, as a bound value: `"… WHERE name = \(name)"` is `name = ?`.
    public mutating func appendInterpolation<S: StringProtocol>(_ string: S) {
        elements.append(.expression(String(string).sqlExpression))
    }

    /// Appends a quoted identifier: `\(identifier: "group")` is `"group"`.
    public mutating func appendInterpolation(identifier: String) {
        appendLiteral(identifier.quotedDatabaseIdentifier)
    }
}

// Records.
extension SQLInterpolation {
    /// Appends the quoted table name of a record type: `\(Player.self)` is `"player"`.
    public mutating func appendInterpolation(_ table: (some TableRecord).Type) {
        appendLiteral(table.databaseTableName.quotedDatabaseIdentifier)
    }

    /// Appends the quoted table name of a record type.
    @_disfavoredOverload
    public mutating func appendInterpolation(_ table: any TableRecord.Type) {
        appendLiteral(table.databaseTableName.quotedDatabaseIdentifier)
    }

    /// Appends the quoted table name of a record: `INSERT INTO \(tableOf: player) …`.
    public mutating func appendInterpolation(tableOf record: some TableRecord) {
        appendInterpolation(type(of: record))
    }

    /// Appends the quoted table name of a record.
    @_disfavoredOverload
    public mutating func appendInterpolation(tableOf record: any TableRecord) {
        appendInterpolation(type(of: record))
    }

    /// Appends the columns that a record type selects, qualified with its table, or with the given
    /// alias: `\(columnsOf: Player.self)` is `"player".*`, `\(columnsOf: Player.self, tableAlias: "p")`
    /// is `"p".*`, and a type that selects some columns gives `"player"."id", "player"."name"`.
    public mutating func appendInterpolation(columnsOf recordType: (some TableRecord).Type, tableAlias: String? = nil) {
        let alias = TableAliasBase(userName: tableAlias ?? recordType.databaseTableName)
        for (index, selectable) in recordType.databaseSelection.enumerated() {
            if index > 0 { appendLiteral(", ") }
            elements.append(.selection(alias[selectable]))
        }
    }
}

// Expressions, selections and orderings.
extension SQLInterpolation {
    /// Appends a column or an expression: `\(Column("score") + bonus)` is `"score" + ?`.
    public mutating func appendInterpolation(_ expressible: some SQLExpressible & SQLSelectable & SQLOrderingTerm) {
        elements.append(.expression(expressible.sqlExpression))
    }

    /// Appends a value (bound as `?`) or an expression; nil is `NULL`.
    @_disfavoredOverload
    public mutating func appendInterpolation(_ expressible: (any SQLExpressible)?) {
        guard let expressible else { return appendLiteral("NULL") }
        elements.append(.expression(expressible.sqlExpression))
    }

    /// Appends a selected value: `\(AllColumns())` is `*`, `\(Column("a").forKey("b"))` is `"a" AS "b"`.
    public mutating func appendInterpolation(_ selection: some SQLSelectable) {
        elements.append(.selection(selection.sqlSelection))
    }

    /// Appends a selected value; nil is `NULL`.
    @_disfavoredOverload
    public mutating func appendInterpolation(_ selection: (any SQLSelectable)?) {
        guard let selection else { return appendLiteral("NULL") }
        elements.append(.selection(selection.sqlSelection))
    }

    /// Appends an ordering term: `ORDER BY \(Column("name").desc)` is `ORDER BY "name" DESC`.
    public mutating func appendInterpolation(_ orderingTerm: some SQLOrderingTerm) {
        elements.append(.ordering(orderingTerm.sqlOrdering))
    }

    /// Appends an ordering term.
    @_disfavoredOverload
    public mutating func appendInterpolation(_ orderingTerm: any SQLOrderingTerm) {
        elements.append(.ordering(orderingTerm.sqlOrdering))
    }

    /// Appends the column of a coding key: `\(CodingKeys.name)` is `"name"`.
    public mutating func appendInterpolation(_ key: some CodingKey) {
        appendInterpolation(Column(key.stringValue))
    }

    /// Appends the column of a coding key that is also a column.
    public mutating func appendInterpolation(_ key: some CodingKey & SQLExpressible & SQLSelectable & SQLOrderingTerm) {
        appendInterpolation(Column(key.stringValue))
    }

    /// Appends the column of a coding key.
    @_disfavoredOverload
    public mutating func appendInterpolation(_ key: any CodingKey) {
        appendInterpolation(Column(key.stringValue))
    }

    /// Appends the SELECT statement of a request, without parentheses:
    /// `"… WHERE score = (\(Player.select(max(Column("score")))))"`.
    public mutating func appendInterpolation(
        _ subquery: some SQLSubqueryable & SQLExpressible & SQLSelectable & SQLOrderingTerm
    ) {
        elements.append(.subquery(subquery.sqlSubquery))
    }
}

// Sequences of values.
extension SQLInterpolation {
    /// Appends the values of a sequence as a parenthesized list: `IN \([1, 2, 3])` is `IN (?,?,?)`.
    /// An empty sequence is a subquery of no row, `(SELECT NULL WHERE NULL)`, so that `IN` and
    /// `NOT IN` remain valid SQL.
    public mutating func appendInterpolation(_ sequence: some Sequence<some SQLExpressible>) {
        appendList(sequence.map(\.sqlExpression))
    }

    /// Appends the expressions of a sequence as a parenthesized list: `IN \([Column("a"), Column("b")])`.
    public mutating func appendInterpolation(_ sequence: some Sequence<any SQLExpressible>) {
        appendList(sequence.map(\.sqlExpression))
    }

    /// Appends a value that is also a sequence of values as one value: `\(data)` is one blob.
    public mutating func appendInterpolation<S>(_ expressible: S)
    where S: SQLExpressible, S: Sequence, S.Element: SQLExpressible {
        elements.append(.expression(expressible.sqlExpression))
    }

    private mutating func appendList(_ expressions: [SQLExpression]) {
        guard !expressions.isEmpty else { return appendLiteral("(SELECT NULL WHERE NULL)") }
        appendLiteral("(")
        for (index, expression) in expressions.enumerated() {
            if index > 0 { appendLiteral(",") }
            elements.append(.expression(expression))
        }
        appendLiteral(")")
    }
}
