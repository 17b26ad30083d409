import Foundation
import RSCore
import RSQueryInterface

// Custom FTS5 tokenizers: a tokenizer written against FTS5's C interface, registered with
// `add(tokenizer:)`; wrapper tokenizers that add synonyms and leave out stop words; the tokens of
// SQLite's tokenizers; errors of tokenizers; the lifetime of tokenizer instances; and the
// tokenizers of the readers of a pool. Where the driver's SQLite has no FTS5, the checks are that
// the tokenizer API fails with an error that says so.

/// The live instances of the test tokenizers, by the `tracker` argument of their table: each
/// check uses a tracker of its own, as checks run in parallel.
private let liveTokenizers = Locked<[String: Int]>([:])

/// An error of a test tokenizer that is not a `DatabaseError`.
private struct TokenizerTestError: Error {}

/// A custom tokenizer, written against FTS5's C interface: each tag of a list is a token, in ASCII
/// lower case ("Science Fiction, Space" gives "science fiction" and "space").
///
/// Arguments: `separator X`, the byte between tags (`,` by default), and `tracker ID`, which counts
/// the instances in `liveTokenizers`. A separator of several bytes is a `DatabaseError`
/// (`SQLITE_RANGE`); other arguments are a `TokenizerTestError`.
private final class TagTokenizer: FTS5CustomTokenizer {
    static let name = "tags"
    private let separator: UInt8
    private let tracker: String?

    init(db: Database, arguments: [String]) throws {
        var separator = UInt8(ascii: ",")
        var tracker: String?
        var arguments = arguments[...]
        while let key = arguments.popFirst() {
            guard let value = arguments.popFirst() else { throw TokenizerTestError() }
            switch key {
            case "separator":
                guard value.utf8.count == 1, let byte = value.utf8.first else {
                    throw DatabaseError(resultCode: .SQLITE_RANGE, message: "a separator is one byte")
                }
                separator = byte
            case "tracker":
                tracker = value
            default:
                throw TokenizerTestError()
            }
        }
        self.separator = separator
        self.tracker = tracker
        if let tracker { liveTokenizers.withLock { $0[tracker, default: 0] += 1 } }
    }

    deinit {
        if let tracker { liveTokenizers.withLock { $0[tracker, default: 0] -= 1 } }
    }

    func tokenize(
        context: UnsafeMutableRawPointer?,
        tokenization: FTS5Tokenization,
        pText: UnsafePointer<CChar>?,
        nText: CInt,
        tokenCallback: @escaping FTS5TokenCallback
    ) -> CInt {
        guard let pText else { return ResultCode.SQLITE_OK.rawValue }
        let text = UnsafeRawBufferPointer(start: pText, count: Int(nText))
        let space = UInt8(ascii: " ")
        var start = 0
        while start <= text.count {
            let end = text[start...].firstIndex(of: separator) ?? text.count
            var tokenStart = start
            var tokenEnd = end
            while tokenStart < tokenEnd && text[tokenStart] == space { tokenStart += 1 }
            while tokenEnd > tokenStart && text[tokenEnd - 1] == space { tokenEnd -= 1 }
            if tokenStart < tokenEnd {
                let token = text[tokenStart..<tokenEnd].map {
                    CChar(bitPattern: (0x41...0x5A).contains($0) ? $0 + 0x20 : $0)
                }
                let code = token.withUnsafeBufferPointer { token in
                    tokenCallback(context, 0, token.baseAddress, CInt(token.count), CInt(tokenStart), CInt(tokenEnd))
                }
                guard code == ResultCode.SQLITE_OK.rawValue else { return code }
            }
            start = end + 1
        }
        return ResultCode.SQLITE_OK.rawValue
    }
}

/// A wrapper of `unicode61` that gives "first" and "1st" for each of them in documents, the second
/// at the position of the first (colocated), and leaves queries alone.
private final class SynonymsTokenizer: FTS5WrapperTokenizer {
    static let name = "synonyms"
    let wrappedTokenizer: any FTS5Tokenizer
    private let synonyms: [String] = ["1st", "first"]

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.unicode61())
    }

    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        guard !tokenization.contains(.query), synonyms.contains(token) else {
            try tokenCallback(token, flags)
            return
        }
        for (index, synonym) in synonyms.enumerated() {
            try tokenCallback(synonym, index == 0 ? flags : flags.union(.colocated))
        }
    }
}

