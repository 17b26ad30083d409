import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

// The SQL of full-text search, as GRDB writes it, on the system SQLite: virtual tables of the schema
// DSL, `matching`, and FTS5's auxiliary functions. What SQLite does with them is checked by the
// conformance suite over every driver: Tests/TestSupport/Checks+FullTextSearch.swift.

private struct Document: TableRecord {
    static let databaseTableName = "document"
}

/// The SQL a request runs, on a database with full-text tables.
private func sql(_ request: some FetchRequest) throws -> String {
    let dbQueue = try DatabaseQueue()
    return try dbQueue.write { db in
        try db.create(virtualTable: "document", using: FTS5()) { t in t.column("content") }
        try db.execute(sql: "CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT)")
        return try request.makePreparedRequest(db, forSingleResult: false).statement.sql
    }
}

@Suite struct FullTextSearchSQLTests {
    @Test func fts3AndFTS4Tables() throws {
        let statements = try schemaSQL(DatabaseQueue()) { db in
            try db.create(virtualTable: "a", using: FTS3())
            try db.create(virtualTable: "b", options: .ifNotExists, using: FTS3()) { t in
                t.tokenizer = .unicode61(diacritics: .keep, tokenCharacters: [".", "-"])
                t.column("content")
            }
            try db.create(virtualTable: "c", options: .temporary, using: FTS4()) { t in
                t.tokenizer = .porter
                t.column("author").notIndexed()
                t.column("body")
            }
            try db.create(virtualTable: "d", using: FTS4()) { t in
                t.content = ""
                t.compress = "zip"
                t.uncompress = "unzip"
                t.matchinfo = "fts3"
                t.prefixes = [4, 2]
                t.column("content")
                t.column("lid").asLanguageId()
            }
        }
        #expect(
            statements == [
                #"CREATE VIRTUAL TABLE "a" USING fts3"#,
                #"CREATE VIRTUAL TABLE IF NOT EXISTS "b" USING fts3(content, tokenize=unicode61 "remove_diacritics=0" "tokenchars=-.")"#,
                #"CREATE VIRTUAL TABLE temp."c" USING fts4(author, notindexed=author, body, tokenize=porter)"#,
                #"CREATE VIRTUAL TABLE "d" USING fts4(content, languageid="lid", content="", compress="zip", uncompress="unzip", matchinfo="fts3", prefix="2,4")"#,
            ])
    }

    @Test func fts5Tables() throws {
        let statements = try schemaSQL(DatabaseQueue()) { db in
            try db.create(virtualTable: "a", using: FTS5()) { t in
                t.tokenizer = .porter(wrapping: .unicode61(diacritics: .remove, separators: ["X"]))
                t.column("author").notIndexed()
                t.column("body")
            }
            try db.create(virtualTable: "b", using: FTS5()) { t in
                t.tokenizer = .ascii()
                t.content = ""
                t.prefixes = [4, 2]
                t.columnSize = 0
                t.detail = "column"
                t.column("content")
            }
            try db.create(virtualTable: "module", using: "fts5(x)")
        }
        #expect(
            statements == [
                #"CREATE VIRTUAL TABLE "a" USING fts5(author UNINDEXED, body, tokenize='''porter'' ''unicode61'' ''remove_diacritics'' ''2'' ''separators'' ''X''')"#,
                #"CREATE VIRTUAL TABLE "b" USING fts5(content, tokenize='''ascii''', content='', prefix='2 4', columnSize=0, detail=column)"#,
                #"CREATE VIRTUAL TABLE "module" USING fts5(x)"#,
            ])
    }

    @Test func synchronizedTables() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE documents (id INTEGER PRIMARY KEY, content TEXT)")
        }
        let fts4 = try schemaSQL(dbQueue) { db in
            try db.create(virtualTable: "ft4", options: .ifNotExists, using: FTS4()) { t in
                t.synchronize(withTable: "documents")
                t.column("content")
            }
        }
        #expect(
            fts4 == [
                #"CREATE VIRTUAL TABLE IF NOT EXISTS "ft4" USING fts4(content, content="documents")"#,
                "CREATE TRIGGER IF NOT EXISTS \"__ft4_bu\" BEFORE UPDATE ON \"documents\" BEGIN\n"
                    + "    DELETE FROM \"ft4\" WHERE docid=old.\"id\";\nEND",
                "CREATE TRIGGER IF NOT EXISTS \"__ft4_bd\" BEFORE DELETE ON \"documents\" BEGIN\n"
                    + "    DELETE FROM \"ft4\" WHERE docid=old.\"id\";\nEND",
                "CREATE TRIGGER IF NOT EXISTS \"__ft4_au\" AFTER UPDATE ON \"documents\" BEGIN\n"
                    + "    INSERT INTO \"ft4\"(\"docid\", \"content\") VALUES(new.\"id\", new.\"content\");\nEND",
                "CREATE TRIGGER IF NOT EXISTS \"__ft4_ai\" AFTER INSERT ON \"documents\" BEGIN\n"
                    + "    INSERT INTO \"ft4\"(\"docid\", \"content\") VALUES(new.\"id\", new.\"content\");\nEND",
            ])
        let fts5 = try schemaSQL(dbQueue) { db in
            try db.create(virtualTable: "ft5", using: FTS5()) { t in
                t.synchronize(withTable: "documents")
                t.column("content")
            }
        }
        #expect(
            fts5 == [
                #"CREATE VIRTUAL TABLE "ft5" USING fts5(content, content='documents', content_rowid='id')"#,
                "CREATE TRIGGER \"__ft5_ai\" AFTER INSERT ON \"documents\" BEGIN\n"
                    + "    INSERT INTO \"ft5\"(\"rowid\", \"content\") VALUES (new.\"id\", new.\"content\");\nEND",
                "CREATE TRIGGER \"__ft5_ad\" AFTER DELETE ON \"documents\" BEGIN\n"
                    + "    INSERT INTO \"ft5\"(\"ft5\", \"rowid\", \"content\") VALUES('delete', old.\"id\", old.\"content\");\nEND",
                "CREATE TRIGGER \"__ft5_au\" AFTER UPDATE ON \"documents\" BEGIN\n"
                    + "    INSERT INTO \"ft5\"(\"ft5\", \"rowid\", \"content\") VALUES('delete', old.\"id\", old.\"content\");\n"
                    + "    INSERT INTO \"ft5\"(\"rowid\", \"content\") VALUES (new.\"id\", new.\"content\");\nEND",
            ])
        let dropped = try schemaSQL(dbQueue) { db in try db.dropFTS5SynchronizationTriggers(forTable: "ft5") }
        #expect(
            dropped == [
                #"DROP TRIGGER IF EXISTS "__ft5_ai""#, #"DROP TRIGGER IF EXISTS "__ft5_ad""#,
                #"DROP TRIGGER IF EXISTS "__ft5_au""#,
            ])
    }

    @Test func matching() throws {
        let pattern = FTS5Pattern(matchingAllTokensIn: "sqlite")
        #expect(try sql(Document.matching(pattern)) == #"SELECT * FROM "document" WHERE "document" MATCH ?"#)
        #expect(try sql(Document.matching(nil as FTS5Pattern?)) == #"SELECT * FROM "document" WHERE ?"#)
        #expect(
            try sql(Document.filter(Column("content").match(pattern!)))
                == #"SELECT * FROM "document" WHERE "content" MATCH ?"#)
        let alias = TableAlias(name: "d")
        #expect(
            try sql(Document.aliased(alias).matching(pattern).filter(alias[Column("content")] != nil))
                == #"SELECT "d".* FROM "document" "d" WHERE ("d"."document" MATCH ?) AND ("d"."content" IS NOT NULL)"#)
        #expect(
            try sql(Document.matching(pattern).order(Column.rank))
                == #"SELECT * FROM "document" WHERE "document" MATCH ? ORDER BY "rank""#)
        #expect(
            try sql(Document.matching(pattern).order(FTS5.bm25(10, 1)))
                == #"SELECT * FROM "document" WHERE "document" MATCH ? ORDER BY bm25("document", ?, ?)"#)
        #expect(
            try sql(
                Document.matching(pattern).select(
                    FTS5.highlight(column: 0, open: "<b>", close: "</b>"),
                    FTS5.snippet(open: "<b>", close: "</b>", ellipsis: "…", tokenCount: 8)))
                == #"SELECT highlight("document", ?, ?, ?), snippet("document", ?, ?, ?, ?, ?) FROM "document" WHERE "document" MATCH ?"#
        )
    }

    @Test func patternsOfUserInput() {
        #expect(FTS3Pattern(matchingAnyTokenIn: "SQLite, database!")?.rawPattern == "sqlite OR database")
        #expect(FTS3Pattern(matchingAllTokensIn: "AND or NOT")?.rawPattern == "and or not")
        #expect(FTS3Pattern(matchingAllPrefixesIn: "data* base")?.rawPattern == "data* base*")
        #expect(FTS3Pattern(matchingPhrase: "\"quoted\" words")?.rawPattern == "\"quoted words\"")
        #expect(FTS5Pattern(matchingPrefixPhrase: "Élan vital")?.rawPattern == "^\"Élan vital\"")
        #expect(FTS5Pattern(matchingAnyTokenIn: "title: x")?.rawPattern == "title OR x")
        #expect(FTS5Pattern(matchingAllTokensIn: "()*^:\"-+") == nil)
        #expect(FTS3Pattern(matchingPhrase: "") == nil)
    }
}
