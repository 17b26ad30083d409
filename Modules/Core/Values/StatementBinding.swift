/// A type whose values bind to a parameter of a prepared statement, with SQLite's C functions
/// (`sqlite3_bind_int64`, `sqlite3_bind_text`, …).
///
/// Every `DatabaseValueConvertible` type conforms: by default it binds its `databaseValue`, and the
/// integers, `Bool`, `Double`, `Float`, `String` and `Data` bind straight, without building one.
/// `DatabaseValue` conforms, and so does `Optional` when its wrapped type does (nil binds NULL).
///
/// Statement arguments bind themselves: the protocol is for code that holds a bare SQLite
/// statement. Parameters are numbered from 1, and the result is SQLite's result code:
///
/// ```swift
/// let statement = try db.makeStatement(sql: "SELECT ?")
/// let code = "Arthur".bind(to: statement.sqliteStatement, at: 1)  // 0 (SQLITE_OK)
/// ```
///
/// A `Statement` that runs through the library (`execute`, fetches) binds its own `arguments`
/// first, over such bindings.
///
/// A `RawRepresentable` type whose raw value conforms binds its raw value, once it declares the
/// conformance.
public protocol StatementBinding {
    /// Binds this value to the parameter at `index` (1-based) of a statement, and returns the result
    /// code of the `sqlite3_bind_*` function: `SQLITE_OK` (0), or `SQLITE_RANGE` (25) for an index
    /// that names no parameter. Text and blob bytes are copied: the value need not outlive the
    /// binding.
    func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt
}

extension DatabaseValueConvertible {
    /// Binds the database value.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        databaseValue.bind(to: sqliteStatement, at: index)
    }
}

extension StatementBinding where Self: RawRepresentable, RawValue: StatementBinding {
    /// Binds the raw value.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        rawValue.bind(to: sqliteStatement, at: index)
    }
}

extension Optional: StatementBinding where Wrapped: StatementBinding {
    /// Binds NULL for nil, or else the wrapped value.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        switch self {
        case .none: return DatabaseDriver.processAPI.bind_null(sqliteStatement, index)
        case .some(let wrapped): return wrapped.bind(to: sqliteStatement, at: index)
        }
    }
}
