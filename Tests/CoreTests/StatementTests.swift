import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

@Suite struct StatementTests {
    // MARK: - Preparation

    @Test func invalidSQLThrowsADatabaseErrorWithTheSQL() throws {
        let dbQueue = try DatabaseQueue()
        let error = try expectDatabaseError(.SQLITE_ERROR, message: #"near "SELEC": syntax error"#, sql: "SELEC 1") {
            try dbQueue.read { db in _ = try db.makeStatement(sql: "SELEC 1") }
        }
        #expect(error.description == #"SQLite error 1: near "SELEC": syntax error - while executing `SELEC 1`"#)
    }

    @Test func assignedArgumentsThatDoNotFitStopTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.read { db in
                let statement = try db.makeStatement(sql: "SELECT ? + ?")
                statement.arguments = [1]
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("wrong number of statement arguments: 1 instead of 2"), "\(message)")
    }

    @Test func unknownTableThrows() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(.SQLITE_ERROR, message: "no such table: nowhere", sql: "SELECT * FROM nowhere") {
            try dbQueue.read { db in _ = try db.makeStatement(sql: "SELECT * FROM nowhere") }
        }
    }

    @Test func makeStatementRefusesSeveralStatements() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(
            .SQLITE_MISUSE, message: "multiple statements found: use execute(sql:) to run several statements",
            sql: "SELECT 1; SELECT 2"
        ) {
            try dbQueue.read { db in _ = try db.makeStatement(sql: "SELECT 1; SELECT 2") }
        }
    }

    @Test func makeStatementRefusesEmptySQL() throws {
        let dbQueue = try DatabaseQueue()
        for sql in ["", "   \n", "-- only a comment", ";"] {
            try expectDatabaseError(.SQLITE_MISUSE, message: "no statement found", sql: sql) {
                try dbQueue.read { db in _ = try db.makeStatement(sql: sql) }
            }
        }
    }

    @Test func makeStatementAcceptsATrailingSemicolonAndComment() throws {
        let dbQueue = try DatabaseQueue()
        let (sql, value) = try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "  SELECT 42;  -- the answer\n  ")
            return (statement.sql, try Int.fetchOne(statement))
        }
        #expect(sql == "SELECT 42")
        #expect(value == 42)
    }

    @Test func statementDescribesItsSQL() throws {
        let dbQueue = try DatabaseQueue()
        let (sql, description) = try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT ? AS a")
            return (statement.sql, statement.description)
        }
        #expect(sql == "SELECT ? AS a")
        #expect(description == "SELECT ? AS a")
    }

    // MARK: - Several statements

    @Test func executeRunsSeveralStatementsWithCommentsAndWhitespace() throws {
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.write { db in
            try db.execute(
                sql: """
                    -- a leading comment
                    CREATE TABLE t (a INTEGER);
                    /* a block comment */ INSERT INTO t (a) VALUES (1);

                    INSERT INTO t (a) VALUES (2); -- a trailing comment
                    INSERT INTO t (a) VALUES (3)  ;;
                    \t
                    """)
            return try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a")
        }
        #expect(values == [1, 2, 3])
    }

    @Test func executeOfOnlyWhitespaceAndCommentsDoesNothing() throws {
        let dbQueue = try DatabaseQueue()
        let changes = try dbQueue.writeWithoutTransaction { db in
            let before = db.totalChangesCount
            try db.execute(sql: "  -- nothing\n /* still nothing */ ; ")
            return db.totalChangesCount - before
        }
        #expect(changes == 0)
    }

    @Test func executeStopsAtTheFirstFailingStatement() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try expectDatabaseError(
            .SQLITE_ERROR, message: "no such table: nowhere", sql: "INSERT INTO nowhere (a) VALUES (2)"
        ) {
            try dbQueue.writeWithoutTransaction { db in
                try db.execute(
                    sql: """
                        INSERT INTO t (a) VALUES (1);
                        INSERT INTO nowhere (a) VALUES (2);
                        INSERT INTO t (a) VALUES (3);
                        """)
            }
        }
        let values = try dbQueue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }
        #expect(values == [1])
    }

    @Test func aFailedWriteRollsBackEveryStatementOfTheTransaction() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER UNIQUE)") }
        try expectDatabaseError(
            .SQLITE_CONSTRAINT_UNIQUE, message: "UNIQUE constraint failed: t.a", sql: "INSERT INTO t (a) VALUES (1)"
        ) {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO t (a) VALUES (1); INSERT INTO t (a) VALUES (1)")
            }
        }
        let count = try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        #expect(count == 0)
    }

    // MARK: - Cache

    @Test func cachedStatementsAreReused() throws {
        let dbQueue = try DatabaseQueue()
        let (sameCached, distinctMade) = try dbQueue.read { db in
            let cached1 = try db.cachedStatement(sql: "SELECT 1")
            let cached2 = try db.cachedStatement(sql: "SELECT 1")
            let made1 = try db.makeStatement(sql: "SELECT 1")
            let made2 = try db.makeStatement(sql: "SELECT 1")
            return (cached1 === cached2, made1 !== made2 && made1 !== cached1)
        }
        #expect(sameCached)
        #expect(distinctMade)
    }

    @Test func cachedStatementsFollowSchemaChanges() throws {
        let dbQueue = try DatabaseQueue()
        let (before, after) = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            let before = try db.cachedStatement(sql: "SELECT * FROM t").columnNames
            try db.execute(sql: "ALTER TABLE t ADD COLUMN b")
            let after = try db.cachedStatement(sql: "SELECT * FROM t").columnNames
            return (before, after)
        }
        #expect(before == ["a"])
        #expect(after == ["a", "b"])
    }

    @Test func cachedStatementsRunAgainWithNewArguments() throws {
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            try [1, 2, 3].map { try Int.fetchOne(db, sql: "SELECT ? * 10", arguments: [$0]) }
        }
        #expect(values == [10, 20, 30])
    }

    // MARK: - Properties

    @Test func isReadonly() throws {
        let dbQueue = try DatabaseQueue()
        let flags = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            return [
                try db.makeStatement(sql: "SELECT * FROM t").isReadonly,
                try db.makeStatement(sql: "INSERT INTO t (a) VALUES (1)").isReadonly,
                try db.makeStatement(sql: "UPDATE t SET a = 2").isReadonly,
                try db.makeStatement(sql: "DELETE FROM t").isReadonly,
                try db.makeStatement(sql: "CREATE TABLE u (b)").isReadonly,
            ]
        }
        #expect(flags == [true, false, false, false, false])
    }

    @Test func columnNames() throws {
        let dbQueue = try DatabaseQueue()
        let (selectNames, count, index, insertNames) = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, Name TEXT)")
            let select = try db.makeStatement(sql: "SELECT id, Name, id + 1 AS next, 'x' FROM t")
            let insert = try db.makeStatement(sql: "INSERT INTO t (Name) VALUES ('a')")
            return (select.columnNames, select.columnCount, select.index(ofColumn: "name"), insert.columnNames)
        }
        #expect(selectNames == ["id", "Name", "next", "'x'"])
        #expect(count == 4)
        #expect(index == 1)
        #expect(insertNames.isEmpty)
    }

    @Test func aStatementRunsSeveralTimes() throws {
        let dbQueue = try DatabaseQueue()
        let names = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (name TEXT)")
            let statement = try db.makeStatement(sql: "INSERT INTO t (name) VALUES (?)")
            for name in ["a", "b", "c"] {
                try statement.execute(arguments: [name])
            }
            return try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY rowid")
        }
        #expect(names == ["a", "b", "c"])
    }

    @Test func aStatementIsReusableAfterAFailure() throws {
        let dbQueue = try DatabaseQueue()
        let names = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (name TEXT NOT NULL UNIQUE)")
            let statement = try db.makeStatement(sql: "INSERT INTO t (name) VALUES (?)")
            try statement.execute(arguments: ["a"])
            try expectDatabaseError(.SQLITE_CONSTRAINT_UNIQUE, message: "UNIQUE constraint failed: t.name") {
                try statement.execute(arguments: ["a"])
            }
            try expectDatabaseError(.SQLITE_CONSTRAINT_NOTNULL, message: "NOT NULL constraint failed: t.name") {
                try statement.execute(arguments: [nil])
            }
            try statement.execute(arguments: ["b"])
            return try String.fetchAll(db, sql: "SELECT name FROM t ORDER BY rowid")
        }
        #expect(names == ["a", "b"])
    }

    @Test func setArgumentsChecksTheCount() throws {
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT ?, ?")
            try expectDatabaseError(.SQLITE_MISUSE, message: "wrong number of statement arguments: 1 instead of 2") {
                try statement.setArguments([1])
            }
            try expectDatabaseError(.SQLITE_MISUSE, message: "wrong number of statement arguments: 3 instead of 2") {
                try statement.setArguments([1, 2, 3])
            }
            try statement.setArguments([1, 2])
            let row = try #require(try Row.fetchOne(statement))
            return [row[0], row[1]] as [Int]
        }
        #expect(values == [1, 2])
    }

    @Test func aStatementWithParametersRunsOnlyWithArguments() throws {
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            let statement = try db.makeStatement(sql: "INSERT INTO t VALUES (?)")
            // Never given arguments: SQLite would insert NULL.
            let noArguments = "wrong number of statement arguments: 0 instead of 1"
            try expectDatabaseError(.SQLITE_MISUSE, message: noArguments, sql: "INSERT INTO t VALUES (?)") {
                try statement.execute()
            }
            let query = try db.makeStatement(sql: "SELECT ?")
            try expectDatabaseError(.SQLITE_MISUSE, message: noArguments, sql: "SELECT ?") { try Row.fetchAll(query) }
            try statement.execute(arguments: [1])
            try statement.execute()  // the arguments bound last
            #expect(try Int.fetchAll(query, arguments: [2]) == [2])
            #expect(try Int.fetchAll(query) == [2])
            return try Int.fetchAll(db, sql: "SELECT a FROM t")
        }
        #expect(values == [1, 1])
    }

    // MARK: - Execution errors

    @Test func constraintViolationsCarryTheirExtendedCode() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE team (id INTEGER PRIMARY KEY);
                    CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT UNIQUE, score INTEGER CHECK (score >= 0),
                        teamId INTEGER REFERENCES team(id));
                    INSERT INTO player (id, name, score) VALUES (1, 'Arthur', 10);
                    """)
        }
        let cases: [(String, ResultCode)] = [
            ("INSERT INTO player (name, score) VALUES ('Arthur', 1)", .SQLITE_CONSTRAINT_UNIQUE),
            ("INSERT INTO player (id, name, score) VALUES (1, 'Barbara', 1)", .SQLITE_CONSTRAINT_PRIMARYKEY),
            ("INSERT INTO player (name, score) VALUES ('Craig', -1)", .SQLITE_CONSTRAINT_CHECK),
            ("INSERT INTO player (name, score, teamId) VALUES ('David', 1, 42)", .SQLITE_CONSTRAINT_FOREIGNKEY),
        ]
        for (sql, code) in cases {
            let error = try expectDatabaseError(code, sql: sql) { try dbQueue.write { db in try db.execute(sql: sql) } }
            #expect(error.resultCode == .SQLITE_CONSTRAINT, "\(sql)")
            #expect(error.isUniqueConstraintViolation == (code == .SQLITE_CONSTRAINT_UNIQUE))
            // The primary code, as GRDB writes it.
            #expect(error.description.hasPrefix("SQLite error 19: "), "\(error)")
        }
    }

    @Test func errorsMatchResultCodePatterns() throws {
        let dbQueue = try DatabaseQueue()
        var matched: String?
        do {
            try dbQueue.write { db in
                try db.execute(sql: "CREATE TABLE t (a UNIQUE); INSERT INTO t VALUES (1); INSERT INTO t VALUES (1)")
            }
        } catch DatabaseError.SQLITE_MISUSE {
            matched = "misuse"
        } catch DatabaseError.SQLITE_CONSTRAINT {
            matched = "constraint"
        }
        #expect(matched == "constraint")
        #expect(ResultCode.SQLITE_CONSTRAINT ~= ResultCode.SQLITE_CONSTRAINT_UNIQUE)
        #expect(!(ResultCode.SQLITE_CONSTRAINT_UNIQUE ~= ResultCode.SQLITE_CONSTRAINT_CHECK))
        #expect(!(ResultCode.SQLITE_CONSTRAINT_UNIQUE ~= ResultCode.SQLITE_CONSTRAINT))
        #expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE.primaryResultCode == .SQLITE_CONSTRAINT)
    }

    // MARK: - Change counts

    @Test func lastInsertedRowIDAndChangeCounts() throws {
        let dbQueue = try DatabaseQueue()
        let counts = try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER)")
            let initialTotal = db.totalChangesCount
            try db.execute(sql: "INSERT INTO t (a) VALUES (10)")
            let firstID = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO t (id, a) VALUES (41, 20)")
            let secondID = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO t (a) VALUES (30)")
            let thirdID = db.lastInsertedRowID
            let insertChanges = db.changesCount
            try db.execute(sql: "UPDATE t SET a = a + 1 WHERE a >= 20")
            let updateChanges = db.changesCount
            try db.execute(sql: "DELETE FROM t WHERE a > 1000")
            let noChanges = db.changesCount
            try db.execute(sql: "DELETE FROM t")
            let deleteChanges = db.changesCount
            return [
                firstID, secondID, thirdID, Int64(insertChanges), Int64(updateChanges), Int64(noChanges),
                Int64(deleteChanges), Int64(db.totalChangesCount - initialTotal),
            ]
        }
        #expect(counts == [1, 41, 42, 1, 2, 0, 3, 8])
    }
}
