import Foundation

extension SQLiteAPI {
    /// The `DatabaseValue` of an `sqlite3_value`: a column of the current row
    /// (`sqlite3_column_value`) or an argument of a SQL function.
    ///
    /// Reading a column through its `sqlite3_value` costs one checked call into SQLite
    /// (`sqlite3_column_value`) instead of two (`sqlite3_column_type`, then the typed getter); the
    /// value must be read before the statement steps again, as this function does. (SQLite calls
    /// such a value unprotected: safe here, since a connection is used by one thread at a time.)
    func databaseValue(of value: OpaquePointer?) -> DatabaseValue {
        switch value_type(value) {
        case SQLITE.INTEGER:
            return DatabaseValue(storage: .int64(value_int64(value)))
        case SQLITE.FLOAT:
            return DatabaseValue(storage: .double(value_double(value)))
        case SQLITE.TEXT:
            return DatabaseValue(storage: .string(string(of: value)))
        case SQLITE.BLOB:
            let bytes = value_blob(value)
            let count = Int(value_bytes(value))
            return DatabaseValue(storage: .blob(bytes.map { Data(bytes: $0, count: count) } ?? Data()))
        default:
            return .null
        }
    }

    /// The integer of an `sqlite3_value` that SQLite stores as an integer, or nil.
    func storedInteger(of value: OpaquePointer?) -> Int64? {
        value_type(value) == SQLITE.INTEGER ? value_int64(value) : nil
    }

    /// The real number of an `sqlite3_value` that SQLite stores as a real, or nil.
    func storedReal(of value: OpaquePointer?) -> Double? {
        value_type(value) == SQLITE.FLOAT ? value_double(value) : nil
    }

    /// The string of an `sqlite3_value` that SQLite stores as text, or nil.
    func storedText(of value: OpaquePointer?) -> String? {
        value_type(value) == SQLITE.TEXT ? string(of: value) : nil
    }

    /// Calls `body` with the bytes of a BLOB or TEXT `sqlite3_value`, without copying them, or with
    /// nil for NULL; returns nil, without calling `body`, for a number. The bytes are valid until
    /// the statement steps again.
    func withUnsafeData<T>(of value: OpaquePointer?, _ body: (Data?) throws -> T) rethrows -> T? {
        let bytes: UnsafeRawPointer?
        switch value_type(value) {
        case SQLITE.NULL: return try body(nil)
        case SQLITE.BLOB: bytes = value_blob(value)
        case SQLITE.TEXT: bytes = value_text(value).map(UnsafeRawPointer.init)
        default: return nil
        }
        // SQLite gives no pointer for an empty value.
        guard let bytes else { return try body(Data()) }
        let count = Int(value_bytes(value))
        return try body(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes), count: count, deallocator: .none))
    }

    private func string(of value: OpaquePointer?) -> String {
        // Text first, then its length: the order SQLite documents for reading a converted value.
        let bytes = value_text(value)
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(value_bytes(value))), as: UTF8.self)
    }
}
