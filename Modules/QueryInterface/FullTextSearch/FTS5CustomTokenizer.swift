import RSCore

/// A tokenizer of ``FTS5`` tables written in Swift, that a connection registers with
/// ``RSCore/Database/add(tokenizer:)``.
///
/// FTS5 makes an instance for each table that names the tokenizer, with the arguments that the
/// table gives it, and keeps it as long as it needs it:
///
/// ```swift
/// db.add(tokenizer: MyTokenizer.self)
/// try db.create(virtualTable: "book", using: FTS5()) { t in
///     t.tokenizer = MyTokenizer.tokenizerDescriptor(arguments: ["unicode61"])
///     t.column("title")
/// }
/// ```
///
/// Most custom tokenizers change the tokens of another tokenizer: see ``FTS5WrapperTokenizer``.
public protocol FTS5CustomTokenizer: FTS5Tokenizer {
    /// The name of the tokenizer in the tables that use it. FTS5 compares names without regard to
    /// ASCII case: pick one that no SQLite tokenizer has (not `ascii`, `porter`, `unicode61` nor
    /// `trigram`).
    static var name: String { get }

    /// Creates a tokenizer, for a table whose `tokenize` option gives these arguments:
    /// `["arg1", "arg2"]` for `tokenize='custom arg1 arg2'`.
    ///
    /// The tokenizer is created while the connection creates or opens the table: an error thrown
    /// here makes the statement fail with a `DatabaseError` (`create(virtualTable:using:)`, a
    /// query of the table…).
    ///
    /// - parameters:
    ///   - db: The connection that registered the tokenizer: its ``RSCore/Database/makeTokenizer(_:)``
    ///     makes the tokenizers this one wraps.
    ///   - arguments: The arguments of the tokenizer in the table's `tokenize` option.
    init(db: Database, arguments: [String]) throws
}

extension FTS5CustomTokenizer {
    /// The descriptor of the tokenizer, with arguments, for the tables that use it:
    /// `t.tokenizer = MyTokenizer.tokenizerDescriptor(arguments: ["unicode61", "remove_diacritics", "0"])`.
    public static func tokenizerDescriptor(arguments: [String] = []) -> FTS5TokenizerDescriptor {
        FTS5TokenizerDescriptor(components: [name] + arguments)
    }
}
