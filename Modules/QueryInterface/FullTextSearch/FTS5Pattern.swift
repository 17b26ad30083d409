import RSCore

/// A full-text search pattern of ``FTS5`` tables.
///
/// Build patterns from user input with the failable initializers, which always build a valid
/// pattern, or nil when the input has no word:
///
/// ```swift
/// let pattern = FTS5Pattern(matchingAnyTokenIn: "SQLite database")  // sqlite OR database
/// let documents = try Document.matching(pattern).order(Column.rank).fetchAll(db)
/// ```
///
/// A raw pattern of the [query syntax](https://www.sqlite.org/fts5.html#full_text_query_syntax)
/// is checked by SQLite: `try db.makeFTS5Pattern(rawPattern: "sqlite NOT data*", forTable: "document")`.
public struct FTS5Pattern: Sendable, Hashable {
    /// The pattern, in SQLite's full-text query syntax.
    public let rawPattern: String

    /// A pattern from trusted text, that the caller knows is valid.
    init(trustedPattern: String) {
        rawPattern = trustedPattern
    }

    /// A raw pattern, checked by the SQLite of the given driver against a table of the given
    /// columns (a column filter such as `title: sqlite` must name one of them).
    ///
    /// The umbrella modules (`ReactiveSQLite`, `ReactiveSQLCipher`) also have it without the
    /// driver, as GRDB does.
    ///
    /// - throws: A `DatabaseError` for a pattern that SQLite refuses ("fts5: syntax error near …"),
    ///   without SQL nor arguments, and when the SQLite of the driver lacks FTS5.
    public init(rawPattern: String, allowedColumns: [String] = [], driver: DatabaseDriver) throws {
        try FullTextQuery.check(rawPattern: rawPattern, driver: driver) { db in
            try db.create(virtualTable: "document", using: FTS5()) { t in
                for column in allowedColumns.isEmpty ? ["__reactivesqlite__"] : allowedColumns { t.column(column) }
            }
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

    /// A pattern that matches the documents that start with the words of a string in a row:
    /// `^"sqlite database"`. Nil when the string has no word.
    public init?(matchingPrefixPhrase string: String) {
        self.init(.prefixPhrase, of: string)
    }

    /// A pattern that combines the tokens of a string; nil when it has none.
    private init?(_ combination: FullTextQuery.Combination, of string: String) {
        guard let pattern = FullTextQuery.pattern(combination, of: string) else { return nil }
        self.init(trustedPattern: pattern)
    }
}

extension Database {
    /// A raw pattern, checked by SQLite against the columns of an FTS5 table:
    /// `try db.makeFTS5Pattern(rawPattern: "title: sqlite", forTable: "book")`.
    ///
    /// - throws: A `DatabaseError` for a pattern that SQLite refuses, or a table that does not exist.
    public func makeFTS5Pattern(rawPattern: String, forTable table: String) throws -> FTS5Pattern {
        try FTS5Pattern(rawPattern: rawPattern, allowedColumns: columns(in: table).map(\.name), driver: driver)
    }
}

extension FTS5Pattern: DatabaseValueConvertible {
    /// The raw pattern, as text.
    public var databaseValue: DatabaseValue { rawPattern.databaseValue }

    /// The pattern of a text value, unchecked: a pattern that SQLite refuses makes the statement
    /// that matches it throw.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> FTS5Pattern? {
        String.fromDatabaseValue(dbValue).map { FTS5Pattern(trustedPattern: $0) }
    }
}
