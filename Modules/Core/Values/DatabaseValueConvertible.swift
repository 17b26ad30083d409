import Foundation

/// A type whose values can be stored in, and read from, a database column.
///
/// The standard library and Foundation types conform (integers, floating-point numbers, Bool,
/// String, Data, Date, UUID, URL, Decimal), and so do `RawRepresentable` types whose raw value
/// conforms, once they declare the conformance. A `Codable` type that declares the conformance
/// stores its single value (a wrapper of a string, say), or else its JSON text: see
/// ``databaseJSONEncoder()``.
///
/// A value binds to a statement parameter as its `databaseValue` (see ``StatementBinding``).
public protocol DatabaseValueConvertible: SQLExpressible, StatementBinding, Sendable {
    /// The database value of this value.
    var databaseValue: DatabaseValue { get }

    /// Returns a value decoded from a database value, or nil when it cannot be.
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self?

    /// Returns a value decoded from a missing column (nil by default; `Optional` returns `.none`).
    static func fromMissingColumn() -> Self?

    /// The value that value fetches read from a row: its leftmost one. Not for your code: the
    /// default implementation is `row.decode(Self.self, atIndex: 0)`, and the types that conform to
    /// `StatementColumnConvertible` read the value straight from the statement.
    static func _decodeLeftmostValue(of row: Row) throws -> Self

    /// The decoder of the JSON text of a `Decodable` type that conforms (dates as milliseconds since
    /// 1970, data as base64, non-finite numbers refused, by default).
    static func databaseJSONDecoder() -> JSONDecoder

    /// The encoder of the JSON text of an `Encodable` type that conforms (dates as milliseconds
    /// since 1970, data as base64, non-finite numbers refused, sorted keys, by default).
    static func databaseJSONEncoder() -> JSONEncoder
}

extension DatabaseValueConvertible {
    /// Missing columns cannot be decoded, by default.
    public static func fromMissingColumn() -> Self? { nil }

    /// Decodes the leftmost value of the row.
    public static func _decodeLeftmostValue(of row: Row) throws -> Self {
        try row.decode(Self.self, atIndex: 0)
    }
}

extension DatabaseValue: DatabaseValueConvertible {
    /// Returns self.
    public var databaseValue: DatabaseValue { self }

    /// Returns the value itself.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> DatabaseValue? { dbValue }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// NULL for `nil`, or the wrapped value's database value.
    public var databaseValue: DatabaseValue {
        switch self {
        case .none: return .null
        case .some(let value): return value.databaseValue
        }
    }

    /// `.some(nil)` for NULL, `.some(value)` when the wrapped type decodes it, nil otherwise.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Wrapped?? {
        if dbValue.isNull { return .some(nil) }
        guard let value = Wrapped.fromDatabaseValue(dbValue) else { return nil }
        return .some(value)
    }

    /// A missing column decodes as nil.
    public static func fromMissingColumn() -> Wrapped?? { .some(nil) }
}

extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    /// The database value of the raw value.
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    /// Decodes the raw value, then the value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(dbValue).flatMap(Self.init(rawValue:))
    }
}
