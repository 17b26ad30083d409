import RSCore

/// An expression whose value is JSON text, such as a ``JSONColumn``, or any expression made one by
/// ``RSCore/SQLSpecificExpressible/asJSON``.
///
/// It reads the values of its JSON with SQLite's `->>` and `->` operators:
///
/// ```swift
/// let address = JSONColumn("address")
/// // SELECT * FROM "player" WHERE ("address" ->> ?) = ?   with the arguments "$.country", "FR"
/// let players = try Player.filter(address["$.country"] == "FR").fetchAll(db)
/// ```
///
/// The JSON functions that build JSON (``RSCore/Database/jsonArray(_:)-(Collection<SQLExpressible>)``,
/// `jsonObject`, `jsonSet`…) take it as JSON, not as a string.
public protocol SQLJSONExpressible: SQLSpecificExpressible {}

extension ColumnExpression where Self: SQLJSONExpressible {
    /// The column, as JSON.
    public var sqlExpression: SQLExpression {
        SQLExpression(.jsonValue(SQLExpression(.column(name))))
    }
}

/// Any expression whose value is JSON text (see ``RSCore/SQLSpecificExpressible/asJSON``).
public struct AnySQLJSONExpressible: SQLJSONExpressible {
    /// The expression, as JSON.
    public let sqlExpression: SQLExpression

    /// The expression of a JSON value.
    public init(_ base: some SQLJSONExpressible) {
        sqlExpression = base.sqlExpression
    }

    /// An expression marked as JSON.
    init(json expression: SQLExpression) {
        if case .jsonValue = expression.node {
            sqlExpression = expression
        } else {
            sqlExpression = SQLExpression(.jsonValue(expression))
        }
    }
}

extension SQLSpecificExpressible {
    /// The expression, as JSON: the JSON functions that build JSON take its value as JSON, not as a
    /// string, and it reads the values of its JSON with subscripts:
    /// `Column("info").asJSON["$.score"]`.
    public var asJSON: AnySQLJSONExpressible {
        AnySQLJSONExpressible(json: sqlExpression)
    }
}

extension SQLJSONExpressible {
    /// `json ->> path`: the SQL value at a path of the JSON (SQLite 3.38+): a number, a string, NULL,
    /// or the JSON text of an object or array.
    public subscript(_ path: some SQLExpressible) -> SQLExpression {
        SQLExpression(.binary("->>", sqlExpression, path.sqlExpression))
    }

    /// `JSON_EXTRACT(json, path)`: the SQL value at a path of the JSON.
    public func jsonExtract(atPath path: some SQLExpressible) -> SQLExpression {
        Database.jsonExtract(self, atPath: path)
    }

    /// `JSON_EXTRACT(json, path1, path2, …)`: the JSON array of the values at several paths.
    public func jsonExtract(atPaths paths: some Collection<some SQLExpressible>) -> SQLExpression {
        Database.jsonExtract(self, atPaths: paths)
    }

    /// `json -> path`: the JSON representation of the value at a path of the JSON (SQLite 3.38+).
    public func jsonRepresentation(atPath path: some SQLExpressible) -> SQLExpression {
        SQLExpression(.binary("->", sqlExpression, path.sqlExpression))
    }
}

extension SQLExpression {
    /// The expression as an argument of a function that builds JSON: an expression marked as JSON
    /// is wrapped in `JSON(…)` (`JSONB(…)` on SQLite 3.45+), unless its value is already JSON (the
    /// result of a JSON function, or of `->`), so that SQLite takes it as JSON.
    var jsonBuilderExpression: SQLExpression {
        guard case .jsonValue(let expression) = node, !expression.isJSONResult else { return self }
        return SQLExpression(
            .deferred { db in
                let function = db.driver.capabilities.isAtLeast(3, 45) ? "JSONB" : "JSON"
                return SQLExpression(.function(function, [expression], distinct: false))
            })
    }

    /// Whether SQLite knows the value as JSON: the result of a function that returns JSON, or of `->`.
    private var isJSONResult: Bool {
        switch node {
        case .function(let name, let arguments, _):
            let name = name.uppercased()
            // JSON_EXTRACT of several paths is the JSON array of their values.
            return Self.functionsReturningJSON.contains(name) || (name == "JSON_EXTRACT" && arguments.count > 2)
        case .binary("->", _, _): return true
        case .jsonValue(let expression), .collated(let expression, _): return expression.isJSONResult
        default: return false
        }
    }

    /// The SQL functions whose result SQLite knows as JSON.
    private static let functionsReturningJSON: Set<String> = [
        "JSON", "JSON_ARRAY", "JSON_GROUP_ARRAY", "JSON_GROUP_OBJECT", "JSON_INSERT", "JSON_OBJECT", "JSON_PATCH",
        "JSON_REMOVE", "JSON_REPLACE", "JSON_SET", "JSON_QUOTE", "JSONB",
    ]
}

extension TableAliasBase {
    /// The JSON expression, with its columns in the table of the alias: `alias[JSONColumn("info")]`
    /// is `"author"."info"`, as JSON.
    public subscript(_ expression: some SQLJSONExpressible & SQLSpecificExpressible & SQLSelectable & SQLOrderingTerm)
        -> AnySQLJSONExpressible
    {
        AnySQLJSONExpressible(json: qualify(expression.sqlExpression))
    }
}

extension TableAlias where RowDecoder: TableRecord {
    /// A JSON column of the record's components, in the table of the alias: `authorAlias.address`.
    public subscript<T>(dynamicMember keyPath: KeyPath<DatabaseComponents, T>) -> AnySQLJSONExpressible
    where T: SQLJSONExpressible & SQLSpecificExpressible & SQLSelectable & SQLOrderingTerm {
        self[RowDecoder.databaseComponents[keyPath: keyPath]]
    }
}