/// A wrapper of the tokenizer of its arguments (`unicode61` without arguments) that leaves out
/// "the" and "a".
private final class StopWordsTokenizer: FTS5WrapperTokenizer {
    static let name = "stop_words"
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(
            arguments.isEmpty ? .unicode61() : FTS5TokenizerDescriptor(components: arguments))
    }

    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        if token != "the" && token != "a" { try tokenCallback(token, flags) }
    }
}

/// A wrapper of `ascii` that throws for some tokens: a `DatabaseError` (`SQLITE_CONSTRAINT_CHECK`)
/// for "forbidden", another error for "unwelcome".
private final class RefusingTokenizer: FTS5WrapperTokenizer {
    static let name = "refusing"
    let wrappedTokenizer: any FTS5Tokenizer

    init(db: Database, arguments: [String]) throws {
        wrappedTokenizer = try db.makeTokenizer(.ascii())
    }

    func accept(
        token: String, flags: FTS5TokenFlags, for tokenization: FTS5Tokenization,
        tokenCallback: FTS5WrapperTokenCallback
    ) throws {
        switch token {
        case "forbidden": throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_CHECK, message: "forbidden")
        case "unwelcome": throw TokenizerTestError()
        default: try tokenCallback(token, flags)
        }
    }
}

private struct TaggedBook: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "book"
    var title: String
    var tags: String
}

/// The tokens alone.
private func tokens(_ tokens: [(token: String, flags: FTS5TokenFlags)]) -> [String] {
    tokens.map(\.token)
}

/// Checks that the FTS5 tokenizer API fails with an error that says that FTS5 is missing.
private func expectFTS5IsMissing(_ body: () throws -> Void, file: StaticString = #fileID, line: UInt = #line) throws {
    let error = try expectDatabaseError(file: file, line: line, body)
    try expectEqual(error.resultCode, .SQLITE_ERROR, file: file, line: line)
    try expect(
        error.message?.contains("FTS5 needs SQLite compiled with SQLITE_ENABLE_FTS5") == true, "\(error)", file: file,
        line: line)
}

