import ReactiveSQLite
import Testing

/// Examples of `PrimaryKeyDiffScanner` against a real SQLite database: text keys in BINARY order,
/// composite keys, initial records, and the errors of requests it cannot diff.
@Suite struct PrimaryKeyDiffScannerTests {
    private func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in try createTables(db) }
        return dbQueue
    }

    private func makeScanner<Record, Request: FetchRequest>(
        _ dbQueue: DatabaseQueue, _ request: Request, initialRecords: [Record] = []
    ) throws -> PrimaryKeyDiffScanner<Record> where Request.RowDecoder == Record {
        try dbQueue.read { db in
            try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: initialRecords)
        }
    }

    private func rows(_ dbQueue: DatabaseQueue, _ request: some FetchRequest) throws -> [Row] {
        try dbQueue.read { db in try Row.fetchAll(db, request) }
    }

    @Test func textKeysAreInBinaryOrderWhereSwiftSortsOtherwise() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            for (value, key) in trickyTexts.enumerated() { try Word(key: key, value: value).insert(db) }
        }
        let request = Word.order(Column("key"))
        var scanner = try makeScanner(dbQueue, request).tryDiffed(from: rows(dbQueue, request))
        // The UTF-8 bytes: 41 42 5A 61 62 65CC81 7E C39F C3A9 EFBD81 F09F9880 (and "" first).
        let binaryOrder = ["", "A", "B", "Z", "a", "b", "e\u{301}", "~", "\u{DF}", "\u{E9}", "\u{FF41}", "\u{1F600}"]
        #expect(scanner.diff.inserted.map(\.keyBytes) == binaryOrder.map { Array($0.utf8) })
        #expect(trickyTexts.sorted().map { Array($0.utf8) } != binaryOrder.map { Array($0.utf8) })

        // "é" (one code point) and "e" + U+0301 are equal Swift strings, and two keys of SQLite.
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE word SET value = 100 WHERE key = ?", arguments: ["\u{E9}"])
            try db.execute(sql: "DELETE FROM word WHERE key = ?", arguments: ["e\u{301}"])
            try Word(key: "E", value: 0).insert(db)
        }
        scanner = try scanner.tryDiffed(from: rows(dbQueue, request))
        #expect(scanner.diff.inserted.map(\.keyBytes) == [Array("E".utf8)])
        #expect(scanner.diff.updated.map(\.keyBytes) == [Array("\u{E9}".utf8)])
        #expect(scanner.diff.updated.map(\.value) == [100])
        #expect(scanner.diff.deleted.map(\.keyBytes) == [Array("e\u{301}".utf8)])

        // A value that changes from one form to the other is an update too.
        try dbQueue.write { db in
            try db.execute(sql: "UPDATE word SET key = ? WHERE key = ?", arguments: ["A\u{E9}", "A"])
            try db.execute(sql: "UPDATE word SET key = ? WHERE key = ?", arguments: ["Ae\u{301}", "A\u{E9}"])
        }
        scanner = try scanner.tryDiffed(from: rows(dbQueue, request))
        #expect(scanner.diff.deleted.map(\.keyBytes) == [Array("A".utf8)])
        #expect(scanner.diff.inserted.map(\.keyBytes) == [Array("Ae\u{301}".utf8)])
    }

    @Test func compositeKeys() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            for cell in [Cell(x: 1, y: "b", value: 0), Cell(x: 1, y: "B", value: 0), Cell(x: 2, y: "a", value: 0)] {
                try cell.insert(db)
            }
        }
        let request = Cell.order(Column("x"), Column("y"))
        var scanner = try makeScanner(dbQueue, request).tryDiffed(from: rows(dbQueue, request))
        #expect(
            scanner.diff.inserted == [
                Cell(x: 1, y: "B", value: 0), Cell(x: 1, y: "b", value: 0), Cell(x: 2, y: "a", value: 0),
            ])
        try dbQueue.write { db in
            try Cell(x: 1, y: "b", value: 5).update(db)
            try Cell(x: 1, y: "B", value: 0).delete(db)
            try Cell(x: 0, y: "z", value: 0).insert(db)
            try Cell(x: 2, y: "A", value: 0).insert(db)
        }
        scanner = try scanner.tryDiffed(from: rows(dbQueue, request))
        #expect(scanner.diff.inserted == [Cell(x: 0, y: "z", value: 0), Cell(x: 2, y: "A", value: 0)])
        #expect(scanner.diff.updated == [Cell(x: 1, y: "b", value: 5)])
        #expect(scanner.diff.deleted == [Cell(x: 1, y: "B", value: 0)])
        scanner = try scanner.tryDiffed(from: rows(dbQueue, request))
        #expect(scanner.diff.isEmpty)
    }

    @Test func theFirstDiffGoesFromTheInitialRecords() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "INSERT INTO place (id, name) VALUES (1, 'a'), (2, 'B'), (4, 'd')")
        }
        let request = Place.order(Column("id"))
        let initialRecords = [Place(id: 1, name: "a"), Place(id: 2, name: "b"), Place(id: 3, name: "c")]
        let scanner = try makeScanner(dbQueue, request, initialRecords: initialRecords)
        #expect(scanner.diff.isEmpty)
        let diff = try scanner.tryDiffed(from: rows(dbQueue, request)).diff
        #expect(diff.inserted == [Place(id: 4, name: "d")])
        #expect(diff.updated == [Place(id: 2, name: "B")])
        #expect(diff.deleted == [Place(id: 3, name: "c")])
    }

    @Test func requestsOrderedByTheirPrimaryKey() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO place (id, name) VALUES (2, 'b'), (1, 'a')") }
        let requests: [SQLRequest<Place>] = [
            "SELECT * FROM place ORDER BY id",
            "SELECT * FROM place ORDER BY place.id ASC NULLS FIRST",
            "SELECT * FROM \"place\" ORDER BY \"place\".\"id\" COLLATE BINARY, name LIMIT 10",
            "SELECT * FROM place ORDER BY rowid",
            "SELECT * FROM place WHERE id IN (SELECT id FROM place ORDER BY name) -- ORDER BY name\n ORDER BY [id]",
            "SELECT *, 'ORDER BY name' FROM place /* ORDER BY name */ ORDER BY `ID`",
        ]
        for request in requests {
            let diff = try makeScanner(dbQueue, request).tryDiffed(from: rows(dbQueue, request)).diff
            #expect(diff.inserted.map(\.id) == [1, 2], "\(request.literal)")
        }
        let orderedByPrimaryKey = Place.orderByPrimaryKey()
        let diff = try makeScanner(dbQueue, orderedByPrimaryKey).tryDiffed(from: rows(dbQueue, orderedByPrimaryKey))
            .diff
        #expect(diff.inserted.map(\.id) == [1, 2])
    }

    @Test func aRequestNotOrderedByItsPrimaryKeyIsAnError() throws {
        let dbQueue = try makeDatabase()
        try expectMisuse("has no ORDER BY clause: order it by id") { try makeScanner(dbQueue, Place.all()) }
        try expectMisuse("the request is ordered by \"name\", not by id in ascending order and BINARY collation") {
            try makeScanner(dbQueue, Place.order(Column("name")))
        }
        try expectMisuse("ordered by \"id\" DESC, not by id") {
            try makeScanner(dbQueue, Place.order(Column("id").desc))
        }
        try expectMisuse("ordered by \"key\" COLLATE NOCASE, not by key") {
            try makeScanner(dbQueue, Word.order(Column("key").collating(.nocase)))
        }
        try expectMisuse("ordered by \"x\", which does not start with every primary key column: order it by x, y") {
            try makeScanner(dbQueue, Cell.order(Column("x")))
        }
        try expectMisuse("ordered by \"y\", \"x\", not by x, y") {
            try makeScanner(dbQueue, Cell.order(Column("y"), Column("x")))
        }
        try expectMisuse("has no ORDER BY clause") {
            try makeScanner(dbQueue, SQLRequest<Place>(sql: "SELECT * FROM (SELECT * FROM place ORDER BY id)"))
        }
        try expectMisuse("ordered by id + 0, not by id") {
            try makeScanner(dbQueue, SQLRequest<Place>(sql: "SELECT * FROM place ORDER BY id + 0"))
        }
        try expectMisuse("does not select the primary key column id (its columns: name)") {
            try makeScanner(dbQueue, Place.select(Column("name")).order(Column("id")))
        }
        let error = try expectMisuse("table place sorted by primary key") { try makeScanner(dbQueue, Place.all()) }
        #expect(error.sql == "SELECT * FROM \"place\"")
    }

    @Test func rowsOutOfKeyOrderAreAnErrorNeverAWrongDiff() throws {
        let dbQueue = try makeDatabase()
        // A key column of the NOCASE collation sorts as NOCASE: "a" before "B", whose bytes sort after.
        try dbQueue.write { db in
            try db.execute(
                sql: """
                    DROP TABLE word;
                    CREATE TABLE word (key TEXT PRIMARY KEY COLLATE NOCASE, value INTEGER NOT NULL);
                    INSERT INTO word VALUES ('a', 0), ('B', 0);
                    """)
        }
        let request = Word.order(Column("key"))
        let scanner = try makeScanner(dbQueue, request)
        try expectMisuse("key (\"B\") comes after key (\"a\"): order the request by key, text keys in BINARY collation")
        {
            try scanner.tryDiffed(from: rows(dbQueue, request))
        }
        // Rows of the same key twice, rows without the key, rows of different columns.
        try expectMisuse("key (\"a\") comes after key (\"a\")") {
            try scanner.tryDiffed(from: [["key": "a", "value": 0], ["key": "a", "value": 1]])
        }
        try expectMisuse("the rows have no primary key column key (their columns: value)") {
            try scanner.tryDiffed(from: [["value": 0]])
        }
        try expectMisuse("the rows do not all have the same columns: (value, key) after (key, value)") {
            try scanner.tryDiffed(from: [["key": "a", "value": 0], ["value": 0, "key": "b"]])
        }
    }

    @Test func rowsThatCannotBeDiffedMakeNoDiffAndTheNextDiffGoesFromTheLastGoodRows() throws {
        let dbQueue = try makeDatabase()
        let request = Place.order(Column("id"))
        let paris: Row = ["id": 1, "name": "Paris"]
        let first = try makeScanner(dbQueue, request).diffed(from: [paris])
        #expect(first.error == nil)
        #expect(first.diff.inserted == [Place(id: 1, name: "Paris")])
        // A NULL name cannot be decoded as a Place.
        let undecodable: [Row] = [paris, ["id": 2, "name": DatabaseValue.null]]
        let failed = first.diffed(from: undecodable)
        #expect((failed.error as? DatabaseError)?.resultCode == .SQLITE_MISMATCH)
        #expect(failed.diff.inserted.isEmpty && failed.diff.updated.isEmpty && failed.diff.deleted.isEmpty)
        #expect(throws: DatabaseError.self) { try first.tryDiffed(from: undecodable) }
        // Rows out of key order make no diff either.
        let unordered = first.diffed(from: [["id": 3, "name": "Rome"], paris])
        #expect((unordered.error as? DatabaseError)?.resultCode == .SQLITE_MISUSE)
        // The next diff goes from the rows of the last diff that was made.
        let next = failed.diffed(from: [paris, ["id": 2, "name": "Rome"]])
        #expect(next.error == nil)
        #expect(next.diff.inserted == [Place(id: 2, name: "Rome")])
        #expect(next.diff.updated.isEmpty && next.diff.deleted.isEmpty)
    }

    @Test func initialRecordsMustBeSortedByPrimaryKey() throws {
        let dbQueue = try makeDatabase()
        try expectMisuse("the initial records are not sorted by primary key: key (1) comes after key (2)") {
            try makeScanner(
                dbQueue, Place.order(Column("id")), initialRecords: [Place(id: 2, name: "b"), Place(id: 1, name: "a")])
        }
    }

    @Test func aTableWithoutPrimaryKeyIsAnErrorUnlessTheRequestSelectsItsRowID() throws {
        struct Note: Codable, FetchableRecord, PersistableRecord, Equatable {
            var rowid: Int64?
            var text: String
        }
        let dbQueue = try makeDatabase()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL); INSERT INTO note VALUES ('a'), ('b')")
        }
        try expectMisuse(
            "the table has no primary key: its rows are identified by their rowid only, which the request must then "
                + "select (SELECT rowid, * FROM \"note\" ORDER BY rowid)"
        ) {
            try makeScanner(dbQueue, Note.order(Column("text")))
        }
        try expectMisuse("ordered by text, not by rowid") {
            try makeScanner(dbQueue, SQLRequest<Note>(sql: "SELECT rowid, * FROM note ORDER BY text"))
        }
        let request = SQLRequest<Note>(sql: "SELECT rowid, * FROM note ORDER BY rowid")
        var scanner = try makeScanner(dbQueue, request).tryDiffed(from: rows(dbQueue, request))
        #expect(scanner.diff.inserted == [Note(rowid: 1, text: "a"), Note(rowid: 2, text: "b")])
        try dbQueue.write { db in try db.execute(sql: "UPDATE note SET text = 'c' WHERE rowid = 2") }
        scanner = try scanner.tryDiffed(from: rows(dbQueue, request))
        #expect(scanner.diff.updated == [Note(rowid: 2, text: "c")])
    }

    @Test func aMissingTableIsAnError() throws {
        struct Missing: Codable, FetchableRecord, PersistableRecord {
            var id: Int64
        }
        let dbQueue = try makeDatabase()
        let error = #expect(throws: DatabaseError.self) {
            try makeScanner(dbQueue, SQLRequest<Missing>(sql: "SELECT 1 AS id ORDER BY id"))
        }
        #expect(error?.resultCode == .SQLITE_ERROR)
        #expect(error?.message == "no such table: missing")
    }
}

/// Expects a `DatabaseError` `SQLITE_MISUSE` whose message contains `message`; returns it.
@discardableResult
func expectMisuse<T>(
    _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) throws -> DatabaseError {
    let error = try #require(throws: DatabaseError.self, sourceLocation: sourceLocation) { _ = try body() }
    #expect(error.resultCode == .SQLITE_MISUSE, sourceLocation: sourceLocation)
    #expect(error.message?.contains(message) == true, "\(error)", sourceLocation: sourceLocation)
    return error
}
