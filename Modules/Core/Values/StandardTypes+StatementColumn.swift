import Foundation

// The standard types read the values that SQLite stores in their own kind (an INTEGER into an
// integer, a TEXT into a String, …) straight from the statement. Other values, and the values of
// the other types, are decoded as `fromDatabaseValue(_:)` decodes them.

extension DatabaseValueConvertible {
    /// The value at `index` of the current row of a bare statement, decoded by `fromDatabaseValue(_:)`.
    fileprivate init?(decodingColumnOf sqliteStatement: SQLiteStatement, at index: CInt) {
        let api = DatabaseDriver.processAPI
        guard let value = Self.fromDatabaseValue(api.databaseValue(of: api.column_value(sqliteStatement, index))) else {
            return nil
        }
        self = value
    }
}

extension Int64: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// An INTEGER is read straight from the statement. Other values are decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Int64 {
        try row.withLeftmostStatementColumn { $0.storedInteger(at: $1) } ?? row.decode(Int64.self, atIndex: 0)
    }
}

extension DatabaseInteger where Self: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// An INTEGER that fits is read straight from the statement. Other values are decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Self {
        try row.withLeftmostStatementColumn { $0.storedInteger(at: $1).flatMap(Self.init(exactly:)) }
            ?? row.decode(Self.self, atIndex: 0)
    }
}

extension Int: StatementColumnConvertible {}
extension Int8: StatementColumnConvertible {}
extension Int16: StatementColumnConvertible {}
extension Int32: StatementColumnConvertible {}
extension UInt: StatementColumnConvertible {}
extension UInt8: StatementColumnConvertible {}
extension UInt16: StatementColumnConvertible {}
extension UInt32: StatementColumnConvertible {}
extension UInt64: StatementColumnConvertible {}

extension Bool: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// An INTEGER is read straight from the statement (false for zero). Other values are decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Bool {
        try row.withLeftmostStatementColumn { $0.storedInteger(at: $1).map { $0 != 0 } }
            ?? row.decode(Bool.self, atIndex: 0)
    }
}

extension Double: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// A REAL is read straight from the statement. Other values are decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Double {
        try row.withLeftmostStatementColumn { $0.storedReal(at: $1) } ?? row.decode(Double.self, atIndex: 0)
    }
}

extension Float: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// A REAL is read straight from the statement. Other values are decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> Float {
        try row.withLeftmostStatementColumn { $0.storedReal(at: $1).map(Float.init) }
            ?? row.decode(Float.self, atIndex: 0)
    }
}

extension String: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// A TEXT is read straight from the statement. Other values are decoded as `fromDatabaseValue(_:)` decodes them.
    public static func _decodeLeftmostValue(of row: Row) throws -> String {
        try row.withLeftmostStatementColumn { $0.storedText(at: $1) } ?? row.decode(String.self, atIndex: 0)
    }
}

extension Data: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public static func _decodeLeftmostValue(of row: Row) throws -> Data {
        try row.decode(Data.self, atIndex: 0)
    }
}

extension Date: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public static func _decodeLeftmostValue(of row: Row) throws -> Date {
        try row.decode(Date.self, atIndex: 0)
    }
}

extension UUID: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public static func _decodeLeftmostValue(of row: Row) throws -> UUID {
        try row.decode(UUID.self, atIndex: 0)
    }
}

extension Decimal: StatementColumnConvertible {
    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        self.init(decodingColumnOf: sqliteStatement, at: index)
    }

    /// Decodes the value as `fromDatabaseValue(_:)` does.
    public static func _decodeLeftmostValue(of row: Row) throws -> Decimal {
        try row.decode(Decimal.self, atIndex: 0)
    }
}

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
