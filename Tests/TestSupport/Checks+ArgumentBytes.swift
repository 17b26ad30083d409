import Foundation
import RSCore

/// The bytes of arguments, through the driver's `bind_text` and `bind_blob`: statements copy short
/// text and blob arguments where SQLite reads them, and the values must survive every way a
/// statement is run again.
let argumentBytesChecks: [ConformanceCheck] = [
    ConformanceCheck("text and blob arguments of every length read back") { factory in
        let (texts, blobs) = try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE t (text TEXT, blob BLOB)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?, ?)")
            for text in textsOfEveryLength {
                try insert.execute(arguments: [text, Data(text.utf8)])
            }
            return (
                try String.fetchAll(db, sql: "SELECT text FROM t ORDER BY rowid"),
                try Data.fetchAll(db, sql: "SELECT blob FROM t ORDER BY rowid")
            )
        }
        try expectEqual(texts, textsOfEveryLength)
        try expectEqual(blobs, textsOfEveryLength.map { Data($0.utf8) })
    },
    ConformanceCheck("more argument bytes than the copies hold still read back") { factory in
        // 40 texts of 900 bytes: more chunks than one, then more than the bytes copied per binding.
        let texts = (0..<40).map { String(repeating: Character(UnicodeScalar(65 + $0 % 26)!), count: 900) }
        let sql = "SELECT " + Array(repeating: "?", count: texts.count).joined(separator: ", ")
        let (first, second) = try factory.makeWriter().read { db in
            let statement = try db.makeStatement(sql: sql)
            let first = try Row.fetchOne(statement, arguments: StatementArguments(texts))
            let second = try Row.fetchOne(statement, arguments: StatementArguments(texts.reversed()))
            return (first, second)
        }
        try expectEqual(first?.databaseValues, texts.map(\.databaseValue))
        try expectEqual(second?.databaseValues, texts.reversed().map(\.databaseValue))
    },
    ConformanceCheck("a statement run again without arguments reuses the last ones") { factory in
        let names = try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE t (name TEXT)")
            let insert = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
            try insert.execute(arguments: ["a rather long first name"])
            try insert.execute(arguments: ["second"])
            try insert.execute()
            return try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY rowid")
        }
        try expectEqual(names, ["a rather long first name", "second", "second"])
    },
    ConformanceCheck("a cursor reads its arguments while other statements bind theirs") { factory in
        let (fromCursor, fromOthers) = try factory.makeWriter().read { db in
            let cursor = try String.fetchCursor(
                db, sql: "SELECT ? UNION ALL SELECT ? UNION ALL SELECT ?", arguments: ["one", "two is longer", "three"])
            var fromCursor: [String] = []
            var fromOthers: [String?] = []
            while let value = try cursor.next() {
                fromCursor.append(value)
                fromOthers.append(try String.fetchOne(db, sql: "SELECT ?", arguments: ["other \(value)"]))
            }
            return (fromCursor, fromOthers)
        }
        try expectEqual(fromCursor, ["one", "two is longer", "three"])
        try expectEqual(fromOthers, ["other one", "other two is longer", "other three"])
    },
    ConformanceCheck("arguments that do not fit fail with SQLITE_MISUSE and leave the statement as it was") {
        factory in
        let sql = "SELECT :a AS a, ? AS b"
        let bound: StatementArguments = ["a": "first value"] + ["second value"]
        let (rows, arguments) = try factory.makeWriter().read { db in
            let statement = try db.makeStatement(sql: sql)
            try statement.setArguments(bound)
            // A missing argument, one too many.
            for wrongArguments: StatementArguments in [
                ["a": "only a"], ["a": "a"] + ["b", "one too many, and a long one at that"],
            ] {
                let error = try expectDatabaseError(
                    .SQLITE_MISUSE, sql: sql, messageContains: "wrong number of statement arguments"
                ) { try statement.setArguments(wrongArguments) }
            }
            return (try Row.fetchAll(statement), statement.arguments)
        }
        try expectEqual(rows.map(\.databaseValues), [["first value".databaseValue, "second value".databaseValue]])
        try expectEqual(arguments, bound)
    },
]

/// Texts of every length that matters: empty, inline in a Swift string, short, at the longest copied
/// length and beyond it.
private let textsOfEveryLength = [
    "", "a", "fifteen bytes..", String(repeating: "é", count: 40), String(repeating: "x", count: 1024),
    String(repeating: "y", count: 5000),
]
