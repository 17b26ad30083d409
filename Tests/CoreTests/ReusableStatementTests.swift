import ReactiveSQLite
import Testing

/// The statements a connection keeps for reuse, observed through public API only: the prepared
/// statements SQLite's `sqlite_stmt` table lists (Debian's libsqlite3 is built with
/// SQLITE_ENABLE_STMTVTAB), the identity of `cachedStatement(sql:)`, and the rows fetched.
@Suite struct ReusableStatementTests {
    @Test func executeAndFetchesReuseTheStatementOfTheirSQL() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
            try db.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [1])
            try db.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [2])
            #expect(try Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [1, 2])
            #expect(try Int.fetchOne(db, sql: "SELECT x FROM t ORDER BY x") == 1)
            // One prepared statement per SQL, run by each call.
            #expect(try preparedStatements(db, sql: "INSERT INTO t (x) VALUES (?)") == [2])
            #expect(try preparedStatements(db, sql: "SELECT x FROM t ORDER BY x") == [2])

            // The statements of an SQL string of several statements are not kept, and each run
            // runs them all.
            for _ in 1...2 {
                try db.execute(sql: "INSERT INTO t (x) VALUES (3); INSERT INTO t (x) VALUES (4)")
            }
            #expect(try preparedStatements(db, sql: "INSERT INTO t (x) VALUES (3)") == [])
            #expect(try preparedStatements(db, sql: "INSERT INTO t (x) VALUES (4)") == [])
            #expect(try Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [1, 2, 3, 3, 4, 4])
        }
    }

    @Test func theConnectionDoesNotKeepAStatementForEachOfManySQLStrings() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.read { db in
            let count = 1000
            for value in 0..<count {
                #expect(try Int.fetchOne(db, sql: "SELECT \(value)") == value)
            }
            let kept = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_stmt WHERE sql LIKE 'SELECT %'")!
            #expect(kept < count / 10, "\(kept) statements are kept")
            // The last statements are kept.
            #expect(try preparedStatements(db, sql: "SELECT \(count - 1)") == [1])
        }
    }

    @Test func aSchemaChangeMakesFetchesOfTheSameSQLSeeTheNewSchema() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)")
            #expect(try Row.fetchOne(db, sql: "SELECT * FROM t")?.columnNames == ["a"])
            try db.execute(sql: "ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2")
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM t"))
            #expect(row.columnNames == ["a", "b"])
            #expect(row["b"] as Int == 2)
        }
    }

    @Test func anIdleCachedStatementIsHandedOutAgain() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.read { db in
            let statement = try db.cachedStatement(sql: "SELECT 1")
            #expect(try db.cachedStatement(sql: "SELECT 1") === statement)
            #expect(try Int.fetchAll(statement) == [1])
            #expect(try db.cachedStatement(sql: "SELECT 1") === statement)
            #expect(try db.cachedStatement(sql: "SELECT 2") !== statement)
        }
    }

    @Test func aCachedStatementThatACursorIteratesIsNotHandedOutAgain() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            let request = SQLRequest<Int>(sql: "SELECT x FROM t ORDER BY x", cached: true)
            let cursor = try request.fetchCursor(db)
            var outer: [Int] = []
            // Bounded: a cursor whose statement is reset would start again, forever.
            while outer.count < 10, let x = try cursor.next() {
                outer.append(x)
                #expect(try db.cachedStatement(sql: "SELECT x FROM t ORDER BY x") !== cursor.statement)
                // The request, fetched inside the loop over its own cursor, fetches all its rows…
                #expect(try request.fetchAll(db) == [1, 2, 3])
                #expect(try request.fetchOne(db) == 1)
            }
            // … and the cursor was not disturbed.
            #expect(outer == [1, 2, 3])
            // Once the cursor is done, its statement is handed out again.
            #expect(try db.cachedStatement(sql: "SELECT x FROM t ORDER BY x") === cursor.statement)
        }
    }

    @Test func fetchesOfTheSameSQLInsideTheLoopOverACursorDoNotDisturbIt() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            let sql = "SELECT x FROM t ORDER BY x"
            let cursor = try Int.fetchCursor(db, sql: sql)
            var outer: [Int] = []
            // Bounded: a cursor whose statement is reset would start again, forever.
            while outer.count < 10, let x = try cursor.next() {
                outer.append(x)
                #expect(try Int.fetchAll(db, sql: sql) == [1, 2, 3])
                #expect(try Int.fetchOne(db, sql: sql) == 1)
                #expect(try Int.fetchSet(db, sql: sql) == [1, 2, 3])
                #expect(try Array(Int.fetchCursor(db, sql: sql)) == [1, 2, 3])
            }
            #expect(outer == [1, 2, 3])
        }
    }
}

/// How many times each prepared statement of the connection with this SQL has run (one element
/// per statement). The SQL of a statement prepared from a string of several statements keeps the
/// white space before it and the semicolon after it.
private func preparedStatements(_ db: Database, sql: String) throws -> [Int] {
    try Int.fetchAll(
        db, sql: "SELECT run FROM sqlite_stmt WHERE trim(sql, char(32, 9, 10, 13, 59)) = ?", arguments: [sql])
}
