import Foundation

// The standard types whose database value is one of SQLite's storage classes bind straight, with
// the matching `sqlite3_bind_*` function, without building a `DatabaseValue`. What they bind is
// their `databaseValue`. The other types (`Date`, `UUID`, `Decimal`, …) bind their database value.

extension DatabaseValue: StatementBinding {
    /// Binds the value: NULL, an INTEGER, a REAL, a TEXT or a BLOB.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind(self, to: sqliteStatement, at: index, copies: nil)
    }
}

extension Int64 {
    /// Binds an INTEGER.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind_int64(sqliteStatement, index, self)
    }
}

extension DatabaseInteger {
    /// Binds an INTEGER. UInt64 values above `Int64.max` trap, as their `databaseValue` does.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind_int64(sqliteStatement, index, Int64(self))
    }
}

extension Bool {
    /// Binds the INTEGER 1 for true, 0 for false.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind_int64(sqliteStatement, index, self ? 1 : 0)
    }
}

extension Double {
    /// Binds a REAL.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind_double(sqliteStatement, index, self)
    }
}

extension Float {
    /// Binds a REAL.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind_double(sqliteStatement, index, Double(self))
    }
}

extension String {
    /// Binds a TEXT of the UTF-8 bytes of the string, copied by SQLite.
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind(self, to: sqliteStatement, at: index, copies: nil)
    }
}

extension Data {
    /// Binds a BLOB of the bytes, copied by SQLite (an empty BLOB for empty data).
    public func bind(to sqliteStatement: SQLiteStatement, at index: CInt) -> CInt {
        DatabaseDriver.processAPI.bind(self, to: sqliteStatement, at: index, copies: nil)
    }
}
