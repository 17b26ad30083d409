/// A custom SQL aggregate function, written in Swift: SQLite creates one value of the type for
/// each group that it aggregates, calls `step(_:)` for each row of the group, then `finalize()`.
///
/// ```swift
/// struct MaxLength: DatabaseAggregate {
///     var maxLength = 0
///
///     mutating func step(_ dbValues: [DatabaseValue]) {
///         if let string = String.fromDatabaseValue(dbValues[0]) {
///             maxLength = max(maxLength, string.count)
///         }
///     }
///
///     func finalize() -> (any DatabaseValueConvertible)? { maxLength }
/// }
///
/// let maxLength = DatabaseFunction("maxLength", argumentCount: 1, aggregate: MaxLength.self)
/// db.add(function: maxLength)
/// try Int.fetchOne(db, sql: "SELECT maxLength(name) FROM player")
/// ```
///
/// An error thrown by `step(_:)` or `finalize()` fails the statement, with the error's code and
/// message when it is a `DatabaseError`.
public protocol DatabaseAggregate: SendableMetatype {
    /// Creates the state of one aggregation, before its first row.
    init()

    /// Adds a row to the aggregation: `dbValues` holds the arguments of the SQL call, as many as
    /// the function's `argumentCount` when it has one.
    mutating func step(_ dbValues: [DatabaseValue]) throws

    /// The result of the aggregation, after its last row (`nil` is NULL). A group without rows,
    /// such as the one of an empty table, calls it on a fresh value.
    func finalize() throws -> (any DatabaseValueConvertible)?
}
