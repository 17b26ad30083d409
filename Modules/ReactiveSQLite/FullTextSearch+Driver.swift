import RSCore
import RSQueryInterface
import RSSQLiteDriver

// The full-text search API that needs an SQLite library without a database at hand, over the
// driver of this umbrella module, with GRDB's names.

extension FTS3 {
    /// The tokens of a string, as a tokenizer of FTS3 and FTS4 tables splits it, with the system SQLite:
    /// `FTS3.tokenize("SQLite database", withTokenizer: .porter)` is `["sqlite", "databas"]`.
    ///
    /// - throws: A `DatabaseError` when SQLite lacks the tokenizer.
    public static func tokenize(_ string: String, withTokenizer tokenizer: FTS3TokenizerDescriptor = .simple) throws
        -> [String]
    {
        try tokenize(string, withTokenizer: tokenizer, driver: .sqlite)
    }
}

extension FTS3Pattern {
    /// A raw pattern, checked by the system SQLite: `try FTS3Pattern(rawPattern: "sqlite AND database")`.
    ///
    /// - throws: A `DatabaseError` for a pattern that SQLite refuses, without SQL nor arguments.
    public init(rawPattern: String) throws {
        try self.init(rawPattern: rawPattern, driver: .sqlite)
    }
}

extension FTS5Pattern {
    /// A raw pattern, checked by the system SQLite against a table of the given columns.
    ///
    /// - throws: A `DatabaseError` for a pattern that SQLite refuses, without SQL nor arguments,
    ///   and when SQLite lacks FTS5.
    public init(rawPattern: String, allowedColumns: [String] = []) throws {
        try self.init(rawPattern: rawPattern, allowedColumns: allowedColumns, driver: .sqlite)
    }
}
