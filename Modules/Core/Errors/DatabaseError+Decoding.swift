extension DatabaseError {
    /// The error of a value of a column that does not decode as the requested type (`SQLITE_MISMATCH`):
    /// "could not decode Int32 from database value 3000000000 at column `score`", then the index of
    /// the column in its row, and the reason, when they are given.
    static func decodingMismatch(
        _ type: Any.Type, from dbValue: DatabaseValue, column: String, index: Int? = nil, reason: String? = nil,
        sql: String?
    ) -> DatabaseError {
        var message = "could not decode \(type) from database value \(dbValue) at column `\(column)`"
        if let index { message += " (index \(index))" }
        if let reason { message += ": " + reason }
        return DatabaseError(resultCode: .SQLITE_MISMATCH, message: message, sql: sql)
    }

    /// The error of a value fetch whose row adapter leaves no column to read the values from
    /// (`SQLITE_MISUSE`).
    static func noColumnToFetch(_ type: Any.Type, sql: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE, message: "the row adapter leaves no column to fetch \(type) from", sql: sql)
    }
}
