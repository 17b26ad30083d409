import RSCore

/// The function through which an ``FTS5WrapperTokenizer`` gives FTS5 each of its tokens, with its
/// flags. It throws when FTS5 refuses the token: let the error go.
public typealias FTS5WrapperTokenCallback = (_ token: String, _ flags: FTS5TokenFlags) throws -> Void

/// An ``FTS5CustomTokenizer`` that changes the tokens of another tokenizer, one by one: it can
/// give each one as it is, change it, leave it out, or add synonyms.
///
/// ```swift
/// final class StopWordsTokenizer: FTS5WrapperTokenizer {
///     static let name = "stop_words"
///     let wrappedTokenizer: any FTS5Tokenizer
///
///     init(db: Database, arguments: [String]) throws {
///         wrappedTokenizer = try db.makeTokenizer(.unicode61())
///     }
///
///     func accept(
///         token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
///         tokenCallback: FTS5WrapperTokenCallback
///     ) throws {
///         if !["a", "the"].contains(token) { try tokenCallback(token, flags) }
///     }
/// }
/// ```
public protocol FTS5WrapperTokenizer: FTS5CustomTokenizer {
    /// The tokenizer whose tokens ``accept(token:flags:for:tokenCallback:)`` receives.
    var wrappedTokenizer: any FTS5Tokenizer { get }

    /// Gives FTS5, through `tokenCallback`, the tokens that stand for one token of the wrapped
    /// tokenizer: none, one, or several.
    ///
    /// Give the flags as they come, but for synonyms: a synonym that follows a token at its position
    /// has the ``FTS5TokenFlags/colocated`` flag (<https://www.sqlite.org/fts5.html#synonym_support>).
    /// Let the errors of `tokenCallback` go. An error thrown here stops the tokenization, and fails
    /// the statement with a `DatabaseError`: the extended code of a `DatabaseError`, and
    /// `SQLITE_ERROR` for other errors.
    ///
    /// - parameters:
    ///   - token: A token of the wrapped tokenizer.
    ///   - flags: Its flags.
    ///   - tokenization: Why FTS5 asks for the tokens.
    ///   - tokenCallback: The function to call for each token given to FTS5.
    func accept(
        token: String,
        flags: FTS5TokenFlags,
        for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws
}

extension FTS5WrapperTokenizer {
    /// Gives each token of the wrapped tokenizer to ``accept(token:flags:for:tokenCallback:)``,
    /// whose tokens go to `tokenCallback`, at the byte offsets of the wrapped token. The tokens of
    /// the wrapped tokenizer that are not UTF-8 are left out.
    public func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        var relay = FTS5WrapperRelay(
            wrapper: self, context: context, tokenization: tokenization, tokenCallback: tokenCallback)
        return withUnsafeMutablePointer(to: &relay) { relay in
            wrappedTokenizer.tokenize(context: relay, tokenization: tokenization, pText: pText, nText: nText) {
                relay, flags, token, count, start, end in
                guard let relay else { return ResultCode.SQLITE_MISUSE.rawValue }
                return relay.assumingMemoryBound(to: FTS5WrapperRelay.self).pointee.accept(
                    token, count: count, flags: flags, start: start, end: end)
            }
        }
    }
}

/// What the tokens of the wrapped tokenizer go through: the wrapper's
/// ``FTS5WrapperTokenizer/accept(token:flags:for:tokenCallback:)``, then FTS5.
private struct FTS5WrapperRelay {
    let wrapper: any FTS5WrapperTokenizer
    /// The context of FTS5's `tokenCallback`.
    let context: UnsafeMutableRawPointer?
    let tokenization: FTS5Tokenization
    let tokenCallback: FTS5TokenCallback

    /// Gives a token of the wrapped tokenizer to the wrapper, and its tokens to FTS5; returns the
    /// result code of the wrapped tokenizer's callback.
    func accept(_ bytes: UnsafePointer<CChar>?, count: CInt, flags: CInt, start: CInt, end: CInt) -> CInt {
        guard let token = FTS5Callbacks.token(bytes, count: count) else { return ResultCode.SQLITE_OK.rawValue }
        do {
            try wrapper.accept(token: token, flags: FTS5TokenFlags(rawValue: flags), for: tokenization) {
                token, flags in
                let code = FTS5Callbacks.withBytes(of: token) { bytes, count in
                    tokenCallback(context, flags.rawValue, bytes, count, start, end)
                }
                guard code == ResultCode.SQLITE_OK.rawValue else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "FTS5 refused the token")
                }
            }
            return ResultCode.SQLITE_OK.rawValue
        } catch {
            return FTS5Callbacks.resultCode(for: error)
        }
    }
}
