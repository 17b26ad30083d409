import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

// Copied rows (`fetchAll`, `fetchSet`, `fetchOne`, `copy()`) keep their values compactly: numbers in
// a word, short texts and blobs in bytes shared by the rows of a batch, long ones as Swift values.
// Every read of a copied value must give what the row of a cursor gives for the same value.

/// Whether two values are stored identically: the same storage, reals by bit pattern (-0.0 is not
/// 0.0, NaN is NaN).
private func isIdentical(_ lhs: DatabaseValue, _ rhs: DatabaseValue) -> Bool {
    switch (lhs.storage, rhs.storage) {
    case (.double(let lhs), .double(let rhs)): return lhs.bitPattern == rhs.bitPattern
    default: return lhs.storage == rhs.storage
    }
}

/// Expects a copied row to read as the row of a cursor over the same value, in every way.
private func expectSameReads(_ copied: Row, _ cursorRow: Row, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(copied == cursorRow, sourceLocation: sourceLocation)
    #expect(cursorRow == copied, sourceLocation: sourceLocation)
    #expect(copied.hashValue == cursorRow.hashValue, sourceLocation: sourceLocation)
    #expect(copied.description == cursorRow.description, sourceLocation: sourceLocation)
    #expect(copied.containsNonNullValue == cursorRow.containsNonNullValue, sourceLocation: sourceLocation)
    for index in 0..<cursorRow.count {
        let dbValue = cursorRow.databaseValue(atIndex: index)
        #expect(isIdentical(copied.databaseValue(atIndex: index), dbValue), sourceLocation: sourceLocation)
        #expect(copied.hasNull(atIndex: index) == dbValue.isNull, sourceLocation: sourceLocation)
        #expect(
            copied[index].map { DatabaseValue(value: $0) } == cursorRow[index].map { DatabaseValue(value: $0) },
            sourceLocation: sourceLocation)
        #expect((try? copied.decode(Int64.self, atIndex: index)) == Int64.fromDatabaseValue(dbValue))
        #expect((try? copied.decode(Int.self, atIndex: index)) == Int.fromDatabaseValue(dbValue))
        #expect(
            (try? copied.decode(Double.self, atIndex: index)).map(\.bitPattern)
                == Double.fromDatabaseValue(dbValue).map(\.bitPattern), sourceLocation: sourceLocation)
        #expect((try? copied.decode(String.self, atIndex: index)) == String.fromDatabaseValue(dbValue))
        #expect((try? copied.decode(Data.self, atIndex: index)) == Data.fromDatabaseValue(dbValue))
        #expect((try? copied.decode(Bool.self, atIndex: index)) == Bool.fromDatabaseValue(dbValue))
    }
}

