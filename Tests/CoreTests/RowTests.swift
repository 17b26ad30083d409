import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

private let sampleSQL = "SELECT 1 AS id, 'Arthur' AS name, NULL AS score, 2.5 AS ratio, x'0102' AS data"

private func fetchRow(_ sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row {
    let dbQueue = try DatabaseQueue()
    let row = try dbQueue.read { db in try Row.fetchOne(db, sql: sql, arguments: arguments) }
    return try #require(row)
}

@Suite struct RowTests {
    @Test func columnNamesAreCaseInsensitiveForASCIILettersOnlyAsInSQLite() throws {
        // SQLite folds ASCII letters only: "K" (the Kelvin sign) and "k", or "É" and "é", are two
        // columns; "Name" and "name" are one. (Found by the fuzz target.) Names are Swift strings,
        // equal when canonically equivalent: the ASCII "K" finds the Kelvin sign's column.
        let row = try fetchRow("SELECT 1 AS \"\u{212A}\", 2 AS k, 3 AS \"É\", 4 AS \"é\", 5 AS Name")
        #expect(row["k"] == 2)
        #expect(row["\u{212A}"] == 1)
        #expect(row["É"] == 3)
        #expect(row["é"] == 4)
        #expect(row["name"] == 5)
        #expect(row["NAME"] == 5)
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (\"\u{212A}\", k); INSERT INTO t VALUES (NULL, 0.0)")
            return try Row.fetchOne(db, sql: "SELECT * FROM t").map { [$0["k"] as Double?, $0["\u{212A}"] as Double?] }
        }
        #expect(values == [0.0, nil])
    }

    @Test func fetchedRowsKeepTheirOwnValuesAcrossBatches() throws {
        // Rows of 3 columns are copied in batches of 16, 32, … up to 682 rows: 1500 rows span seven.
        let dbQueue = try DatabaseQueue()
        let (rows, set, single) = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL)")
            for id in 1...1500 {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?)", arguments: [id, "name \(id)", Double(id) / 2])
            }
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY id")
            let set = try Row.fetchSet(db, sql: "SELECT * FROM t")
            return (rows, set, try Row.fetchOne(db, sql: "SELECT * FROM t WHERE id = 700"))
        }
        #expect(rows.count == 1500)
        for (offset, row) in rows.enumerated() {
            let id = offset + 1
            #expect(row.count == 3)
            #expect(row["id"] as Int == id)
            #expect(row[1] as String == "name \(id)")
            #expect(row["score"] as Double == Double(id) / 2)
            #expect(
                row.databaseValues == [id.databaseValue, "name \(id)".databaseValue, (Double(id) / 2).databaseValue])
        }
        #expect(set.count == 1500)
        #expect(set == Set(rows))
        #expect(rows[699] == single)
        #expect(rows[699].hashValue == single?.hashValue)
    }

    @Test func fetchAllReturnsEveryRowAtBatchBoundaries() throws {
        // The first batch holds 16 rows: 0, 16 and 17 rows end a batch empty, full, and just started.
        let dbQueue = try DatabaseQueue()
        let counts = try dbQueue.read { db in
            try [0, 16, 17].map { limit in
                try Row.fetchAll(
                    db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n LIMIT ?",
                    arguments: [limit]
                ).map { $0[0] as Int }
            }
        }
        #expect(counts == [[], Array(1...16), Array(1...17)])
    }

    // MARK: - Subscripts

    @Test func untypedSubscriptsReturnTheStorageValue() throws {
        let row = try fetchRow(sampleSQL)
        #expect(row.count == 5)
        #expect(row.columnNames == ["id", "name", "score", "ratio", "data"])
        #expect(row[0] as? Int64 == 1)
        #expect(row[1] as? String == "Arthur")
        #expect(row[2] == nil)
        #expect(row["ratio"] as? Double == 2.5)
        #expect(row["data"] as? Data == Data([1, 2]))
        #expect(row[Column("name")] as? String == "Arthur")
        #expect(row["missing"] == nil)
    }

    @Test func typedSubscriptsConvert() throws {
        let row = try fetchRow(sampleSQL)
        let id: Int = row["id"]
        let idAsDouble: Double = row[0]
        let name: String = row[Column("name")]
        let score: Int? = row["score"]
        let ratio: Float = row[3]
        let data: Data = row["data"]
        let flag: Bool = row["id"]
        #expect(id == 1)
        #expect(idAsDouble == 1.0)
        #expect(name == "Arthur")
        #expect(score == nil)
        #expect(ratio == 2.5)
        #expect(data == Data([1, 2]))
        #expect(flag)
    }

    @Test func columnNamesAreCaseInsensitive() throws {
        let row = try fetchRow(sampleSQL)
        #expect(row["NAME"] as? String == "Arthur")
        #expect(row[Column("Ratio")] as? Double == 2.5)
        let id: Int64 = row["ID"]
        #expect(id == 1)
        #expect(row.hasColumn("DaTa"))
        #expect(!row.hasColumn("nope"))
        #expect(row.index(forColumn: "RATIO") == 3)
        #expect(row.index(forColumn: "nope") == nil)
    }

    @Test func theLeftmostColumnOfANameWins() throws {
        let row = try fetchRow("SELECT 1 AS a, 2 AS A, 3 AS a, 4 AS b")
        #expect(row["a"] as? Int64 == 1)
        #expect(row["A"] as? Int64 == 1)
        #expect(row.index(forColumn: "A") == 0)
        #expect(row.databaseValue(forColumn: "a")?.storage == .int64(1))
        let typed: Int = row["A"]
        #expect(typed == 1)
        #expect(try row.decode(Int.self, forColumn: "a") == 1)
        #expect(row["b"] as? Int64 == 4)
    }

    @Test func theLeftmostColumnWinsOverALaterExactMatch() throws {
        let row = try fetchRow("SELECT 1 AS Name, 2 AS name")
        #expect(row["name"] as? Int64 == 1)
        #expect(row["NAME"] as? Int64 == 1)
    }

    @Test func exactDuplicateNames() throws {
        let row = try fetchRow("SELECT 1 AS x, 2 AS x")
        #expect(row["x"] as? Int64 == 1)
        #expect(row.columnNames == ["x", "x"])
        #expect(row[1] as? Int64 == 2)
    }

    @Test func cursorRowsFindTheLeftmostColumnWhenTheyReadInOrder() throws {
        // The rows of a cursor, adapted or not, try the column after the previous one first, and
        // the first one after the last one: a guessed column that has the exact name must not win
        // over a column on its left whose name differs only in case.
        let sql = "SELECT 0 AS z, 1 AS a, 2 AS A, 3 AS b, 4 AS B UNION ALL SELECT 0, 5, 6, 7, 8"
        let names = ["a", "A", "b", "B", "B", "a"]
        let dbQueue = try DatabaseQueue()
        for adapter in [nil, SuffixRowAdapter(fromIndex: 1)] {
            let values = try dbQueue.read { db in
                let cursor = try Row.fetchCursor(db, sql: sql, adapter: adapter)
                var values: [[Int64]] = []
                while let row = try cursor.next() {
                    values.append(try names.map { try row.decode(Int64.self, forColumn: $0) })
                }
                return values
            }
            #expect(values == [[1, 1, 3, 3, 3, 1], [5, 5, 7, 7, 7, 5]])
        }
    }

    @Test func cursorRowsDecodeColumnsByNameAsCopiedRows() throws {
        // The typed reads by name of the standard types look the column up and read its value in
        // one call: their other paths (a value to convert, NULL, a missing column) must agree
        // with the copied rows'.
        let sql = "SELECT 1 AS i, 2.5 AS d, 'x' AS s, NULL AS n, 3 AS di"
        let dbQueue = try DatabaseQueue()
        let copied = try #require(try dbQueue.read { db in try Row.fetchOne(db, sql: sql) })
        try dbQueue.read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try #require(try cursor.next())
            for candidate in [row, copied] {
                #expect(try candidate.decode(Int64.self, forColumn: "I") == 1)
                #expect(try candidate.decode(Int.self, forColumn: "i") == 1)
                #expect(try candidate.decode(Double.self, forColumn: "di") == 3)
                #expect(try candidate.decode(Int.self, forColumn: "d") == 2)
                #expect(try candidate.decode(String.self, forColumn: "s") == "x")
                #expect(try candidate.decode(Int64?.self, forColumn: "n") == nil)
                #expect(try candidate.decode(String?.self, forColumn: "missing") == nil)
                try expectDatabaseError(
                    .SQLITE_MISMATCH,
                    message: "could not decode Double from database value NULL at column `n` (index 3)",
                    sql: sql
                ) { try candidate.decode(Double.self, forColumn: "n") }
                try expectDatabaseError(
                    .SQLITE_ERROR, message: "no such column in row: missing (the row has columns i, d, s, n, di)",
                    sql: sql
                ) { try candidate.decode(String.self, forColumn: "missing") }
            }
        }
    }

    // MARK: - Decoding

    @Test func decodeReturnsConvertedValues() throws {
        let row = try fetchRow(sampleSQL)
        #expect(try row.decode(Int.self, atIndex: 0) == 1)
        #expect(try row.decode(String.self, forColumn: "NAME") == "Arthur")
        #expect(try row.decode(Double.self, forColumn: Column("ratio")) == 2.5)
        #expect(try row.decode(Int?.self, forColumn: "score") == nil)
        #expect(try row.decode(Data.self, atIndex: 4) == Data([1, 2]))
    }

    @Test func cursorRowsDecodeStandardTypesAsTheirValuesConvert() throws {
        // Cursor rows read Int64, Int, Double and String straight from SQLite when the column
        // stores a value of their kind, and convert other values: both must agree with
        // `fromDatabaseValue`, for every kind of value.
        let sql = "SELECT 3, -1, 9223372036854775807, 2.0, 2.5, '7', 'é', '', x'41', x'FF', NULL"
        let dbQueue = try DatabaseQueue()
        try dbQueue.read { db in
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try #require(try cursor.next())
            for index in 0..<row.count {
                let dbValue = row.databaseValue(atIndex: index)
                #expect((try? row.decode(Int64.self, atIndex: index)) == Int64.fromDatabaseValue(dbValue))
                #expect((try? row.decode(Int.self, atIndex: index)) == Int.fromDatabaseValue(dbValue))
                #expect((try? row.decode(Double.self, atIndex: index)) == Double.fromDatabaseValue(dbValue))
                #expect((try? row.decode(String.self, atIndex: index)) == String.fromDatabaseValue(dbValue))
            }
            #expect(try row.decode(Int64.self, atIndex: 2) == .max)
            #expect(try row.decode(Int.self, atIndex: 1) == -1)
            #expect(try row.decode(Int.self, atIndex: 3) == 2)
            #expect(try row.decode(Double.self, atIndex: 0) == 3)
            #expect(try row.decode(Double.self, atIndex: 4) == 2.5)
            #expect(try row.decode(String.self, atIndex: 6) == "é")
            #expect(try row.decode(String.self, atIndex: 7) == "")
            #expect(try row.decode(String.self, atIndex: 8) == "A")
            #expect(try row.decode(Int.self, atIndex: 4) == 2)
            // Not UTF-8: a blob is no string, where reading it as text would repair it.
            try expectDatabaseError(
                .SQLITE_MISMATCH,
                message: "could not decode String from database value Data(1 bytes) at column `x'FF'` (index 9)",
                sql: sql
            ) { try row.decode(String.self, atIndex: 9) }
            try expectDatabaseError(
                .SQLITE_MISMATCH,
                message: "could not decode String from database value NULL at column `NULL` (index 10)", sql: sql
            ) { try row.decode(String.self, atIndex: 10) }
            #expect(try cursor.next() == nil)
        }
    }

    @Test func decodingAMistypedValueThrowsAMismatch() throws {
        let row = try fetchRow(sampleSQL)
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: #"could not decode Int from database value "Arthur" at column `name` (index 1)"#,
            sql: sampleSQL
        ) { try row.decode(Int.self, forColumn: "name") }
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode Data from database value 1 at column `id` (index 0)",
            sql: sampleSQL
        ) { try row.decode(Data.self, atIndex: 0) }
    }

    @Test func decodingNullIntoANonOptionalThrowsAMismatch() throws {
        let row = try fetchRow(sampleSQL)
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode Int from database value NULL at column `score` (index 2)",
            sql: sampleSQL
        ) { try row.decode(Int.self, forColumn: "score") }
    }

    @Test func decodingAnOutOfRangeIntegerThrowsAMismatch() throws {
        let row = try fetchRow("SELECT 300 AS big")
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode UInt8 from database value 300 at column `big` (index 0)",
            sql: "SELECT 300 AS big"
        ) { try row.decode(UInt8.self, forColumn: "big") }
    }

    @Test func decodingAMissingColumnThrows() throws {
        let row = try fetchRow(sampleSQL)
        try expectDatabaseError(
            .SQLITE_ERROR, message: "no such column in row: missing (the row has columns id, name, score, ratio, data)",
            sql: sampleSQL
        ) { try row.decode(String.self, forColumn: "missing") }
    }

    @Test func optionalsDecodeMissingColumnsAsNil() throws {
        let row = try fetchRow(sampleSQL)
        #expect(try row.decode(String?.self, forColumn: "missing") == nil)
        #expect(try row.decode(Int?.self, forColumn: Column("missing")) == nil)
        let missing: Int? = row["missing"]
        #expect(missing == nil)
        // A present but mistyped value still throws, even into an optional.
        try expectDatabaseError(
            .SQLITE_MISMATCH,
            message: #"could not decode Optional<Int> from database value "Arthur" at column `name` (index 1)"#,
            sql: sampleSQL
        ) { try row.decode(Int?.self, forColumn: "name") }
    }

    // MARK: - Copies and cursors

    @Test func copiesOfCursorRowsSurviveIteration() throws {
        let dbQueue = try DatabaseQueue()
        let (copied, live) = try dbQueue.read { db -> ([Row], [Int64]) in
            let cursor = try Row.fetchCursor(db, sql: "SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3")
            var copies: [Row] = []
            var firstRow: Row?
            var liveValuesOfFirstRow: [Int64] = []
            while let row = try cursor.next() {
                copies.append(row.copy())
                if firstRow == nil { firstRow = row }
                if let firstRow { liveValuesOfFirstRow.append(firstRow["n"]) }
            }
            return (copies, liveValuesOfFirstRow)
        }
        #expect(copied.map { $0["n"] as? Int64 } == [1, 2, 3])
        #expect(copied == [["n": 1], ["n": 2], ["n": 3]])
        // The row of a cursor reads the current row of the statement.
        #expect(live == [1, 2, 3])
    }

    @Test func fetchAllAndFetchSetReturnIndependentRows() throws {
        let dbQueue = try DatabaseQueue()
        let (all, set) = try dbQueue.read { db in
            (
                try Row.fetchAll(db, sql: "SELECT 1 AS n UNION ALL SELECT 1 UNION ALL SELECT 2"),
                try Row.fetchSet(db, sql: "SELECT 1 AS n UNION ALL SELECT 1 UNION ALL SELECT 2")
            )
        }
        #expect(all == [["n": 1], ["n": 1], ["n": 2]])
        #expect(set == [["n": 1], ["n": 2]])
    }

    // MARK: - Equality, literals, description

    @Test func equalityComparesNamesAndValuesInOrder() throws {
        let fetched = try fetchRow("SELECT 1 AS a, 'x' AS b")
        let literal: Row = ["a": 1, "b": "x"]
        #expect(fetched == literal)
        #expect(fetched.hashValue == literal.hashValue)
        #expect(fetched != ["b": "x", "a": 1])
        #expect(fetched != ["a": 1, "b": "y"])
        #expect(fetched != ["a": 1])
        #expect(fetched != ["a": 1, "c": "x"])
        #expect(Row(["a": 1.0]) == Row(["a": 1]))
        #expect(Set<Row>([["a": 1], ["a": 1.0], ["a": 2]]).count == 2)
    }

    @Test func dictionaryLiteralKeepsItsOrder() {
        let row: Row = ["id": 1, "name": "Arthur", "team": nil, "ratio": 0.5]
        #expect(row.columnNames == ["id", "name", "team", "ratio"])
        #expect(row.databaseValues.map(\.storage) == [.int64(1), .string("Arthur"), .null, .double(0.5)])
        #expect(row.hasNull(atIndex: 2))
        #expect(!row.hasNull(atIndex: 0))
        #expect(row.containsNonNullValue)
        let allNull: Row = ["a": nil, "b": nil]
        #expect(!allNull.containsNonNullValue)
    }

    @Test func pairsInitializer() {
        let row = Row([("b", 2), ("a", nil)])
        #expect(row.columnNames == ["b", "a"])
        #expect(row.databaseValues == [DatabaseValue(storage: .int64(2)), .null])
    }

    @Test func emptyRow() {
        let row = Row()
        #expect(row.isEmpty)
        #expect(row.count == 0)
        #expect(row.columnNames.isEmpty)
        #expect(row.description == "[]")
        #expect(row == Row())
    }

    /// The format documented on `Row.description`: `[id:1 name:"Arthur"]`.
    @Test func descriptionOfText() {
        let row: Row = ["id": 1, "name": "Arthur"]
        #expect(row.description == #"[id:1 name:"Arthur"]"#)
    }

    @Test func descriptionOfNumbersAndNull() {
        let row: Row = ["id": 1, "ratio": 2.5, "team": nil]
        #expect(row.description == "[id:1 ratio:2.5 team:NULL]")
    }

    // MARK: - Collection

    @Test func iteratesColumnsFromLeftToRight() throws {
        let row = try fetchRow("SELECT 1 AS a, 'two' AS b, NULL AS c")
        var names: [String] = []
        var values: [DatabaseValue] = []
        for (name, value) in row {
            names.append(name)
            values.append(value)
        }
        #expect(names == ["a", "b", "c"])
        #expect(values.map(\.storage) == [.int64(1), .string("two"), .null])
        #expect(row.first?.0 == "a")
        #expect(row.last?.0 == "c")
        #expect(row.map(\.0) == ["a", "b", "c"])
        #expect(row.startIndex.offset == 0)
        #expect(row.endIndex.offset == 3)
        #expect(row.distance(from: row.startIndex, to: row.endIndex) == 3)
        #expect(row[row.index(after: row.startIndex)].1.storage == .string("two"))
        #expect(row.reversed().map(\.0) == ["c", "b", "a"])
    }
}
