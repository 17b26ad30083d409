import Foundation

// The standard types read the values that SQLite stores in their own kind (an INTEGER into an
// integer, a TEXT into a String, …) straight from the statement. Other values, and the values of
// the other types, are decoded as `fromDatabaseValue(_:)` decodes them.

/// The standard types that conform to `StatementColumnConvertible`: what they read from a
/// statement is what `fromDatabaseValue(_:)` decodes. Not for applications.
public protocol _StandardStatementColumn: DatabaseValueConvertible, StatementColumnConvertible {}

extension _StandardStatementColumn {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        let api = DatabaseDriver.processAPI
        guard let value = Self.fromDatabaseValue(api.databaseValue(of: api.column_value(sqliteStatement, index))) else {
            return nil
        }
        self = value
    }

    /// Decodes the leftmost value as `fromDatabaseValue(_:)` does.
    public static func _decodeLeftmostValue(of row: Row) throws -> Self {
        try row.decode(Self.self, atIndex: 0)
    }
}

extension Int64: _StandardStatementColumn {
    /// An INTEGER is read straight from the statement. Other values are decoded as
    /// `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Int64 {
        try row.withLeftmostStatementColumn { $0.storedInteger(at: $1) } ?? row.decode(Int64.self, atIndex: 0)
    }
}

extension DatabaseInteger where Self: _StandardStatementColumn {
    /// An INTEGER that fits is read straight from the statement. Other values are decoded as
    /// `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Self {
        try row.withLeftmostStatementColumn { $0.storedInteger(at: $1).flatMap(Self.init(exactly:)) }
            ?? row.decode(Self.self, atIndex: 0)
    }
}

extension Int: _StandardStatementColumn {}
extension Int8: _StandardStatementColumn {}
extension Int16: _StandardStatementColumn {}
extension Int32: _StandardStatementColumn {}
extension UInt: _StandardStatementColumn {}
extension UInt8: _StandardStatementColumn {}
extension UInt16: _StandardStatementColumn {}
extension UInt32: _StandardStatementColumn {}
extension UInt64: _StandardStatementColumn {}

extension Bool: _StandardStatementColumn {
    /// An INTEGER is read straight from the statement (false for zero). Other values are decoded as
    /// `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Bool {
        try row.withLeftmostStatementColumn { $0.storedInteger(at: $1).map { $0 != 0 } }
            ?? row.decode(Bool.self, atIndex: 0)
    }
}

extension Double: _StandardStatementColumn {
    /// A REAL is read straight from the statement. Other values are decoded as
    /// `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Double {
        try row.withLeftmostStatementColumn { $0.storedReal(at: $1) } ?? row.decode(Double.self, atIndex: 0)
    }
}

extension Float: _StandardStatementColumn {
    /// A REAL is read straight from the statement. Other values are decoded as
    /// `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Float {
        try row.withLeftmostStatementColumn { $0.storedReal(at: $1).map(Float.init) }
            ?? row.decode(Float.self, atIndex: 0)
    }
}

extension String: _StandardStatementColumn {
    /// A TEXT is read straight from the statement. Other values are decoded as
    /// `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> String {
        try row.withLeftmostStatementColumn { $0.storedText(at: $1) } ?? row.decode(String.self, atIndex: 0)
    }
}

extension Data: _StandardStatementColumn {}
extension Date: _StandardStatementColumn {}
extension UUID: _StandardStatementColumn {}
extension Decimal: _StandardStatementColumn {}

extension DatabaseValue: StatementColumnConvertible {
    /// The value at `index`.
    public init(sqliteStatement: SQLiteStatement, index: CInt) {
        let api = DatabaseDriver.processAPI
        self = api.databaseValue(of: api.column_value(sqliteStatement, index))
    }

    /// The leftmost value, NULL included.
    public static func _decodeLeftmostValue(of row: Row) throws -> DatabaseValue {
        row.databaseValue(atIndex: 0)
    }
}
