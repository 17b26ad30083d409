import RSCore

/// A full-text search pattern of ``FTS3`` and ``FTS4`` tables.
///
/// Build patterns from user input with the failable initializers, which always build a valid
/// pattern, or nil when the input has no word:
///
/// ```swift
/// let pattern = FTS3Pattern(matchingAllTokensIn: "SQLite database")  // sqlite database
/// let books = try Book.matching(pattern).fetchAll(db)
/// ```
///
/// A raw pattern of the [query syntax](https://www.sqlite.org/fts3.html#full_text_index_queries)
/// is checked by SQLite: `try FTS3Pattern(rawPattern: "sqlite AND data*")`.
public struct FTS3Pattern: Sendable, Hashable {
    /// The pattern, in SQLite's full-text query syntax.
    public let rawPattern: String

    /// A pattern from trusted text, that the caller knows is valid.
    init(trustedPattern: String) {
        rawPattern = trustedPattern
    }

    /// A raw pattern, checked by the SQLite of the given driver.
    ///
    /// The umbrella modules (`ReactiveSQLite`, `ReactiveSQLCipher`) also have it without the
    /// driver, as GRDB does: `try FTS3Pattern(rawPattern: "sqlite AND database")`.
    ///
    /// - throws: A `DatabaseError` for a pattern that SQLite refuses ("malformed MATCH
    ///   expression"), without SQL nor arguments.
    public init(rawPattern: String, driver: DatabaseDriver) throws {
        try FullTextQuery.check(rawPattern: rawPattern, driver: driver) { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE document USING fts3()")
        }
        self.rawPattern = rawPattern
    }

    /// A pattern that matches the documents that contain any word of a string: `sqlite OR database`.
    /// Nil when the string has no word.
    public init?(matchingAnyTokenIn string: String) {
        self.init(.anyToken, of: string)
    }

    /// A pattern that matches the documents that contain all words of a string: `sqlite database`.
    /// Nil when the string has no word.
    public init?(matchingAllTokensIn string: String) {
        self.init(.allTokens, of: string)
    }

    /// A pattern that matches the documents that contain words that start with each word of a
    /// string: `sqlite* database*`. Nil when the string has no word.
    public init?(matchingAllPrefixesIn string: String) {
        self.init(.allPrefixes, of: string)
    }

    /// A pattern that matches the documents that contain the words of a string in a row:
    /// `"sqlite database"`. Nil when the string has no word.
    public init?(matchingPhrase string: String) {
        self.init(.phrase, of: string)
    }

    /// A pattern that combines the tokens of a string; nil when it has none.
    private init?(_ combination: FullTextQuery.Combination, of string: String) {
        guard let pattern = FullTextQuery.pattern(combination, of: string) else { return nil }
        self.init(trustedPattern: pattern)
    }
}

extension FTS3Pattern: DatabaseValueConvertible {
    /// The raw pattern, as text.
    public var databaseValue: DatabaseValue { rawPattern.databaseValue }

    /// The pattern of a text value, unchecked: a pattern that SQLite refuses makes the statement
    /// that matches it throw.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> FTS3Pattern? {
        String.fromDatabaseValue(dbValue).map { FTS3Pattern(trustedPattern: $0) }
    }
}
