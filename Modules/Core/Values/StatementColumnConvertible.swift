/// A pointer to an SQLite prepared statement (`sqlite3_stmt *`).
public typealias SQLiteStatement = OpaquePointer

/// A type whose values are read straight from the columns of a statement, without building a
/// `DatabaseValue`: the fast path of value fetches.
///
/// The integers, `Bool`, `Double`, `Float`, `String`, `Data`, `Date`, `UUID` and `Decimal` conform,
/// and so does `Optional` when its wrapped type does. The values of a type that also conforms to
/// `DatabaseValueConvertible` are fetched with a ``FastDatabaseValueCursor``:
/// `Int.fetchAll(db, sql: "SELECT score FROM player")` reads each score with one call into SQLite.
///
/// The values read this way are the values that `fromDatabaseValue(_:)` decodes from the same
/// column, and a value that cannot be decoded throws the same `DatabaseError` (`SQLITE_MISMATCH`).
///
/// A type of your own conforms with `init?(sqliteStatement:index:)`, which reads the column with
/// SQLite's C functions (`sqlite3_column_int64`, …), and is not called for NULL:
///
/// ```swift
/// extension Meters: StatementColumnConvertible {
///     init?(sqliteStatement: SQLiteStatement, index: CInt) {
///         self.init(value: sqlite3_column_double(sqliteStatement, index))
///     }
/// }
/// ```
///
/// A `RawRepresentable` type whose raw value conforms conforms by declaring it.
public protocol StatementColumnConvertible {
    /// The value at `index` of the current row of a statement, or nil when it cannot be decoded
    /// (NULL decodes as nil, except into an optional). Do not implement it: the default
    /// implementation checks for NULL, then calls `init?(sqliteStatement:index:)`.
    static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Self?

    /// Decodes the value at `index` of the current row of a statement, which is not NULL, or
    /// returns nil when it cannot.
    init?(sqliteStatement: SQLiteStatement, index: CInt)

    /// The value at `index` of the current row of a statement, read without building a
    /// `DatabaseValue`, or nil when it is to be decoded with `fromDatabaseValue(_:)` instead (NULL,
    /// or a kind of value the type does not read straight). Not for your code: the default
    /// implementation calls `init?(sqliteStatement:index:)` unless the value is NULL.
    static func _straightValue(from statement: Statement, atIndex index: CInt) -> Self?
}

extension StatementColumnConvertible {
    /// Checks for NULL (nil), then calls `init?(sqliteStatement:index:)`.
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Self? {
        let api = DatabaseDriver.processAPI
        guard api.value_type(api.column_value(sqliteStatement, index)) != SQLITE.NULL else { return nil }
        return Self(sqliteStatement: sqliteStatement, index: index)
    }

    /// Calls `init?(sqliteStatement:index:)`, unless the value is NULL.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Self? {
        statement.isNull(at: index) ? nil : Self(sqliteStatement: statement.sqliteStatement, index: index)
    }
}

extension StatementColumnConvertible where Self: RawRepresentable, RawValue: StatementColumnConvertible {
    /// Decodes the raw value, then the value.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let rawValue = RawValue(sqliteStatement: sqliteStatement, index: index) else { return nil }
        self.init(rawValue: rawValue)
    }

    /// Reads the raw value as its type reads it, then the value.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Self? {
        RawValue._straightValue(from: statement, atIndex: index).flatMap(Self.init(rawValue:))
    }
}

extension Optional: StatementColumnConvertible where Wrapped: StatementColumnConvertible {
    /// NULL decodes as `.some(nil)`; other values as the wrapped type decodes them.
    public static func fromStatement(_ sqliteStatement: SQLiteStatement, atUncheckedIndex index: CInt) -> Wrapped?? {
        let api = DatabaseDriver.processAPI
        guard api.value_type(api.column_value(sqliteStatement, index)) != SQLITE.NULL else { return .some(nil) }
        return Wrapped(sqliteStatement: sqliteStatement, index: index).map(Optional.some)
    }

    /// Decodes the wrapped value.
    public init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let wrapped = Wrapped(sqliteStatement: sqliteStatement, index: index) else { return nil }
        self = .some(wrapped)
    }

    /// The wrapped value as its type reads it, or `.some(nil)` for NULL.
    public static func _straightValue(from statement: Statement, atIndex index: CInt) -> Wrapped?? {
        if let wrapped = Wrapped._straightValue(from: statement, atIndex: index) { return .some(wrapped) }
        return statement.isNull(at: index) ? .some(nil) : nil
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    /// Reads the leftmost value straight from the statement, or decodes it with
    /// `fromDatabaseValue(_:)` when it cannot be read so (NULL, another kind of value, a copied
    /// row).
    public static func _decodeLeftmostValue(of row: Row) throws -> Self {
        try row.withLeftmostStatementColumn(_straightValue(from:atIndex:)) ?? row.decode(Self.self, atIndex: 0)
    }
}
