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

    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Self? {
        Self.fromDatabaseValue(statement.databaseValue(at: index))
    }
}

extension Int64: _StandardStatementColumn {
    /// An INTEGER; nil for other values, decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Int64? {
        statement.storedInteger(at: index)
    }
}

extension DatabaseInteger where Self: _StandardStatementColumn {
    /// An INTEGER that fits; nil for other values, decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Self? {
        statement.storedInteger(at: index).flatMap(Self.init(exactly:))
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
    /// An INTEGER (false for zero); nil for other values, decoded as `fromDatabaseValue(_:)`
    /// decodes them.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Bool? {
        statement.storedInteger(at: index).map { $0 != 0 }
    }
}

extension Double: _StandardStatementColumn {
    /// A REAL; nil for other values, decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Double? {
        statement.storedReal(at: index)
    }
}

extension Float: _StandardStatementColumn {
    /// A REAL; nil for other values, decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Float? {
        statement.storedReal(at: index).map(Float.init)
    }
}

extension String: _StandardStatementColumn {
    /// A TEXT; nil for other values, decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> String? {
        statement.storedText(at: index)
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

    /// The value at `index`, NULL included.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> DatabaseValue? {
        statement.databaseValue(at: index)
    }
}
