import RSCore

/// A tokenizer of ``FTS3`` and ``FTS4`` tables: how their text is split into the tokens that
/// patterns match.
///
/// ```swift
/// try db.create(virtualTable: "book", using: FTS4()) { t in
///     t.tokenizer = .unicode61(diacritics: .keep)
///     t.column("title")
/// }
/// ```
public struct FTS3TokenizerDescriptor: Sendable {
    /// The name of the tokenizer: `simple`, `porter`, `unicode61`.
    let name: String
    /// The arguments of the tokenizer: `remove_diacritics=0`.
    let arguments: [String]

    /// SQLite's default tokenizer: ASCII letters are folded to lower case; no stemming, and
    /// diacritics are kept ("Jérôme" does not match "JÉRÔME").
    public static let simple = FTS3TokenizerDescriptor(name: "simple", arguments: [])

    /// The Porter stemmer over the simple tokenizer: English words match by root ("frustrated"
    /// matches "frustration").
    public static let porter = FTS3TokenizerDescriptor(name: "porter", arguments: [])

    /// The Unicode tokenizer: all letters are folded to lower case, and Latin diacritics are
    /// removed by default ("Jérôme" matches "jerome").
    ///
    /// - parameters:
    ///   - diacritics: Whether diacritics are kept or removed.
    ///   - separators: Characters that separate tokens, besides spaces and punctuation.
    ///   - tokenCharacters: Characters that belong to tokens, besides letters and digits.
    public static func unicode61(
        diacritics: FTS3.Diacritics = .removeLegacy,
        separators: Set<Character> = [],
        tokenCharacters: Set<Character> = []
    ) -> FTS3TokenizerDescriptor {
        var arguments: [String] = []
        if let value = diacritics.removeDiacriticsValue { arguments.append("remove_diacritics=\(value)") }
        if !separators.isEmpty { arguments.append("separators=" + String(separators.sorted())) }
        if !tokenCharacters.isEmpty { arguments.append("tokenchars=" + String(tokenCharacters.sorted())) }
        return FTS3TokenizerDescriptor(name: "unicode61", arguments: arguments)
    }

    /// The `tokenize=…` argument of the module: `tokenize=unicode61 "remove_diacritics=0"`.
    var moduleArgument: String {
        (["tokenize=\(name)"] + arguments.map { "\"\($0)\"" }).joined(separator: " ")
    }

    /// The arguments of the `fts3tokenize` table of this tokenizer: `unicode61, "remove_diacritics=0"`.
    var tokenizeTableArguments: String {
        ([name] + arguments.map { "\"\($0)\"" }).joined(separator: ", ")
    }
}