@Suite struct CopiedRowValuesTests {
    @Test func copiedRowsReadEveryKindOfValueAsACursorRowDoes() throws {
        let longText = String(repeating: "é", count: 3000)
        let values: [DatabaseValue] = [
            .null, 0.databaseValue, (-1).databaseValue, Int64.min.databaseValue, Int64.max.databaseValue,
            2.5.databaseValue, (-0.0).databaseValue, Double.greatestFiniteMagnitude.databaseValue,
            Double.leastNonzeroMagnitude.databaseValue, Double.nan.databaseValue, "".databaseValue,
            "Arthur".databaseValue, "é — 日本語 🙂".databaseValue, String(repeating: "x", count: 256).databaseValue,
            String(repeating: "y", count: 257).databaseValue, longText.databaseValue, Data([0, 1, 2]).databaseValue,
            Data([0xFF]).databaseValue, Data(repeating: 7, count: 256).databaseValue,
            Data(repeating: 8, count: 257).databaseValue, Data(repeating: 9, count: 100_000).databaseValue,
        ]
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
            for value in values { try db.execute(sql: "INSERT INTO t (v) VALUES (?)", arguments: [value]) }
            // An empty blob, and a text that is not valid UTF-8 (repaired when read).
            try db.execute(sql: "INSERT INTO t (v) VALUES (x''), (CAST(x'41FF42' AS TEXT))")
        }
        let expected =
            values.map { value in Double.fromDatabaseValue(value)?.isNaN == true ? .null : value }
            + [Data().databaseValue, "A\u{FFFD}B".databaseValue]
        let sql = "SELECT v, typeof(v) AS type, id FROM t ORDER BY id"
        try dbQueue.read { db in
            let all = try Row.fetchAll(db, sql: sql)
            let set = try Row.fetchSet(db, sql: sql)
            #expect(all.count == expected.count)
            #expect(set == Set(all))
            #expect(
                all.map { $0["type"] as String }
                    == expected.map { value in
                        switch value.storage {
                        case .null: "null"
                        case .int64: "integer"
                        case .double: "real"
                        case .string: "text"
                        case .blob: "blob"
                        }
                    })
            let cursor = try Row.fetchCursor(db, sql: sql)
            var index = 0
            while let cursorRow = try cursor.next() {
                #expect(isIdentical(all[index].databaseValue(atIndex: 0), expected[index]))
                expectSameReads(all[index], cursorRow)
                expectSameReads(cursorRow.copy(), cursorRow)
                let one = try #require(try Row.fetchOne(db, sql: sql + " LIMIT 1 OFFSET ?", arguments: [index]))
                expectSameReads(one, cursorRow)
                index += 1
            }
            #expect(index == expected.count)
        }
    }

    @Test func rowsOfManyBatchesKeepTheirOwnValuesOfEveryKind() throws {
        // 3,000 rows of 4 columns: batches of 16, 32, … up to 512 rows. The texts' lengths cross the
        // length beyond which a text is kept as a Swift string rather than copied in shared bytes.
        func expectedValues(_ id: Int) -> [DatabaseValue] {
            let value: DatabaseValue =
                switch id % 6 {
                case 0: .null
                case 1: (Int64.max - Int64(id)).databaseValue
                case 2: (Double(id) / 3).databaseValue
                case 3: "ñ\(id)".databaseValue
                case 4: Data(repeating: UInt8(id % 256), count: id % 5).databaseValue
                default: "".databaseValue
                }
            return [
                id.databaseValue, value, String(repeating: "t", count: id % 300).databaseValue,
                Data(repeating: 1, count: id % 400).databaseValue,
            ]
        }
        let dbQueue = try DatabaseQueue()
        let rows = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a, b, c)")
            for id in 1...3000 {
                try db.execute(
                    sql: "INSERT INTO t VALUES (?, ?, ?, ?)", arguments: StatementArguments(expectedValues(id)))
            }
            return try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY id")
        }
        #expect(rows.count == 3000)
        for (offset, row) in rows.enumerated() {
            let expected = expectedValues(offset + 1)
            #expect(row.databaseValues.count == expected.count)
            #expect(zip(row.databaseValues, expected).allSatisfy(isIdentical))
            #expect(row["b"] as String == String(repeating: "t", count: (offset + 1) % 300))
            #expect(row.hasNull(atIndex: 1) == ((offset + 1) % 6 == 0))
        }
    }

    @Test func adaptedRowsReadTheirCopiedValuesAtTheirBaseIndexes() throws {
        // 100 rows: rows past the first batch read their values after those of other rows.
        let adapter = ScopeAdapter(["tail": SuffixRowAdapter(fromIndex: 2)])
        let sql = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
            SELECT i AS id, 'name ' || i AS name, i / 2.0 AS ratio, CASE WHEN i % 2 THEN NULL ELSE i END AS even,
            'text ' || i AS text FROM n
            """
        let dbQueue = try DatabaseQueue()
        try dbQueue.read { db in
            let rows = try Row.fetchAll(db, sql: sql, adapter: adapter)
            let cursor = try Row.fetchCursor(db, sql: sql, adapter: adapter)
            var index = 0
            while let cursorRow = try cursor.next() {
                let row = rows[index]
                let id = index + 1
                expectSameReads(row, cursorRow)
                let tail = try #require(row.scopes["tail"])
                expectSameReads(tail, try #require(cursorRow.scopes["tail"]))
                #expect(tail.columnNames == ["ratio", "even", "text"])
                #expect(try tail.decode(Double.self, forColumn: "ratio") == Double(id) / 2)
                #expect(try tail.decode(Int?.self, forColumn: "even") == (id % 2 == 0 ? id : nil))
                #expect(tail.hasNull(atIndex: 1) == (id % 2 == 1))
                #expect(try tail.decode(String.self, forColumn: "text") == "text \(id)")
                #expect(try row.unadapted.decode(String.self, forColumn: "name") == "name \(id)")
                index += 1
            }
            #expect(index == 100)
        }
    }

    @Test func copiedRowsOfPrefetchingRequestsKeepTheirValues() throws {
        // 40 authors: the rows of the second batch (from the 17th) get their prefetched rows too.
        struct Author: TableRecord {
            static let books = hasMany(Book.self)
        }
        struct Book: TableRecord {}
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id), title TEXT);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
                    INSERT INTO author SELECT i, 'author ' || i FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 80)
                    INSERT INTO book SELECT i, (i + 1) / 2, 'book ' || i FROM n;
                    """)
        }
        try dbQueue.read { db in
            let request = Author.including(all: Author.books.orderByPrimaryKey()).orderByPrimaryKey()
            let rows = try Row.fetchAll(db, request)
            #expect(rows.count == 40)
            for (offset, row) in rows.enumerated() {
                let id = offset + 1
                #expect(row["id"] as Int == id)
                #expect(row["name"] as String == "author \(id)")
                let books = try #require(row.prefetchedRows["books"])
                #expect(books.map { $0["title"] as String } == ["book \(2 * id - 1)", "book \(2 * id)"])
                #expect(row == (try Row.fetchOne(db, request.filter(key: id))))
                #expect(row.copy() == row)
            }
        }
    }

    @Test func rowsBuiltFromValuesKeepThem() {
        let values: [DatabaseValue] = [
            .null, Int64.min.databaseValue, (-0.0).databaseValue, Double.nan.databaseValue, "".databaseValue,
            "é — 日本語".databaseValue, String(repeating: "z", count: 1000).databaseValue, Data().databaseValue,
            Data([1, 2]).databaseValue,
        ]
        let row = Row(values.enumerated().map { ("c\($0.offset)", $0.element) })
        #expect(zip(row.databaseValues, values).allSatisfy(isIdentical))
        #expect(row.hasNull(atIndex: 0))
        #expect(!row.hasNull(atIndex: 3))
        #expect(row["c5"] as String == "é — 日本語")
        #expect(row["c7"] as Data == Data())
        #expect((row["c3"] as Double).isNaN)
        // NaN is not equal to itself: neither is a row that holds it, as before copied values.
        #expect(row != row.copy())
    }

    @Test func copiedValuesTellFromTheirBytesWhetherTheyAreStoredAlike() throws {
        let dbQueue = try DatabaseQueue()
        let long = String(repeating: "a", count: 300)
        let sql = """
            SELECT * FROM (VALUES
                (NULL, 1, 1.5, 'abc', x'0102', '\(long)'),
                (1, 2, 2.5, 'abd', x'0103', '\(long)b'),
                (NULL, 1.0, 1, x'616263', 'abc', NULL))
            """
        // Two fetches: two buffers of copied values.
        let (rows, others) = try dbQueue.read { db in try (Row.fetchAll(db, sql: sql), Row.fetchAll(db, sql: sql)) }
        for index in 0..<5 {
            #expect(rows[0].hasCopiedValue(atIndex: index, storedAlikeAs: others[0], atIndex: index))
            #expect(!rows[0].hasCopiedValue(atIndex: index, storedAlikeAs: others[1], atIndex: index))
            // Other storage classes: integer and real, text and blob, and back.
            #expect(!rows[0].hasCopiedValue(atIndex: index, storedAlikeAs: others[2], atIndex: index) || index == 0)
        }
        #expect(rows[0] == others[0])
        // The same bytes, stored as a text and as a blob: not equal.
        let (text, blob) = try dbQueue.read { db in
            try (Row.fetchAll(db, sql: "SELECT 'abc' AS v"), Row.fetchAll(db, sql: "SELECT x'616263' AS v"))
        }
        #expect(text != blob)
        // A long text is boxed: its bytes do not tell.
        #expect(!rows[0].hasCopiedValue(atIndex: 5, storedAlikeAs: others[0], atIndex: 5))
        #expect(rows[0].hasCopiedValue(atIndex: 1, storedAlikeAs: rows[2], atIndex: 2))
        // A row of a statement has no copied value.
        try dbQueue.read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try #require(try cursor.next())
            #expect(!row.hasCopiedValue(atIndex: 1, storedAlikeAs: rows[0], atIndex: 1))
        }
    }
}
