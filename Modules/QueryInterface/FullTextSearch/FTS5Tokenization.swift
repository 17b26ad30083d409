/// Why FTS5 asks a tokenizer for the tokens of a text: the `FTS5_TOKENIZE_*` flags of the
/// `xTokenize` function (<https://www.sqlite.org/fts5.html#custom_tokenizers>).
///
/// A synonym tokenizer, for example, adds synonyms to the tokens of documents, and leaves queries
/// alone: `if tokenization.contains(.query) { … }`.
public struct FTS5Tokenization: OptionSet, Sendable {
    /// The `FTS5_TOKENIZE_*` flags.
    public let rawValue: CInt

    /// Tokenization of the given `FTS5_TOKENIZE_*` flags.
    public init(rawValue: CInt) {
        self.rawValue = rawValue
    }

    /// `FTS5_TOKENIZE_QUERY`: the text is a term or phrase of a MATCH pattern.
    public static let query = FTS5Tokenization(rawValue: 0x0001)

    /// `FTS5_TOKENIZE_PREFIX`: with `query`, the term is a prefix (`data*`).
    public static let prefix = FTS5Tokenization(rawValue: 0x0002)

    /// `FTS5_TOKENIZE_DOCUMENT`: the text is inserted into the table, or deleted from it.
    public static let document = FTS5Tokenization(rawValue: 0x0004)

    /// `FTS5_TOKENIZE_AUX`: an auxiliary function (`highlight`, `snippet`…) asks for the tokens.
    public static let aux = FTS5Tokenization(rawValue: 0x0008)
}
