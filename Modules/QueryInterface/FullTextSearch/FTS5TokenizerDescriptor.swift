import RSCore

/// A tokenizer of ``FTS5`` tables: how their text is split into the tokens that patterns match.
///
/// ```swift
/// try db.create(virtualTable: "book", using: FTS5()) { t in
///     t.tokenizer = .porter(wrapping: .unicode61())
///     t.column("title")
/// }
/// ```
public struct FTS5TokenizerDescriptor: Sendable {
    /// The name of the tokenizer, then its arguments: `["unicode61", "remove_diacritics", "0"]`.
    public let components: [String]

    /// A tokenizer of these components: its name, then its arguments. (A table whose tokenizer has
    /// no component can't be created: `create(virtualTable:using:)` throws.)
    public init(components: [String]) {
        self.components = components
    }

    /// The ASCII tokenizer: ASCII letters are folded to lower case; other characters are kept.
    ///
    /// - parameters:
    ///   - separators: Characters that separate tokens, besides spaces and punctuation.
    ///   - tokenCharacters: Characters that belong to tokens, besides letters and digits.
    public static func ascii(separators: Set<Character> = [], tokenCharacters: Set<Character> = [])
        -> FTS5TokenizerDescriptor
    {
        FTS5TokenizerDescriptor(
            components: ["ascii"] + characterArguments(separators: separators, tokenCharacters: tokenCharacters))
    }

    /// The Porter stemmer over another tokenizer (`unicode61` when nil): English words match by
    /// root ("frustrated" matches "frustration").
    public static func porter(wrapping base: FTS5TokenizerDescriptor? = nil) -> FTS5TokenizerDescriptor {
        FTS5TokenizerDescriptor(components: ["porter"] + (base?.components ?? []))
    }

    /// The Unicode tokenizer, FTS5's default: all letters are folded to lower case, and Latin
    /// diacritics are removed by default.
    ///
    /// - parameters:
    ///   - diacritics: Whether diacritics are kept or removed.
    ///   - categories: The Unicode categories of token characters (`"L* N* Co"` is the default).
    ///   - separators: Characters that separate tokens, besides spaces and punctuation.
    ///   - tokenCharacters: Characters that belong to tokens, besides letters and digits.
    public static func unicode61(
        diacritics: FTS5.Diacritics = .removeLegacy,
        categories: String = "",
        separators: Set<Character> = [],
        tokenCharacters: Set<Character> = []
    ) -> FTS5TokenizerDescriptor {
        var components = ["unicode61"]
        if let value = diacritics.fts3.removeDiacriticsValue { components += ["remove_diacritics", String(value)] }
        if !categories.isEmpty { components += ["categories", categories] }
        components += characterArguments(separators: separators, tokenCharacters: tokenCharacters)
        return FTS5TokenizerDescriptor(components: components)
    }

    /// The `separators` and `tokenchars` arguments.
    private static func characterArguments(separators: Set<Character>, tokenCharacters: Set<Character>) -> [String] {
        var arguments: [String] = []
        if !separators.isEmpty { arguments += ["separators", String(separators.sorted())] }
        if !tokenCharacters.isEmpty { arguments += ["tokenchars", String(tokenCharacters.sorted())] }
        return arguments
    }

    /// The `tokenize=…` argument of the module: each component is an SQL string, and so is the
    /// whole list: `tokenize='''porter'' ''ascii'''`.
    var moduleArgument: String {
        let list = components.map { DatabaseValue.quotedString($0) }.joined(separator: " ")
        return "tokenize=" + DatabaseValue.quotedString(list)
    }
}
