import RSCore

/// The C function through which an ``FTS5Tokenizer`` gives FTS5 each token: FTS5's `xToken`
/// (<https://www.sqlite.org/fts5.html#custom_tokenizers>).
///
/// Its arguments are the `context` that the tokenizer received, the ``FTS5TokenFlags`` of the
/// token, the token's UTF-8 bytes and their count, and the byte offsets of the token's start and
/// end in the tokenized text. It returns `SQLITE_OK`, or an error code that the tokenizer must
/// return at once.
public typealias FTS5TokenCallback =
    @convention(c) (
        _ context: UnsafeMutableRawPointer?,
        _ flags: CInt,
        _ pToken: UnsafePointer<CChar>?,
        _ nToken: CInt,
        _ iStart: CInt,
        _ iEnd: CInt
    ) -> CInt

/// A tokenizer of ``FTS5`` tables: what splits their text into tokens.
///
/// A connection makes the tokenizers it knows, SQLite's and those of ``RSCore/Database/add(tokenizer:)``,
/// with ``RSCore/Database/makeTokenizer(_:)``:
///
/// ```swift
/// let porter = try db.makeTokenizer(.porter())
/// try porter.tokenize(query: "SQLite databases")   // [("sqlite", []), ("databas", [])]
/// ```
///
/// A tokenizer of ``RSCore/Database/makeTokenizer(_:)`` belongs to its connection: use it only inside
/// the database accesses of that connection.
///
/// To write a tokenizer, adopt ``FTS5CustomTokenizer``, or ``FTS5WrapperTokenizer`` to change the
/// tokens of another tokenizer.
public protocol FTS5Tokenizer: AnyObject {
    /// Gives each token of a text to `tokenCallback`: FTS5's `xTokenize`
    /// (<https://www.sqlite.org/fts5.html#custom_tokenizers>).
    ///
    /// - parameters:
    ///   - context: The first argument of each call to `tokenCallback`.
    ///   - tokenization: Why FTS5 asks for the tokens.
    ///   - pText: The UTF-8 bytes of the text, not always nul-terminated.
    ///   - nText: The count of bytes of the text.
    ///   - tokenCallback: The function to call for each token, in order.
    /// - returns: `SQLITE_OK`, or an error code (the one `tokenCallback` returned, say).
    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt
}

extension FTS5Tokenizer {
    /// The tokens of a string, as FTS5 indexes them in a table:
    /// `try tokenizer.tokenize(document: "first place")`.
    ///
    /// Tokens that are not UTF-8 are left out.
    ///
    /// - throws: A `DatabaseError` of the error code the tokenizer returns.
    public func tokenize(document string: String) throws -> [(token: String, flags: FTS5TokenFlags)] {
        try tokens(of: string, for: .document)
    }

    /// The tokens of a string, as FTS5 reads them in a MATCH pattern:
    /// `try tokenizer.tokenize(query: "first place")`.
    ///
    /// Tokens that are not UTF-8 are left out.
    ///
    /// - throws: A `DatabaseError` of the error code the tokenizer returns.
    public func tokenize(query string: String) throws -> [(token: String, flags: FTS5TokenFlags)] {
        try tokens(of: string, for: .query)
    }

    /// The tokens of a string, and their flags.
    private func tokens(of string: String, for tokenization: FTS5Tokenization) throws
        -> [(token: String, flags: FTS5TokenFlags)]
    {
        guard !string.isEmpty else { return [] }
        let collector = FTS5TokenCollector()
        let code = FTS5Callbacks.withBytes(of: string) { text, count in
            tokenize(
                context: Unmanaged.passUnretained(collector).toOpaque(), tokenization: tokenization, pText: text,
                nText: count
            ) { context, flags, token, count, _, _ in
                guard let context else { return ResultCode.SQLITE_MISUSE.rawValue }
                if let token = FTS5Callbacks.token(token, count: count) {
                    Unmanaged<FTS5TokenCollector>.fromOpaque(context).takeUnretainedValue().tokens.append(
                        (token, FTS5TokenFlags(rawValue: flags)))
                }
                return ResultCode.SQLITE_OK.rawValue
            }
        }
        guard code == ResultCode.SQLITE_OK.rawValue else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "the FTS5 tokenizer failed")
        }
        return collector.tokens
    }
}

/// The tokens that `tokenize(document:)` and `tokenize(query:)` collect.
private final class FTS5TokenCollector {
    var tokens: [(token: String, flags: FTS5TokenFlags)] = []
}
