import ReactiveSQLite
import Testing

@testable import RSCore

@Suite struct ReusableStatementTests {
    @Test func executeAndFetchesReuseTheStatementOfTheirSQL() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
            try db.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [1])
            let statement = try #require(db.reusableStatements.statement(sql: "INSERT INTO t (x) VALUES (?)"))
            try db.execute(sql: "INSERT INTO t (x) VALUES (?)", arguments: [2])
            #expect(db.reusableStatements.statement(sql: "INSERT INTO t (x) VALUES (?)") === statement)
            #expect(try Int.fetchAll(db, sql: "SELECT x FROM t ORDER BY x") == [1, 2])
            #expect(db.reusableStatements.statement(sql: "SELECT x FROM t ORDER BY x") != nil)
            // Several statements at once are not kept.
            let twoStatements = "INSERT INTO t (x) VALUES (3); INSERT INTO t (x) VALUES (4)"
            try db.execute(sql: twoStatements)
            #expect(db.reusableStatements.statement(sql: twoStatements) == nil)
        }
    }

    @Test func aRunningStatementIsNotHandedOutAgain() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)")
            let running = try db.reusableStatement(sql: "SELECT x FROM t")
            #expect(try running.step())
            let other = try db.reusableStatement(sql: "SELECT x FROM t")
            #expect(other !== running)
            #expect(try Int.fetchAll(db, sql: "SELECT x FROM t") == [1, 2])
            // The running statement was not disturbed.
            #expect(try running.step())
            #expect(running.databaseValue(at: 0) == 2.databaseValue)
            #expect(try !running.step())
        }
    }

    @Test func theCacheIsBounded() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.read { db in
            for value in 0..<(ReusableStatementCache.capacity * 2 + 3) {
                _ = try Int.fetchOne(db, sql: "SELECT \(value)")
            }
            #expect(db.reusableStatements.count <= ReusableStatementCache.capacity)
            #expect(db.reusableStatements.count > 0)
        }
    }

    @Test func aSchemaChangeEmptiesTheCache() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)")
            #expect(try Row.fetchOne(db, sql: "SELECT * FROM t")?.columnNames == ["a"])
            try db.execute(sql: "ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2")
            #expect(db.reusableStatements.count == 0)
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM t"))
            #expect(row.columnNames == ["a", "b"])
            #expect(row["b"] as Int == 2)
        }
    }
}
