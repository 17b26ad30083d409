import RSCore

// SQLite's JSON functions (https://www.sqlite.org/json1.html), as expressions of the query interface.
// Debian's SQLite 3.40.1 has them built in; SQLCipher 3.4's SQLite 3.15.2 does not have them: a
// statement that calls one fails with a `DatabaseError` that says so (`supportsJSON`).
extension Database {
    /// `JSON(value)`: the minified JSON of a JSON text.
    public static func json(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON", [value.sqlExpression])
    }

    /// `JSON_ARRAY(value1, value2, …)`: a JSON array of the values (JSON values as JSON).
    public static func jsonArray(_ values: some Collection<some SQLExpressible>) -> SQLExpression {
        jsonFunction("JSON_ARRAY", values.map(\.sqlExpression.jsonBuilderExpression))
    }

    /// `JSON_ARRAY(value1, value2, …)`: a JSON array of values of any types (JSON values as JSON).
    public static func jsonArray(_ values: some Collection<any SQLExpressible>) -> SQLExpression {
        jsonFunction("JSON_ARRAY", values.map(\.sqlExpression.jsonBuilderExpression))
    }

    /// `JSON_ARRAY_LENGTH(value)`: the number of elements of a JSON array.
    public static func jsonArrayLength(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_ARRAY_LENGTH", [value.sqlExpression])
    }

    /// `JSON_ARRAY_LENGTH(value, path)`: the number of elements of the JSON array at a path.
    public static func jsonArrayLength(_ value: some SQLExpressible, atPath path: some SQLExpressible)
        -> SQLExpression
    {
        jsonFunction("JSON_ARRAY_LENGTH", [value.sqlExpression, path.sqlExpression])
    }

    /// `JSON_EXTRACT(value, path)`: the SQL value at a path of a JSON text.
    public static func jsonExtract(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_EXTRACT", [value.sqlExpression, path.sqlExpression])
    }

    /// `JSON_EXTRACT(value, path1, path2, …)`: the JSON array of the values at several paths.
    public static func jsonExtract(_ value: some SQLExpressible, atPaths paths: some Collection<some SQLExpressible>)
        -> SQLExpression
    {
        jsonFunction("JSON_EXTRACT", [value.sqlExpression] + paths.map(\.sqlExpression))
    }

    /// `JSON_INSERT(value, path1, value1, …)`: the JSON with values inserted at the paths that
    /// have none.
    public static func jsonInsert(
        _ value: some SQLExpressible, _ assignments: some Collection<(key: String, value: any SQLExpressible)>
    ) -> SQLExpression {
        jsonFunction("JSON_INSERT", [value.sqlExpression] + jsonPairs(assignments))
    }

    /// `JSON_REPLACE(value, path1, value1, …)`: the JSON with the values at existing paths replaced.
    public static func jsonReplace(
        _ value: some SQLExpressible, _ assignments: some Collection<(key: String, value: any SQLExpressible)>
    ) -> SQLExpression {
        jsonFunction("JSON_REPLACE", [value.sqlExpression] + jsonPairs(assignments))
    }

    /// `JSON_SET(value, path1, value1, …)`: the JSON with values set at the paths, inserted or
    /// replaced.
    public static func jsonSet(
        _ value: some SQLExpressible, _ assignments: some Collection<(key: String, value: any SQLExpressible)>
    ) -> SQLExpression {
        jsonFunction("JSON_SET", [value.sqlExpression] + jsonPairs(assignments))
    }

    /// `JSON_OBJECT(key1, value1, …)`: a JSON object of the keys and values (JSON values as JSON).
    public static func jsonObject(_ elements: some Collection<(key: String, value: any SQLExpressible)>)
        -> SQLExpression
    {
        jsonFunction("JSON_OBJECT", jsonPairs(elements))
    }

    /// `JSON_PATCH(value, patch)`: the JSON with the RFC 7396 merge patch applied.
    public static func jsonPatch(_ value: some SQLExpressible, with patch: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_PATCH", [value.sqlExpression, patch.sqlExpression])
    }

    /// `JSON_REMOVE(value, path)`: the JSON without the value at a path.
    public static func jsonRemove(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_REMOVE", [value.sqlExpression, path.sqlExpression])
    }

    /// `JSON_REMOVE(value, path1, path2, …)`: the JSON without the values at the paths.
    public static func jsonRemove(_ value: some SQLExpressible, atPaths paths: some Collection<some SQLExpressible>)
        -> SQLExpression
    {
        jsonFunction("JSON_REMOVE", [value.sqlExpression] + paths.map(\.sqlExpression))
    }

    /// `JSON_TYPE(value)`: the type of a JSON value: `'object'`, `'array'`, `'text'`, `'integer'`…
    public static func jsonType(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_TYPE", [value.sqlExpression])
    }

    /// `JSON_TYPE(value, path)`: the type of the JSON value at a path; NULL when there is none.
    public static func jsonType(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_TYPE", [value.sqlExpression, path.sqlExpression])
    }

    /// `JSON_VALID(value)`: 1 for well-formed JSON, 0 otherwise.
    public static func jsonIsValid(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_VALID", [value.sqlExpression])
    }

    /// `JSON_QUOTE(value)`: the JSON representation of an SQL value (a JSON value as is).
    public static func jsonQuote(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_QUOTE", [value.sqlExpression.jsonBuilderExpression])
    }

    /// `JSON_GROUP_ARRAY(value)`: the aggregate JSON array of the values of the rows, of those
    /// that match `filter` if given (`FILTER (WHERE …)`, SQLite 3.30+).
    public static func jsonGroupArray(_ value: some SQLExpressible, filter: (any SQLSpecificExpressible)? = nil)
        -> SQLExpression
    {
        jsonFunction("JSON_GROUP_ARRAY", [value.sqlExpression.jsonBuilderExpression]).filtered(by: filter)
    }

    /// `JSON_GROUP_OBJECT(key, value)`: the aggregate JSON object of the keys and values of the
    /// rows, of those that match `filter` if given (`FILTER (WHERE …)`, SQLite 3.30+).
    public static func jsonGroupObject(
        key: some SQLExpressible, value: some SQLExpressible, filter: (any SQLSpecificExpressible)? = nil
    ) -> SQLExpression {
        jsonFunction("JSON_GROUP_OBJECT", [key.sqlExpression, value.sqlExpression.jsonBuilderExpression])
            .filtered(by: filter)
    }

    /// A call of a JSON function.
    private static func jsonFunction(_ name: String, _ arguments: [SQLExpression]) -> SQLExpression {
        SQLExpression(.function(name, arguments, distinct: false))
    }

    /// The keys (or paths) and values of a function that builds JSON.
    private static func jsonPairs(_ pairs: some Collection<(key: String, value: any SQLExpressible)>)
        -> [SQLExpression]
    {
        pairs.flatMap { [$0.key.sqlExpression, $0.value.sqlExpression.jsonBuilderExpression] }
    }

}
