import RSCore

extension Database {
    /// Makes an FTS5 tokenizer that the connection knows: one of SQLite's, or one that
    /// ``add(tokenizer:)`` registered.
    ///
    /// ```swift
    /// let unicode61 = try db.makeTokenizer(.unicode61())
    /// try unicode61.tokenize(document: "Jérôme")   // [("jerome", [])]
    /// ```
    ///
    /// An ``FTS5WrapperTokenizer`` makes the tokenizer it wraps with it, in its initializer. The
    /// tokenizer belongs to the connection: use it only inside the database accesses of this
    /// connection.
    ///
    /// - throws: A `DatabaseError`: `SQLITE_ERROR` for a tokenizer that the connection does not know
    ///   ("no such tokenizer: …"), or when the SQLite of the connection has no FTS5; the error code
    ///   of the tokenizer when it refuses its arguments; `SQLITE_MISUSE` for a descriptor without
    ///   components.
    public func makeTokenizer(_ descriptor: FTS5TokenizerDescriptor) throws -> any FTS5Tokenizer {
        guard let name = descriptor.components.first else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "a tokenizer descriptor needs the name of the tokenizer")
        }
        let fts5 = try fts5EntryPoints()
        var context: UnsafeMutableRawPointer?
        var create: SQLiteAPI.FTS5CreateCallback?
        var delete: SQLiteAPI.FTS5DeleteCallback?
        var tokenize: SQLiteAPI.FTS5TokenizeCallback?
        let code = fts5.findTokenizer(fts5.api, name, &context, &create, &delete, &tokenize)
        guard code == ResultCode.SQLITE_OK.rawValue, let create, let delete, let tokenize else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such tokenizer: \(name)")
        }
        var instance: OpaquePointer?
        let createCode = Self.withCStrings(Array(descriptor.components.dropFirst())) { arguments, count in
            create(context, arguments, count, &instance)
        }
        guard createCode == ResultCode.SQLITE_OK.rawValue, let instance else {
            let resultCode =
                createCode == ResultCode.SQLITE_OK.rawValue ? .SQLITE_ERROR : ResultCode(rawValue: createCode)
            throw DatabaseError(resultCode: resultCode, message: "error in tokenizer constructor: \(name)")
        }
        return FTS5FoundTokenizer(instance: instance, delete: delete, tokenize: tokenize)
    }

    /// Calls `body` with the strings as an array of C strings (`const char **`) and its count.
    private static func withCStrings<T>(
        _ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>?, CInt) -> T
    ) -> T {
        var bytes: [CChar] = []
        var offsets: [Int] = []
        for string in strings {
            offsets.append(bytes.count)
            bytes.append(contentsOf: string.utf8.map { CChar(bitPattern: $0) })
            bytes.append(0)
        }
        return bytes.withUnsafeBufferPointer { bytes in
            var pointers: [UnsafePointer<CChar>?] = offsets.map { offset in bytes.baseAddress.map { $0 + offset } }
            return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress, CInt($0.count)) }
        }
    }
}

/// A tokenizer instance that FTS5 created, reached through the C functions of its tokenizer.
private final class FTS5FoundTokenizer: FTS5Tokenizer {
    /// The `Fts5Tokenizer *` that `xCreate` returned.
    private let instance: OpaquePointer
    /// `xDelete`.
    private let delete: SQLiteAPI.FTS5DeleteCallback
    /// `xTokenize`.
    private let tokenizeFunction: SQLiteAPI.FTS5TokenizeCallback

    init(
        instance: OpaquePointer, delete: @escaping SQLiteAPI.FTS5DeleteCallback,
        tokenize: @escaping SQLiteAPI.FTS5TokenizeCallback
    ) {
        self.instance = instance
        self.delete = delete
        self.tokenizeFunction = tokenize
    }

    deinit {
        delete(instance)
    }

    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        tokenizeFunction(instance, context, tokenization.rawValue, pText, nText, tokenCallback)
    }
}
