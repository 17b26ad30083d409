import Foundation

/// A custom SQL function, written in Swift.
///
/// ```swift
/// let reverse = DatabaseFunction("reverse", argumentCount: 1, pure: true) { values in
///     String.fromDatabaseValue(values[0]).map { String($0.reversed()) }
/// }
/// db.add(function: reverse)
/// try String.fetchOne(db, sql: "SELECT reverse('abc')") // "cba"
/// ```
public final class DatabaseFunction: Sendable {
    /// The name of the function in SQL.
    public let name: String
    /// The number of arguments, or nil for any number.
    public let argumentCount: Int?
    /// Whether the function always returns the same result for the same arguments.
    public let isPure: Bool
    let function: @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?

    /// Creates a function. An error thrown by `function` fails the statement that calls it.
    public init(
        _ name: String, argumentCount: Int? = nil, pure: Bool = false,
        function: @escaping @Sendable ([DatabaseValue]) throws -> (any DatabaseValueConvertible)?
    ) {
        self.name = name
        self.argumentCount = argumentCount
        self.isPure = pure
        self.function = function
    }
}

/// `sqlite3_user_data` of the library the process runs, for the C callback of functions.
private let processUserData = LockedValue<(@convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?)?>(nil)

/// What the C callback of a function needs: the function and the driver's entry points.
private final class FunctionContext {
    let function: DatabaseFunction
    let api: SQLiteAPI

    init(function: DatabaseFunction, api: SQLiteAPI) {
        self.function = function
        self.api = api
    }

    /// Runs the function with the SQL arguments, and sets its result or its error.
    func call(_ sqliteContext: OpaquePointer?, _ argumentCount: Int, _ arguments: UnsafeMutablePointer<OpaquePointer?>?)
    {
        let values = (0..<argumentCount).map { index in api.databaseValue(of: arguments![index]) }
        do {
            switch try function.function(values)?.databaseValue.storage ?? .null {
            case .null:
                api.result_null(sqliteContext)
            case .int64(let int64):
                api.result_int64(sqliteContext, int64)
            case .double(let double):
                api.result_double(sqliteContext, double)
            case .string(var string):
                string.withUTF8 { buffer in
                    api.result_text(
                        sqliteContext,
                        UnsafeRawPointer(buffer.baseAddress ?? StaticString("").utf8Start)
                            .assumingMemoryBound(to: CChar.self), Int32(buffer.count), SQLITE.TRANSIENT)
                }
            case .blob(let data):
                data.withUnsafeBytes { buffer in
                    api.result_blob(
                        sqliteContext, buffer.baseAddress ?? UnsafeRawPointer(StaticString("").utf8Start),
                        Int32(buffer.count), SQLITE.TRANSIENT)
                }
            }
        } catch {
            let databaseError = error as? DatabaseError
            api.result_error(sqliteContext, databaseError?.message ?? "\(error)", -1)
            // After the message: SQLite's statement then fails with the error's own code.
            if let databaseError { api.result_error_code(sqliteContext, databaseError.extendedResultCode.rawValue) }
        }
    }
}

extension Database {
    /// Adds a custom SQL function to the connection (or replaces the one of the same name and
    /// argument count).
    public func add(function: DatabaseFunction) {
        checkAccess()
        processUserData.withLock { $0 = api.user_data }
        let context = Unmanaged.passRetained(FunctionContext(function: function, api: api)).toOpaque()
        let flags = SQLITE.UTF8 | (function.isPure ? SQLITE.DETERMINISTIC : 0)
        let code = api.create_function_v2(
            sqliteConnection, function.name, Int32(function.argumentCount ?? -1), flags, context,
            { sqliteContext, argumentCount, arguments in
                // A C callback captures nothing: the entry point that reads the context comes from
                // the process-wide copy (a process loads one SQLite library, so there is only one).
                guard let userData = processUserData.withLock({ $0 })?(sqliteContext) else { return }
                Unmanaged<FunctionContext>.fromOpaque(userData).takeUnretainedValue()
                    .call(sqliteContext, Int(argumentCount), arguments)
            },
            nil, nil,
            { context in Unmanaged<FunctionContext>.fromOpaque(context!).release() })
        precondition(code == SQLITE.OK, "could not add function \(function.name): code \(code)")
    }

    /// Removes a custom SQL function from the connection.
    public func remove(function: DatabaseFunction) {
        checkAccess()
        _ = api.create_function_v2(
            sqliteConnection, function.name, Int32(function.argumentCount ?? -1), SQLITE.UTF8, nil, nil, nil, nil, nil)
    }
}
