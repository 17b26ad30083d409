/// How FTS5 records a token that a tokenizer gives it: the `FTS5_TOKEN_*` flags of the `xToken`
/// callback (<https://www.sqlite.org/fts5.html#custom_tokenizers>).
public struct FTS5TokenFlags: OptionSet, Sendable {
    /// The `FTS5_TOKEN_*` flags.
    public let rawValue: CInt

    /// Flags of the given `FTS5_TOKEN_*` value.
    public init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// `FTS5_TOKEN_COLOCATED`: the token is at the position of the previous one, as a synonym of
    /// it (<https://www.sqlite.org/fts5.html#synonym_support>). The first token of a text can't be
    /// colocated.
    public static let colocated = FTS5TokenFlags(rawValue: 0x0001)
}
