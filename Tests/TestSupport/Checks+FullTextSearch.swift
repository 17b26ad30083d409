import Foundation
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

// Full-text search: FTS4 and FTS5 tables made by the schema DSL, patterns built from user input or
// checked by SQLite, `matching` in the query interface, synchronized content tables, FTS5 ranking
// and auxiliary functions, and the regions of full-text requests. FTS5 checks run where the
// driver's SQLite has FTS5; elsewhere, the check is that FTS5 is refused with an error that says so.

private struct FullTextBook: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "book"
    var author: String
    var title: String
    var body: String
}

private let fullTextBooks = [
    FullTextBook(
        author: "Herman Melville", title: "Moby-Dick", body: "Call me Ishmael. Some years ago, I went to sea."),
    FullTextBook(
        author: "Gustave Flaubert", title: "Madame Bovary", body: "Nous étions à l'Étude, quand le Proviseur entra."),
    FullTextBook(
        author: "Jules Verne", title: "Vingt mille lieues sous les mers",
        body: "L'année 1866 fut marquée par un événement."),
]

/// A database with the books in a full-text table of the module, and a table that no request reads.
private func makeFullTextDatabase<Module: VirtualTableModule>(
    _ factory: DatabaseFactory, module: Module, _ body: @escaping (Module.TableDefinition) -> Void
) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.create(virtualTable: "book", using: module, body)
        for book in fullTextBooks { try book.insert(db) }
        try db.execute(sql: "CREATE TABLE unrelated (id INTEGER PRIMARY KEY)")
    }
    return writer
}

