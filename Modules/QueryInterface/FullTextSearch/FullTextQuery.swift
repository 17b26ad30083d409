import RSCore

/// The full-text patterns built from user input (`FTS3Pattern(matchingAllTokensIn:)`…), from the
/// tokens of the input as SQLite's `simple` (FTS3, FTS4) and `ascii` (FTS5) tokenizers split it:
/// runs of ASCII letters and digits and of non-ASCII characters, with ASCII letters in lower case.
///
/// These tokens can hold no character of the query syntax: the patterns are always valid.
enum FullTextQuery {
    /// How a pattern combines the tokens of the input.
    enum Combination {
        /// `sqlite OR database`.
        case anyToken
        /// `sqlite database`.
        case allTokens
        /// `sqlite* database*`.
        case allPrefixes
        /// `"sqlite database"`.
        case phrase
        /// `^"sqlite database"` (FTS5 only).
        case prefixPhrase
    }

    /// The pattern that combines the tokens of a string; nil when the string has no token.
    static func pattern(_ combination: Combination, of string: String) -> String? {
        let tokens = tokens(in: string)
        guard !tokens.isEmpty else { return nil }
        switch combination {
        case .anyToken: return tokens.joined(separator: " OR ")
        case .allTokens: return tokens.joined(separator: " ")
        case .allPrefixes: return tokens.map { $0 + "*" }.joined(separator: " ")
        case .phrase: return "\"" + tokens.joined(separator: " ") + "\""
        case .prefixPhrase: return "^\"" + tokens.joined(separator: " ") + "\""
        }
    }

    /// The tokens of a string: `"SQLite, database!"` gives `["sqlite", "database"]`.
    static func tokens(in string: String) -> [String] {
        var tokens: [String] = []
        var token: [UInt8] = []
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                token.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...:
                token.append(byte)
            default:
                if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
                token.removeAll(keepingCapacity: true)
            }
        }
        if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
        return tokens
    }

    /// Throws unless SQLite accepts a raw pattern in a MATCH against the full-text table
    /// `document`, that `createTable` creates in an in-memory database of the driver.
    ///
    /// - throws: SQLite's `DatabaseError`, without SQL nor arguments (the pattern may be private).
    static func check(
        rawPattern: String, driver: DatabaseDriver, createTable: (Database) throws -> Void
    ) throws {
        do {
            try DatabaseQueue(named: nil, driver: driver).inDatabase { db in
                try createTable(db)
                _ = try Row.fetchAll(db, sql: "SELECT * FROM document WHERE document MATCH ?", arguments: [rawPattern])
            }
        } catch let error as DatabaseError {
            throw DatabaseError(resultCode: error.extendedResultCode, message: error.message)
        }
    }
}
