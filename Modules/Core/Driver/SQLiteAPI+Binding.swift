import Foundation

// Binding a value to a parameter of a statement: the one implementation behind a statement's
// arguments and the public `StatementBinding` conformances. A statement passes the copies it keeps
// of its short arguments (`ArgumentBytes`); other callers pass nil, and SQLite copies the bytes.

extension SQLiteAPI {
    /// Binds a value to the parameter at `index` (1-based), and returns the result code of the
    /// `sqlite3_bind_*` function.
    func bind(_ value: DatabaseValue, to statement: SQLiteStatement, at index: CInt, copies: ArgumentBytes?) -> CInt {
        switch value.storage {
        case .null: return bind_null(statement, index)
        case .int64(let int64): return bind_int64(statement, index, int64)
        case .double(let double): return bind_double(statement, index, double)
        case .string(let string): return bind(string, to: statement, at: index, copies: copies)
        case .blob(let data): return bind(data, to: statement, at: index, copies: copies)
        }
    }

    /// Binds the UTF-8 bytes of a string, all of them (a NUL character included), as TEXT.
    func bind(_ string: String, to statement: SQLiteStatement, at index: CInt, copies: ArgumentBytes?) -> CInt {
        string.utf8.withContiguousStorageIfAvailable { bindText($0, to: statement, at: index, copies: copies) }
            ?? {
                var copy = string
                return copy.withUTF8 { bindText($0, to: statement, at: index, copies: copies) }
            }()
    }

    /// Binds the bytes of a `Data` as a BLOB (an empty one for empty data, never NULL).
    func bind(_ data: Data, to statement: SQLiteStatement, at index: CInt, copies: ArgumentBytes?) -> CInt {
        data.withUnsafeBytes { buffer in
            let (bytes, destructor) = copies?.binding(of: buffer) ?? ArgumentBytes.transientBinding(of: buffer)
            return bind_blob(statement, index, bytes, Int32(buffer.count), destructor)
        }
    }

    private func bindText(
        _ buffer: UnsafeBufferPointer<UInt8>, to statement: SQLiteStatement, at index: CInt, copies: ArgumentBytes?
    ) -> CInt {
        let raw = UnsafeRawBufferPointer(buffer)
        let (bytes, destructor) = copies?.binding(of: raw) ?? ArgumentBytes.transientBinding(of: raw)
        return bind_text(statement, index, bytes.assumingMemoryBound(to: CChar.self), Int32(buffer.count), destructor)
    }
}
