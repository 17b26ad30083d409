import Dispatch
import RSCore
import RSDiff
import RSObservation
import RSQueryInterface
import RSTesting

/// A record of `word (key TEXT PRIMARY KEY, value INTEGER)`.
private struct Word: Codable, FetchableRecord, PersistableRecord, Sendable {
    var key: String
    var value: Int
}

/// A record of `cell (x INTEGER, y TEXT, value INTEGER, PRIMARY KEY (x, y)) WITHOUT ROWID`.
private struct Cell: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    var x: Int
    var y: String
    var value: Int
}

/// A record of `note (text TEXT)`, a table without primary key, whose rows are keyed by rowid.
private struct Note: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    var rowid: Int64?
    var text: String
}

private func makeDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(
            sql: """
                CREATE TABLE word (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
                CREATE TABLE cell (x INTEGER, y TEXT, value INTEGER NOT NULL, PRIMARY KEY (x, y)) WITHOUT ROWID;
                CREATE TABLE note (text TEXT);
                """)
    }
    return writer
}

/// The diff of the rows of `request` from the records of `scanner`.
private func diff<Record>(
    _ scanner: PrimaryKeyDiffScanner<Record>, _ writer: any DatabaseWriter, _ request: some FetchRequest
) throws -> PrimaryKeyDiffScanner<Record> {
    try scanner.tryDiffed(from: writer.read { db in try Row.fetchAll(db, request) })
}

/// The bytes of the keys of words.
private func keyBytes(_ words: [Word]) -> [[UInt8]] { words.map { Array($0.key.utf8) } }

/// The diffs of RSDiff that depend on SQLite (its order of texts, its schema), with each driver.
let diffChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "PrimaryKeyDiffScanner sorts text keys as SQLite's BINARY order, and tells apart keys that Swift finds equal"
    ) {
        factory in
        let writer = try makeDatabase(factory)
        // UTF-8 bytes: 41, 61, 65 CC 81 (e and a combining accent), C3 A9 (é), F0 9F 98 80 (an emoji).
        let keys = ["\u{1F600}", "\u{E9}", "a", "e\u{301}", "A"]
        try writer.write { db in
            for (value, key) in keys.enumerated() { try Word(key: key, value: value).insert(db) }
        }
        let request = Word.order(Column("key"))
        var scanner = try writer.read { db in
            try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
        }
        scanner = try diff(scanner, writer, request)
        try expectEqual(
            keyBytes(scanner.diff.inserted), ["A", "a", "e\u{301}", "\u{E9}", "\u{1F600}"].map { Array($0.utf8) })
        try writer.write { db in
            try db.execute(sql: "UPDATE word SET value = 10 WHERE key = ?", arguments: ["e\u{301}"])
            try db.execute(sql: "DELETE FROM word WHERE key = ?", arguments: ["\u{E9}"])
            try Word(key: "B", value: 0).insert(db)
        }
        scanner = try diff(scanner, writer, request)
        try expectEqual(keyBytes(scanner.diff.inserted), [Array("B".utf8)])
        try expectEqual(keyBytes(scanner.diff.updated), [Array("e\u{301}".utf8)])
        try expectEqual(keyBytes(scanner.diff.deleted), [Array("\u{E9}".utf8)])
    },
    ConformanceCheck("PrimaryKeyDiffScanner diffs the composite keys of a table without rowid") { factory in
        let writer = try makeDatabase(factory)
        try writer.write { db in
            for cell in [Cell(x: 1, y: "b", value: 0), Cell(x: 1, y: "B", value: 0), Cell(x: 2, y: "a", value: 0)] {
                try cell.insert(db)
            }
        }
        let request = Cell.orderByPrimaryKey()
        let initialRecords = try writer.read { db in try request.fetchAll(db) }
        try expectEqual(initialRecords.map(\.y), ["B", "b", "a"])
        let scanner = try writer.read { db in
            try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: initialRecords)
        }
        try writer.write { db in
            try Cell(x: 1, y: "b", value: 1).update(db)
            try Cell(x: 1, y: "B", value: 0).delete(db)
            try Cell(x: 1, y: "a", value: 0).insert(db)
        }
        let diff = try diff(scanner, writer, request).diff
        try expectEqual(diff.inserted, [Cell(x: 1, y: "a", value: 0)])
        try expectEqual(diff.updated, [Cell(x: 1, y: "b", value: 1)])
        try expectEqual(diff.deleted, [Cell(x: 1, y: "B", value: 0)])
    },
    ConformanceCheck(
        "PrimaryKeyDiffScanner rejects a request not ordered by its primary key, and keys a table without one by rowid"
    ) {
        factory in
        let writer = try makeDatabase(factory)
        try writer.read { db in
            try expectDatabaseError(
                .SQLITE_MISUSE, sql: "SELECT * FROM \"word\"",
                messageContains:
                    "PrimaryKeyDiffScanner needs the rows of table word sorted by primary key: the request has no "
                    + "ORDER BY clause: order it by key"
            ) {
                _ = try PrimaryKeyDiffScanner(database: db, request: Word.all(), initialRecords: [])
            }
            try expectDatabaseError(
                .SQLITE_MISUSE,
                messageContains: "the request is ordered by \"y\", not by x, y in ascending order and BINARY collation"
            ) {
                _ = try PrimaryKeyDiffScanner(database: db, request: Cell.order(Column("y")), initialRecords: [])
            }
            try expectDatabaseError(
                .SQLITE_MISUSE,
                messageContains: "the table has no primary key: its rows are identified by their rowid only"
            ) {
                _ = try PrimaryKeyDiffScanner(database: db, request: Note.order(Column("text")), initialRecords: [])
            }
        }
        try writer.write { db in try Note(text: "a").insert(db) }
        let byRowID = SQLRequest<Note>(sql: "SELECT rowid, * FROM note ORDER BY rowid")
        let scanner = try writer.read { db in
            try PrimaryKeyDiffScanner(database: db, request: byRowID, initialRecords: [])
        }
        try expectEqual(try diff(scanner, writer, byRowID).diff.inserted, [Note(rowid: 1, text: "a")])
    },
    ConformanceCheck(
        "ValueObservation.trackingPrimaryKeyDiffs inserts the initial records, then tells each transaction"
    ) {
        factory in
        let writer = try makeDatabase(factory)
        try writer.write { db in try Word(key: "a", value: 0).insert(db) }
        let recorder = ValueObservation.trackingPrimaryKeyDiffs(Word.order(Column("key"))).record(in: writer)
        let first = try recorder.waitForNext()
        try expectEqual(keyBytes(first.inserted), [Array("a".utf8)])
        try writer.write { db in
            try Word(key: "b", value: 0).insert(db)
            try db.execute(sql: "UPDATE word SET value = 1 WHERE key = 'a'")
        }
        // A pool may notify a state twice: its diff is empty.
        _ = try recorder.waitForNext(where: { !$0.isEmpty && !$0.updated.isEmpty })
        let values = recorder.values
        try expect(values.dropFirst().allSatisfy { $0.isEmpty || $0.updated.count == 1 }, "\(values)")
        let last = values.last!
        try expectEqual(keyBytes(last.inserted), [Array("b".utf8)])
        try expectEqual(last.updated.map(\.value), [1])
        try expect(last.deleted.isEmpty, "deleted \(last.deleted)")
        recorder.cancel()
    },
]
