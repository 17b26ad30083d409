import Foundation

/// A custom SQL function or aggregate, written in Swift.
///
/// ```swift
/// let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
///     String.fromDatabaseValue(values[0]).map { String($0.reversed()) }
/// }
/// db.add(function: reverse)
/// try String.fetchOne(db, sql: "SELECT reverse('abc')") // "cba"
/// ```
public final class DatabaseFunction: Identifiable, Sendable {
    /// What identifies a function in a connection: its name and its number of arguments. Adding
    /// a function replaces the one of the same identity.
    public struct ID: Hashable, Sendable {
        let name: String
        let argumentCount: Int?
    }

    /// What SQLite calls.
    enum Kind: Sendable {
        /// A scalar function, called once per row.
        case function(@Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?)
        /// An aggregate: the maker of the state of each aggregation.
        case aggregate(@Sendable () -> any DatabaseAggregate)
    }

    /// The name and number of arguments of the function.
    public let id: ID
    /// The name of the function in SQL.
    public var name: String { id.name }
    /// The number of arguments, or nil for any number.
    public var argumentCount: Int? { id.argumentCount }
    /// Whether the function always returns the same result for the same arguments.
    public let isPure: Bool
    let kind: Kind

    /// Creates a function. An error thrown by `function` fails the statement that calls it.
    public init(
        _ name: String, argumentCount: Int? = nil, pure: Bool = false,
        function: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?
    ) {
        self.id = ID(name: name, argumentCount: argumentCount)
        self.isPure = pure
        self.kind = .function(function)
    }

    /// Creates an aggregate function, whose aggregations are values of `aggregate`.
    ///
    /// - parameters:
    ///   - name: The name of the function in SQL.
    ///   - argumentCount: The number of arguments, or nil for any number.
    ///   - pure: Whether the aggregate's result depends on its arguments only.
    ///   - aggregate: The type of the aggregations.
    public init<Aggregate: DatabaseAggregate>(
        _ name: String, argumentCount: Int? = nil, pure: Bool = false, aggregate: Aggregate.Type
    ) {
        self.id = ID(name: name, argumentCount: argumentCount)
        self.isPure = pure
        self.kind = .aggregate { Aggregate() }
    }
}

/// `sqlite3_user_data` of the library the process runs, for the C callbacks of functions. Read once,
/// by the first callback, which runs on a connection: a driver exists then, and a process loads one
/// SQLite library.
private let processUserData = DatabaseDriver.processAPI.user_data

/// The context of the function that SQLite calls, from the process-wide `sqlite3_user_data`: a C
/// callback captures nothing, and a process loads one SQLite library, so there is only one.
private func functionContext(_ sqliteContext: OpaquePointer?) -> FunctionContext? {
    guard let userData = processUserData(sqliteContext) else { return nil }
    return Unmanaged<FunctionContext>.fromOpaque(userData).takeUnretainedValue()
}

extension Database {
    /// Adds a custom SQL function or aggregate to the connection (or replaces the one of the same
    /// name and argument count).
    public func add(function: DatabaseFunction) {
        checkAccess()
        let context = Unmanaged.passRetained(FunctionContext(function: function, api: api)).toOpaque()
        let flags = SQLITE.UTF8 | (function.isPure ? SQLITE.DETERMINISTIC : 0)
        let code: Int32
        switch function.kind {
        case .function:
            code = api.create_function_v2(
                sqliteConnection, function.name, Int32(function.argumentCount ?? -1), flags, context,
                { sqliteContext, argumentCount, arguments in
                    functionContext(sqliteContext)?.call(sqliteContext, Int(argumentCount), arguments)
                },
                nil, nil,
                { context in Unmanaged<FunctionContext>.fromOpaque(context!).release() })
        case .aggregate:
            code = api.create_function_v2(
                sqliteConnection, function.name, Int32(function.argumentCount ?? -1), flags, context, nil,
                { sqliteContext, argumentCount, arguments in
                    functionContext(sqliteContext)?.step(sqliteContext, Int(argumentCount), arguments)
                },
                { sqliteContext in functionContext(sqliteContext)?.finish(sqliteContext) },
                { context in Unmanaged<FunctionContext>.fromOpaque(context!).release() })
        }
        precondition(code == SQLITE.OK, "could not add function \(function.name): code \(code)")
    }

    /// Removes a custom SQL function or aggregate from the connection.
    public func remove(function: DatabaseFunction) {
        checkAccess()
        _ = api.create_function_v2(
            sqliteConnection, function.name, Int32(function.argumentCount ?? -1), SQLITE.UTF8, nil, nil, nil, nil, nil)
    }
}
