import ReactiveSQLite

/// A record of a table with a text primary key: `word (key TEXT PRIMARY KEY, value INTEGER)`.
struct Word: Codable, FetchableRecord, PersistableRecord, Sendable, CustomStringConvertible {
    var key: String
    var value: Int

    /// The bytes of the key: Swift compares strings by canonical equivalence ("é" in one code point
    /// equals "e" followed by the combining acute accent), SQLite by bytes.
    var keyBytes: [UInt8] { Array(key.utf8) }

    var description: String { "\(key.unicodeScalars.map { String($0.value, radix: 16) }):\(value)" }

    /// Whether two words have the same bytes and value.
    func isIdentical(to other: Word) -> Bool { keyBytes == other.keyBytes && value == other.value }
}

/// A record of a table with a composite primary key:
/// `cell (x INTEGER, y TEXT, value INTEGER, PRIMARY KEY (x, y))`.
struct Cell: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    var x: Int
    var y: String
    var value: Int

    /// The key, with the bytes of `y`.
    var key: [Int] { [x] + y.utf8.map(Int.init) }
}

/// A record of a table with an integer primary key: `place (id INTEGER PRIMARY KEY, name TEXT)`.
struct Place: Codable, FetchableRecord, PersistableRecord, Identifiable, Sendable, Equatable {
    var id: Int64
    var name: String
}

/// The tables of the records, with or without rowid.
func createTables(_ db: Database, withoutRowID: Bool = false) throws {
    let suffix = withoutRowID ? " WITHOUT ROWID" : ""
    try db.execute(
        sql: """
            CREATE TABLE word (key TEXT PRIMARY KEY, value INTEGER NOT NULL)\(suffix);
            CREATE TABLE cell (x INTEGER, y TEXT, value INTEGER NOT NULL, PRIMARY KEY (x, y))\(suffix);
            CREATE TABLE place (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            """)
}

/// Texts that SQLite's BINARY order and Swift's order sort differently, or that Swift finds equal
/// and SQLite does not: case, accents precomposed or combining, fullwidth letters, emoji, ß.
let trickyTexts = ["a", "A", "b", "B", "Z", "\u{E9}", "e\u{301}", "\u{FF41}", "\u{DF}", "\u{1F600}", "~", ""]

/// Sorts words by the bytes of their key, as SQLite's BINARY collation does.
func sortedByKeyBytes(_ words: [Word]) -> [Word] {
    words.sorted { $0.keyBytes.lexicographicallyPrecedes($1.keyBytes) }
}