let fullTextSearchChecks: [ConformanceCheck] = [
    ConformanceCheck("FTS4 tables match patterns built from user input, and raw patterns that SQLite checks") {
        factory in
        let writer = try makeFullTextDatabase(factory, module: FTS4()) { t in
            t.tokenizer = .unicode61()
            t.column("author")
            t.column("title")
            t.column("body")
        }
        try writer.read { db in
            func titles(_ pattern: FTS3Pattern?) throws -> [String] {
                try FullTextBook.matching(pattern).fetchAll(db).map(\.title)
            }
            try expectEqual(try titles(FTS3Pattern(matchingAllTokensIn: "moby DICK")), ["Moby-Dick"])
            try expectEqual(try titles(FTS3Pattern(matchingAllTokensIn: "moby bovary")), [])
            try expectEqual(
                try titles(FTS3Pattern(matchingAnyTokenIn: "moby, bovary!")), ["Moby-Dick", "Madame Bovary"])
            try expectEqual(try titles(FTS3Pattern(matchingAllPrefixesIn: "mad bov")), ["Madame Bovary"])
            try expectEqual(try titles(FTS3Pattern(matchingPhrase: "years ago")), ["Moby-Dick"])
            try expectEqual(try titles(FTS3Pattern(matchingPhrase: "ago years")), [])
            // unicode61 removes diacritics: "etude" matches "Étude".
            try expectEqual(try titles(FTS3Pattern(matchingAllTokensIn: "etude")), ["Madame Bovary"])
            // No word: no pattern, and no row for a nil pattern.
            try expectEqual(FTS3Pattern(matchingAnyTokenIn: " * - "), nil)
            try expectEqual(try titles(nil), [])
            // A column that matches, and a count.
            let verne = FullTextBook.filter(Column("author").match(FTS3Pattern(matchingAllTokensIn: "verne")))
            try expectEqual(try verne.fetchAll(db).map(\.title), ["Vingt mille lieues sous les mers"])
            try expectEqual(
                try FullTextBook.filter(Column("title").match(FTS3Pattern(matchingAllTokensIn: "verne"))).fetchCount(
                    db), 0)
            try expectEqual(try FullTextBook.matching(FTS3Pattern(matchingAnyTokenIn: "sea mers")).fetchCount(db), 2)
        }
        let raw = try FTS3Pattern(rawPattern: "moby OR bovary", driver: factory.driver)
        try expectEqual(try writer.read { db in try FullTextBook.matching(raw).fetchCount(db) }, 2)
        for invalid in ["OR", "\"", "\"moby dick"] {
            let error = try expectDatabaseError { _ = try FTS3Pattern(rawPattern: invalid, driver: factory.driver) }
            try expectEqual(error.resultCode, .SQLITE_ERROR)
            try expectEqual(error.sql, nil)
            try expect(error.message?.contains("malformed MATCH expression") == true, "\(error)")
        }
        try expectEqual(
            try FTS3.tokenize("SQLite databases", withTokenizer: .porter, driver: factory.driver),
            ["sqlite", "databas"])
        try expectEqual(
            try FTS3.tokenize("Jérôme DORÉ", withTokenizer: .unicode61(), driver: factory.driver), ["jerome", "dore"])
        // Patterns of user input have the tokens of SQLite's simple tokenizer, without SQLite.
        let input = "Jérôme DORÉ, l'été sqlite3!"
        try expectEqual(
            FTS3Pattern(matchingAllTokensIn: input)?.rawPattern,
            try FTS3.tokenize(input, driver: factory.driver).joined(separator: " "))
    },
    ConformanceCheck("a full-text table synchronized with its content table follows its inserts, updates and deletes") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE document (id INTEGER PRIMARY KEY, content TEXT, other TEXT)")
            try db.execute(sql: "INSERT INTO document (id, content) VALUES (1, 'old text'), (2, 'kept text')")
            try db.create(virtualTable: "document_ft", using: FTS4()) { t in
                t.synchronize(withTable: "document")
                t.column("content")
            }
        }
        func matches(_ word: String) throws -> [Int64] {
            try writer.read { db in
                try Int64.fetchAll(
                    db, sql: "SELECT docid FROM document_ft WHERE document_ft MATCH ? ORDER BY docid", arguments: [word]
                )
            }
        }
        try expectEqual(try matches("text"), [1, 2])
        try writer.write { db in
            try db.execute(sql: "UPDATE document SET content = 'new words' WHERE id = 1")
            try db.execute(sql: "INSERT INTO document (id, content) VALUES (3, 'more text')")
            try db.execute(sql: "DELETE FROM document WHERE id = 2")
        }
        try expectEqual(try matches("text"), [3])
        try expectEqual(try matches("new"), [1])
        try expectEqual(try matches("old"), [])
        try writer.write { db in
            try db.dropFTS4SynchronizationTriggers(forTable: "document_ft")
            try db.execute(sql: "INSERT INTO document (id, content) VALUES (4, 'unseen text')")
        }
        try expectEqual(try matches("unseen"), [])
        // A temporary table can't be synchronized: SQLite can't rebuild its index.
        let error = try expectDatabaseError {
            try writer.write { db in
                try db.create(virtualTable: "temporary_ft", options: .temporary, using: FTS4()) { t in
                    t.synchronize(withTable: "document")
                    t.column("content")
                }
            }
        }
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
        try writer.read { db in try expectEqual(try db.tableExists("temporary_ft"), false) }
    },
    ConformanceCheck("an observation of a full-text match is told of changes to the full-text table, not to others") {
        factory in
        let writer = try makeFullTextDatabase(factory, module: FTS4()) { t in
            t.column("author")
            t.column("title")
            t.column("body")
        }
        let pattern = FTS3Pattern(matchingAnyTokenIn: "whale")
        try writer.read { db in
            let region = try FullTextBook.matching(pattern).databaseRegion(db)
            try expect(region.isModified(byEventsOfKind: .insert(tableName: "book")), "\(region)")
            try expect(!region.isModified(byEventsOfKind: .insert(tableName: "unrelated")), "\(region)")
        }
        let changeCount = Locked(0)
        let observation = ValueObservation.tracking { db in try FullTextBook.matching(pattern).fetchCount(db) }
            .handleEvents(databaseDidChange: { changeCount.withLock { $0 += 1 } })
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext(where: { $0 == 0 })
        try writer.write { db in try db.execute(sql: "INSERT INTO unrelated DEFAULT VALUES") }
        try writer.write { db in
            try FullTextBook(author: "Anonymous", title: "The Whale", body: "A whale.").insert(db)
        }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        try expectEqual(changeCount.current, 1)
    },
    ConformanceCheck("FTS5 tables rank matches, highlight and snip them, where the SQLite has FTS5") { factory in
        guard factory.driver.capabilities.supportsFTS5 else {
            let writer = try factory.makeWriter()
            let error = try expectDatabaseError {
                try writer.write { db in
                    try db.create(virtualTable: "book", using: FTS5()) { t in t.column("title") }
                }
            }
            try expectEqual(error.resultCode, .SQLITE_ERROR)
            try expect(
                error.message?.contains("FTS5 needs SQLite compiled with SQLITE_ENABLE_FTS5") == true, "\(error)")
            let patternError = try expectDatabaseError {
                _ = try FTS5Pattern(rawPattern: "moby", driver: factory.driver)
            }
            try expect(patternError.message?.contains("SQLITE_ENABLE_FTS5") == true, "\(patternError)")
            return
        }
        let writer = try makeFullTextDatabase(factory, module: FTS5()) { t in
            t.tokenizer = .porter(wrapping: .unicode61())
            t.column("author").notIndexed()
            t.column("title")
            t.column("body")
        }
        try writer.read { db in
            func titles(_ request: QueryInterfaceRequest<FullTextBook>) throws -> [String] {
                try request.fetchAll(db).map(\.title)
            }
            // Porter stemming: "went" and "go" are different roots, "years" and "year" the same.
            try expectEqual(
                try titles(FullTextBook.matching(FTS5Pattern(matchingAllTokensIn: "year sea"))), ["Moby-Dick"])
            try expectEqual(try titles(FullTextBook.matching(FTS5Pattern(matchingAllTokensIn: "melville"))), [])
            try expectEqual(
                try titles(FullTextBook.matching(FTS5Pattern(matchingPrefixPhrase: "vingt mille"))),
                ["Vingt mille lieues sous les mers"])
            try expectEqual(try titles(FullTextBook.matching(FTS5Pattern(matchingPrefixPhrase: "mille lieues"))), [])
            // The title matches better than the body, with these weights.
            let ranked = FullTextBook.matching(FTS5Pattern(matchingAnyTokenIn: "mers madame"))
            try expectEqual(try titles(ranked.order(Column.rank)).count, 2)
            try expectEqual(
                try titles(ranked.order(FTS5.bm25(0, 10, 1))), ["Madame Bovary", "Vingt mille lieues sous les mers"])
            let highlighted = try String.fetchAll(
                db,
                FullTextBook.matching(FTS5Pattern(matchingAllTokensIn: "moby"))
                    .select(FTS5.highlight(column: 1, open: "[", close: "]")))
            try expectEqual(highlighted, ["[Moby]-Dick"])
            let snippets = try String.fetchAll(
                db,
                FullTextBook.matching(FTS5Pattern(matchingAllTokensIn: "ishmael"))
                    .select(FTS5.snippet(column: 2, open: "<", close: ">", ellipsis: "…", tokenCount: 3)))
            try expectEqual(snippets, ["Call me <Ishmael>…"])
            // Raw patterns: checked against the columns of the table.
            let titleOnly = try db.makeFTS5Pattern(rawPattern: "title: moby", forTable: "book")
            try expectEqual(try titles(FullTextBook.matching(titleOnly)), ["Moby-Dick"])
            let error = try expectDatabaseError {
                _ = try db.makeFTS5Pattern(rawPattern: "isbn: moby", forTable: "book")
            }
            try expectEqual(error.resultCode, .SQLITE_ERROR)
            try expectEqual(error.sql, nil)
            try expectDatabaseError { _ = try FTS5Pattern(rawPattern: "AND moby", driver: factory.driver) }
        }
    },
    ConformanceCheck("an FTS5 table needs columns, and a synchronized one follows its content table") { factory in
        let writer = try factory.makeWriter()
        let error = try expectDatabaseError {
            try writer.write { db in try db.create(virtualTable: "empty", using: FTS5()) }
        }
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
        guard factory.driver.capabilities.supportsFTS5 else { return }
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE document (id INTEGER PRIMARY KEY, content TEXT)")
            try db.execute(sql: "INSERT INTO document VALUES (1, 'old text'), (2, 'kept text')")
            try db.create(virtualTable: "document_ft", using: FTS5()) { t in
                t.synchronize(withTable: "document")
                t.column("content")
            }
            try db.execute(sql: "UPDATE document SET content = 'new words' WHERE id = 1")
            try db.execute(sql: "DELETE FROM document WHERE id = 2")
            try db.execute(sql: "INSERT INTO document VALUES (3, 'more text')")
        }
        try writer.read { db in
            let sql = "SELECT rowid FROM document_ft WHERE document_ft MATCH ? ORDER BY rowid"
            try expectEqual(try Int64.fetchAll(db, sql: sql, arguments: ["text"]), [3])
            try expectEqual(try Int64.fetchAll(db, sql: sql, arguments: ["new"]), [1])
        }
        try writer.write { db in try db.dropFTS5SynchronizationTriggers(forTable: "document_ft") }
        try writer.read { db in
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger'"), 0)
        }
    },
]
