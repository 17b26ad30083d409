import RSCore

/// What crosses the C functions of FTS5 tokenizers: tokens as bytes, and errors as result codes.
enum FTS5Callbacks {
    /// The result code that a C function of a tokenizer returns for a Swift error: the extended code
    /// of a `DatabaseError`, `SQLITE_ERROR` for other errors, and for a `DatabaseError` whose code
    /// is not an error (`SQLITE_OK`, `SQLITE_ROW`, `SQLITE_DONE`).
    static func resultCode(for error: any Error) -> CInt {
        guard let error = error as? DatabaseError else { return ResultCode.SQLITE_ERROR.rawValue }
        switch error.resultCode {
        case .SQLITE_OK, .SQLITE_ROW, .SQLITE_DONE: return ResultCode.SQLITE_ERROR.rawValue
        default: return error.extendedResultCode.rawValue
        }
    }

    /// The token of the bytes that FTS5 or a tokenizer gives to `xToken`; nil when they are not
    /// UTF-8.
    static func token(_ bytes: UnsafePointer<CChar>?, count: CInt) -> String? {
        guard let bytes else { return count == 0 ? "" : nil }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: Int(count))
        let token = String(decoding: buffer, as: UTF8.self)
        // Decoding repairs bytes that are not UTF-8: the repaired string has other bytes.
        return token.utf8.elementsEqual(buffer) ? token : nil
    }

    /// Calls `body` with the UTF-8 bytes of a string, as the C functions of tokenizers take them.
    static func withBytes<T>(of string: String, _ body: (UnsafePointer<CChar>?, CInt) throws -> T) rethrows -> T {
        var string = string
        return try string.withUTF8 { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress, CInt($0.count)) }
        }
    }
}