let fts5TokenizerChecks: [ConformanceCheck] = [
    ConformanceCheck("a custom FTS5 tokenizer makes the tokens of the documents and patterns of its tables") {
        factory in
        let writer = try factory.makeWriter { $0.prepareDatabase { db in db.add(tokenizer: TagTokenizer.self) } }
        guard factory.driver.capabilities.supportsFTS5 else {
            // Nothing was registered, and whatever needs FTS5 says that it is missing.
            try writer.write { db in
                try expectFTS5IsMissing { _ = try db.makeTokenizer(TagTokenizer.tokenizerDescriptor()) }
                try expectFTS5IsMissing { _ = try db.makeTokenizer(.unicode61()) }
                try expectFTS5IsMissing {
                    try db.create(virtualTable: "book", using: FTS5()) { t in
                        t.tokenizer = TagTokenizer.tokenizerDescriptor()
                        t.column("tags")
                    }
                }
                try expectEqual(try db.tableExists("book"), false)
            }
            return
        }
        try writer.write { db in
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.tokenizer = TagTokenizer.tokenizerDescriptor(arguments: ["separator", ";"])
                t.column("title").notIndexed()
                t.column("tags")
            }
            try db.execute(
                sql: "INSERT INTO book (title, tags) VALUES (?, ?), (?, ?)",
                arguments: ["Dune", "Science Fiction; Desert", "Solaris", "science fiction ;Ocean"])
        }
        try writer.read { db in
            func titles(_ pattern: FTS5Pattern?) throws -> [String] {
                try TaggedBook.matching(pattern).order(Column("title")).fetchAll(db).map(\.title)
            }
            // A tag is one token, in documents and in patterns.
            try expectEqual(try titles(FTS5Pattern(matchingPhrase: "Science FICTION")), ["Dune", "Solaris"])
            try expectEqual(try titles(FTS5Pattern(matchingAllTokensIn: "science")), [])
            try expectEqual(try titles(FTS5Pattern(matchingPhrase: "desert")), ["Dune"])
            try expectEqual(try titles(FTS5Pattern(matchingAllPrefixesIn: "oce")), ["Solaris"])
            let raw = try db.makeFTS5Pattern(rawPattern: "tags: \"ocean\" OR \"desert\"", forTable: "book")
            try expectEqual(try titles(raw), ["Dune", "Solaris"])
            // The table's arguments reach the tokenizer: the default separator is the comma.
            let semicolons = try db.makeTokenizer(TagTokenizer.tokenizerDescriptor(arguments: ["separator", ";"]))
            try expectEqual(tokens(try semicolons.tokenize(document: " A, b ;C d;")), ["a, b", "c d"])
            let commas = try db.makeTokenizer(TagTokenizer.tokenizerDescriptor())
            try expectEqual(tokens(try commas.tokenize(query: " A, b ;C d;")), ["a", "b ;c d;"])
            try expectEqual(try commas.tokenize(document: "x").map(\.flags), [[]])
        }
    },
    ConformanceCheck("FTS5 wrapper tokenizers add colocated synonyms, and leave out stop words") { factory in
        let writer = try factory.makeWriter {
            $0.prepareDatabase { db in
                db.add(tokenizer: SynonymsTokenizer.self)
                db.add(tokenizer: StopWordsTokenizer.self)
            }
        }
        guard factory.driver.capabilities.supportsFTS5 else {
            try writer.read { db in
                try expectFTS5IsMissing { _ = try db.makeTokenizer(SynonymsTokenizer.tokenizerDescriptor()) }
            }
            return
        }
        try writer.write { db in
            try db.create(virtualTable: "prize", using: FTS5()) { t in
                t.tokenizer = SynonymsTokenizer.tokenizerDescriptor()
                t.column("name")
            }
            for name in ["First place", "1st prize", "Second place"] {
                try db.execute(sql: "INSERT INTO prize (name) VALUES (?)", arguments: [name])
            }
            try db.create(virtualTable: "pet", using: FTS5()) { t in
                t.tokenizer = StopWordsTokenizer.tokenizerDescriptor(arguments: ["porter", "unicode61"])
                t.column("name")
            }
            for name in ["The cats", "A dog"] {
                try db.execute(sql: "INSERT INTO pet (name) VALUES (?)", arguments: [name])
            }
        }
        try writer.read { db in
            let synonyms = try db.makeTokenizer(SynonymsTokenizer.tokenizerDescriptor())
            let document = try synonyms.tokenize(document: "First place, 1st")
            try expectEqual(tokens(document), ["1st", "first", "place", "1st", "first"])
            try expectEqual(document.map(\.flags), [[], .colocated, [], [], .colocated])
            let query = try synonyms.tokenize(query: "First place")
            try expectEqual(tokens(query), ["first", "place"])
            try expectEqual(query.map(\.flags), [[], []])

            func prizes(_ pattern: String) throws -> [String] {
                try String.fetchAll(
                    db, sql: "SELECT name FROM prize WHERE prize MATCH ? ORDER BY rowid", arguments: [pattern])
            }
            try expectEqual(try prizes("first"), ["First place", "1st prize"])
            try expectEqual(try prizes("1st"), ["First place", "1st prize"])
            // A synonym is at the position of its token: both phrases match both spellings.
            try expectEqual(try prizes("\"1st place\""), ["First place"])
            try expectEqual(try prizes("\"first prize\""), ["1st prize"])
            try expectEqual(try prizes("\"first place\""), ["First place"])
            try expectEqual(try prizes("fi*"), ["First place", "1st prize"])

            let stopWords = try db.makeTokenizer(StopWordsTokenizer.tokenizerDescriptor(arguments: ["porter"]))
            try expectEqual(tokens(try stopWords.tokenize(query: "The Cats and a Dog")), ["cat", "and", "dog"])
            func pets(_ pattern: String) throws -> [String] {
                try String.fetchAll(
                    db, sql: "SELECT name FROM pet WHERE pet MATCH ? ORDER BY rowid", arguments: [pattern])
            }
            try expectEqual(try pets("cat"), ["The cats"])
            try expectEqual(try pets("the OR a"), [])
            try expectEqual(try pets("\"the dog\""), ["A dog"])
        }
    },
    ConformanceCheck("SQLite's FTS5 tokenizers tokenize documents and queries") { factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            guard factory.driver.capabilities.supportsFTS5 else {
                try expectFTS5IsMissing { _ = try db.makeTokenizer(.ascii()) }
                return
            }
            let ascii = try db.makeTokenizer(.ascii())
            let porter = try db.makeTokenizer(.porter())
            let unicode61 = try db.makeTokenizer(.unicode61())
            let keepDiacritics = try db.makeTokenizer(.unicode61(diacritics: .keep))
            try expectEqual(tokens(try ascii.tokenize(query: "Édouard Manet")), ["Édouard", "manet"])
            try expectEqual(tokens(try unicode61.tokenize(query: "Édouard Manet")), ["edouard", "manet"])
            try expectEqual(tokens(try keepDiacritics.tokenize(query: "Édouard Manet")), ["édouard", "manet"])
            try expectEqual(tokens(try porter.tokenize(query: "years AND months")), ["year", "and", "month"])
            try expectEqual(tokens(try porter.tokenize(document: "SQLite databases")), ["sqlite", "databas"])
            try expectEqual(tokens(try unicode61.tokenize(query: "\"Kim Stan* Robin*\"")), ["kim", "stan", "robin"])
            try expectEqual(tokens(try unicode61.tokenize(document: "")), [])
            try expectEqual(tokens(try unicode61.tokenize(document: "?!")), [])
            try expectEqual(try unicode61.tokenize(document: "a b").map(\.flags), [[], []])
            let porterOverASCII = try db.makeTokenizer(.porter(wrapping: .ascii()))
            try expectEqual(tokens(try porterOverASCII.tokenize(document: "Jérôme walking")), ["jérôme", "walk"])
            let tokenCharacters = try db.makeTokenizer(.unicode61(tokenCharacters: [".", "-"]))
            try expectEqual(tokens(try tokenCharacters.tokenize(document: "2016-10-04.txt")), ["2016-10-04.txt"])
            let separators = try db.makeTokenizer(.ascii(separators: ["X"]))
            try expectEqual(tokens(try separators.tokenize(document: "abcXdef")), ["abc", "def"])
            let lowercase = try db.makeTokenizer(.unicode61(categories: "Ll"))
            try expectEqual(tokens(try lowercase.tokenize(document: "ABCdef g H")), ["def", "g"])
        }
    },
    ConformanceCheck("errors of FTS5 tokenizers fail their statements with a DatabaseError") { factory in
        let writer = try factory.makeWriter {
            $0.prepareDatabase { db in
                db.add(tokenizer: TagTokenizer.self)
                db.add(tokenizer: RefusingTokenizer.self)
            }
        }
        guard factory.driver.capabilities.supportsFTS5 else { return }
        try writer.write { db in
            // The initializer throws: no table.
            for arguments in [["separator", ";;"], ["color", "blue"]] {
                let error = try expectDatabaseError {
                    try db.create(virtualTable: "book", using: FTS5()) { t in
                        t.tokenizer = TagTokenizer.tokenizerDescriptor(arguments: arguments)
                        t.column("tags")
                    }
                }
                try expect(error.message?.contains("error in tokenizer constructor") == true, "\(error)")
                try expectEqual(try db.tableExists("book"), false)
            }
            let rangeError = try expectDatabaseError {
                _ = try db.makeTokenizer(TagTokenizer.tokenizerDescriptor(arguments: ["separator", ";;"]))
            }
            try expectEqual(rangeError.resultCode, .SQLITE_RANGE)
            let otherError = try expectDatabaseError {
                _ = try db.makeTokenizer(TagTokenizer.tokenizerDescriptor(arguments: ["color", "blue"]))
            }
            try expectEqual(otherError.resultCode, .SQLITE_ERROR)
            let unknown = try expectDatabaseError {
                _ = try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["nope"]))
            }
            try expectEqual(unknown.resultCode, .SQLITE_ERROR)
            try expectEqual(unknown.message, "no such tokenizer: nope")
            let empty = try expectDatabaseError { _ = try db.makeTokenizer(FTS5TokenizerDescriptor(components: [])) }
            try expectEqual(empty.resultCode, .SQLITE_MISUSE)
            let badArguments = try expectDatabaseError {
                _ = try db.makeTokenizer(FTS5TokenizerDescriptor(components: ["unicode61", "remove_diacritics"]))
            }
            try expectEqual(badArguments.resultCode, .SQLITE_ERROR)

            try db.create(virtualTable: "note", using: FTS5()) { t in
                t.tokenizer = RefusingTokenizer.tokenizerDescriptor()
                t.column("text")
            }
            try db.execute(sql: "INSERT INTO note (text) VALUES ('welcome')")
        }
        // The wrapper throws while it tokenizes: the statement fails, and its write is rolled back.
        let forbidden = try expectDatabaseError {
            try writer.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('a forbidden word')") }
        }
        try expectEqual(forbidden.extendedResultCode, .SQLITE_CONSTRAINT_CHECK)
        let unwelcome = try expectDatabaseError {
            try writer.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('an unwelcome word')") }
        }
        try expectEqual(unwelcome.resultCode, .SQLITE_ERROR)
        try writer.read { db in
            let queryError = try expectDatabaseError {
                _ = try Row.fetchAll(db, sql: "SELECT * FROM note WHERE note MATCH 'forbidden'")
            }
            try expectEqual(queryError.extendedResultCode, .SQLITE_CONSTRAINT_CHECK)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note WHERE note MATCH 'welcome'"), 1)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note"), 1)
            let refusing = try db.makeTokenizer(RefusingTokenizer.tokenizerDescriptor())
            let tokenizeError = try expectDatabaseError { _ = try refusing.tokenize(document: "so forbidden") }
            try expectEqual(tokenizeError.extendedResultCode, .SQLITE_CONSTRAINT_CHECK)
            try expectEqual(tokens(try refusing.tokenize(document: "so welcome")), ["so", "welcome"])
        }
    },
    ConformanceCheck("FTS5 keeps the instances of custom tokenizers until it deletes them") { factory in
        guard factory.driver.capabilities.supportsFTS5 else { return }
        let tracker = UUID().uuidString
        func liveCount() -> Int { liveTokenizers.withLock { $0[tracker, default: 0] } }
        let writer = try factory.makeWriter { $0.prepareDatabase { db in db.add(tokenizer: TagTokenizer.self) } }
        try writer.write { db in
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.tokenizer = TagTokenizer.tokenizerDescriptor(arguments: ["tracker", tracker])
                t.column("tags")
            }
            try db.execute(sql: "INSERT INTO book (tags) VALUES ('a, b')")
            // The table's instance.
            try expectEqual(liveCount(), 1)
            var tokenizer: (any FTS5Tokenizer)? = try db.makeTokenizer(
                TagTokenizer.tokenizerDescriptor(arguments: ["tracker", tracker]))
            try expectEqual(liveCount(), 2)
            try expectEqual(tokens(try tokenizer?.tokenize(document: "c") ?? []), ["c"])
            tokenizer = nil
            try expectEqual(liveCount(), 1)
            try db.drop(table: "book")
            try expectEqual(liveCount(), 0)
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.tokenizer = TagTokenizer.tokenizerDescriptor(arguments: ["tracker", tracker])
                t.column("tags")
            }
        }
        try writer.read { db in
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book WHERE book MATCH 'a'"), 0)
        }
        try expect(liveCount() > 0, "\(liveCount())")
        try writer.close()
        try expectEqual(liveCount(), 0)
    },
    ConformanceCheck(
        "a tokenizer added in prepareDatabase serves every reader of a pool, and one added in an access only its connection",
        kinds: [.pool]
    ) { factory in
        guard factory.driver.capabilities.supportsFTS5 else { return }
        let readerCount = 3
        let writer = try factory.makeWriter {
            $0.maximumReaderCount = readerCount
            $0.prepareDatabase { db in db.add(tokenizer: TagTokenizer.self) }
        }
        guard let dbPool = writer as? DatabasePool else { throw TokenizerTestError() }
        try dbPool.write { db in
            try db.create(virtualTable: "book", using: FTS5()) { t in
                t.tokenizer = TagTokenizer.tokenizerDescriptor()
                t.column("tags")
            }
            try db.execute(sql: "INSERT INTO book (tags) VALUES ('red, green'), ('dark green, blue')")
        }
        let matches = try readConcurrently(dbPool, count: readerCount) { _, db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book WHERE book MATCH '\"green\"'")
        }
        try expectEqual(matches, Array(repeating: 1, count: readerCount))
        try dbPool.close()

        // Added in a write: the readers don't have it.
        let otherPool = try DatabasePool(
            path: factory.path, configuration: factory.baseConfiguration, driver: factory.driver)
        try otherPool.write { db in
            db.add(tokenizer: TagTokenizer.self)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book WHERE book MATCH '\"blue\"'"), 1)
        }
        let error = try expectDatabaseError {
            _ = try otherPool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book") }
        }
        try expect(error.message?.contains("no such tokenizer: tags") == true, "\(error)")
    },
]
