import CSQLite
import ReactiveSQLite
import Testing

// What the umbrella module adds to custom FTS5 tokenizers, on the system SQLite: GRDB's
// `FTS5.api(_:)`, and the example of the article "Full-text search". The tokenizers themselves are
// checked by the conformance suite over every driver: Tests/TestSupport/Checks+FTS5Tokenizers.swift.

/// The example of the article: letters that unicode61 keeps are folded.
private final class LatinFoldingTokenizer: FTS5WrapperTokenizer {
    static let name = "latin_folding"
    private static let foldings: [Character: String] = ["æ": "ae", "œ": "oe", "ß": "ss", "ﬁ": "fi"]
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }

    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        try tokenCallback(token.map { Self.foldings[$0] ?? String($0) }.joined(), flags)
    }
}

@Suite struct FTS5TokenizerTests {
    @Test func theAPIOfFTS5IsTheOneOfTheConnection() throws {
        let dbQueue = try DatabaseQueue()
        dbQueue.inDatabase { db in
            let api = FTS5.api(db)
            #expect(api.pointee.iVersion >= 2)
            #expect(FTS5.api(db) == api)
            // Its tokenizers are the connection's.
            var context: UnsafeMutableRawPointer?
            var tokenizer = fts5_tokenizer()
            let code = api.pointee.xFindTokenizer(
                UnsafeMutablePointer(mutating: api), "unicode61", &context, &tokenizer)
            #expect(code == SQLITE_OK)
            #expect(tokenizer.xTokenize != nil)
        }
        let other = try DatabaseQueue().inDatabase { db in FTS5.api(db) }
        #expect(dbQueue.inDatabase { db in FTS5.api(db) } != other)
    }

    @Test func theExampleOfTheArticle() throws {
        var config = Configuration()
        config.prepareDatabase { db in
            db.add(tokenizer: LatinFoldingTokenizer.self)
        }
        let dbQueue = try DatabaseQueue(configuration: config)
        try dbQueue.write { db in
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.tokenizer = LatinFoldingTokenizer.tokenizerDescriptor()
                t.column("title")
            }
            try db.execute(sql: "INSERT INTO book (title) VALUES (?)", arguments: ["Encyclopædia Britannica"])
        }
        let count = try dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book WHERE book MATCH ?", arguments: ["encyclopaedia"])
        }
        #expect(count == 1)
        let tokens = try dbQueue.read { db in
            try db.makeTokenizer(LatinFoldingTokenizer.tokenizerDescriptor()).tokenize(query: "Straße ﬁre")
        }
        #expect(tokens.map(\.token) == ["strasse", "fire"])
    }
}
