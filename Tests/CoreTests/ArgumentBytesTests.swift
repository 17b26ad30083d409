import Foundation
import ReactiveSQLite
import Testing

/// Statements copy short text and blob arguments where SQLite reads them: the values must survive
/// every way a statement is run again.
@Suite struct ArgumentBytesTests {
    /// Texts of every length that matters: empty, inline in a Swift string, short, at the longest
    /// copied length and beyond it.
    private static let texts = [
        "", "a", "fifteen bytes..", String(repeating: "é", count: 40), String(repeating: "x", count: 1024),
        String(repeating: "y", count: 5000),
    ]

    @Test func textsAndBlobsOfEveryLengthReadBack() throws {
        let dbQueue = try DatabaseQueue()
        let (texts, blobs) = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (text TEXT, blob BLOB)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?)")
            for text in Self.texts {
                try insert.execute(arguments: [text, Data(text.utf8)])
            }
            return (
                try String.fetchAll(db, sql: "SELECT text FROM t ORDER BY rowid"),
                try Data.fetchAll(db, sql: "SELECT blob FROM t ORDER BY rowid")
            )
        }
        #expect(texts == Self.texts)
        #expect(blobs == Self.texts.map { Data($0.utf8) })
    }

    @Test func manyArgumentsOverflowTheCopiesAndStillReadBack() throws {
        // 40 texts of 900 bytes: more chunks than one, then more than the bytes copied per binding.
        let texts = (0..<40).map { String(repeating: Character(UnicodeScalar(65 + $0 % 26)!), count: 900) }
        let dbQueue = try DatabaseQueue()
        let sql = "SELECT " + Array(repeating: "?", count: texts.count).joined(separator: ", ")
        let (first, second) = try dbQueue.read { db in
            let statement = try db.makeStatement(sql: sql)
            let first = try Row.fetchOne(statement, arguments: StatementArguments(texts))
            let second = try Row.fetchOne(statement, arguments: StatementArguments(texts.reversed()))
            return (first, second)
        }
        #expect(try #require(first).databaseValues == texts.map(\.databaseValue))
        #expect(try #require(second).databaseValues == texts.reversed().map(\.databaseValue))
    }

    @Test func aStatementRunAgainWithoutArgumentsReusesTheLastOnes() throws {
        let dbQueue = try DatabaseQueue()
        let names = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (name TEXT)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
            try insert.execute(arguments: ["a rather long first name"])
            try insert.execute(arguments: ["second"])
            try insert.execute()
            return try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY rowid")
        }
        #expect(names == ["a rather long first name", "second", "second"])
    }

    @Test func aCursorReadsItsArgumentsWhileOtherStatementsBindTheirs() throws {
        let dbQueue = try DatabaseQueue()
        let (fromCursor, fromOthers) = try dbQueue.read { db in
            let cursor = try String.fetchCursor(
                db, sql: "SELECT ? UNION ALL SELECT ? UNION ALL SELECT ?", arguments: ["one", "two is longer", "three"])
            var fromCursor: [String] = []
            var fromOthers: [String] = []
            while let value = try cursor.next() {
                fromCursor.append(value)
                fromOthers.append(try String.fetchOne(db, sql: "SELECT ?", arguments: ["other \(value)"])!)
            }
            return (fromCursor, fromOthers)
        }
        #expect(fromCursor == ["one", "two is longer", "three"])
        #expect(fromOthers == ["other one", "other two is longer", "other three"])
    }

    @Test func argumentsThatDoNotFitLeaveTheStatementAsItWas() throws {
        let dbQueue = try DatabaseQueue()
        let (rows, arguments) = try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT :a AS a, ? AS b")
            let bound: StatementArguments = ["a": "first value"] + ["second value"]
            try statement.setArguments(bound)
            // A missing argument, one too many.
            #expect(throws: DatabaseError.self) { try statement.setArguments(["a": "only a"]) }
            #expect(throws: DatabaseError.self) {
                try statement.setArguments(["a": "a"] + ["b", "one too many, and a long one at that"])
            }
            return (try Row.fetchAll(statement), statement.arguments)
        }
        #expect(rows.map(\.databaseValues) == [["first value".databaseValue, "second value".databaseValue]])
        #expect(arguments == ["a": "first value"] + ["second value"])
    }
}
