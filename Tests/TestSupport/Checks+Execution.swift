import RSCore

/// Executing SQL, fetching rows and values, statements and arguments.
let executionChecks: [ConformanceCheck] = [
    ConformanceCheck("executes several statements and fetches rows, values and sets") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER);
                    INSERT INTO player (name, score) VALUES (?, ?);
                    INSERT INTO player (name, score) VALUES (:name, :score);
                    """,
                arguments: ["Arthur", 100] + ["name": "Barbara", "score": nil])
        }
        try writer.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM player ORDER BY id")
            try expectEqual(rows.count, 2)
            try expectEqual(rows[0]["name"] as String, "Arthur")
            try expectEqual(rows[1]["score"] as Int?, nil)
            try expectEqual(
                try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name"), ["Arthur", "Barbara"])
            try expectEqual(
                try Int.fetchOne(db, sql: "SELECT score FROM player WHERE name = ?", arguments: ["Barbara"]), nil)
            try expectEqual(try Int.fetchSet(db, sql: "SELECT id FROM player"), [1, 2])
            try expectEqual(try Row.fetchOne(db, sql: "SELECT * FROM player WHERE id = 3"), nil)
        }
    },
    ConformanceCheck("a cached statement runs again with new arguments") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            let statement = try db.cachedStatement(sql: "INSERT INTO t (a) VALUES (?)")
            for value in 1...3 { try statement.execute(arguments: [value]) }
            try expect(try db.cachedStatement(sql: "INSERT INTO t (a) VALUES (?)") === statement)
            try expectEqual(db.lastInsertedRowID, 3)
            try expectEqual(db.changesCount, 1)
            try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a"), [1, 2, 3])
        }
    },
    ConformanceCheck("validateArguments checks arguments without binding them; assigned arguments are bound") {
        factory in
        try factory.makeWriter().read { db in
            let named = try db.makeStatement(sql: "SELECT :a || :b")
            try named.validateArguments(["a": "x", "b": "y"])
            try expectEqual(named.arguments, [])
            let missing = try expectDatabaseError(.SQLITE_MISUSE, sql: "SELECT :a || :b") {
                try named.validateArguments(["a": "x"])
            }
            try expectEqual(missing.message, "missing statement argument: b")
            let positional = try db.makeStatement(sql: "SELECT ? + ?")
            for wrong: StatementArguments in [[1], [1, 2, 3]] {
                let error = try expectDatabaseError { try positional.validateArguments(wrong) }
                try expectEqual(error.resultCode, .SQLITE_MISUSE)
            }
            positional.arguments = [1, 2]
            try expectEqual(positional.arguments, [1, 2])
            try expectEqual(try Int.fetchOne(positional), 3)
            positional.setUncheckedArguments([3, 4])
            try expectEqual(try Int.fetchOne(positional), 7)
        }
    },
    ConformanceCheck("a read after another connection changed the schema reads the columns of the new schema") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        // A DatabasePool reader keeps the statement of this query for the next read.
        try expectEqual(try writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM t") }, [["a": 1]])
        try writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2") }
        try expectEqual(try writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM t") }, [["a": 1, "b": 2]])
        try writer.write { db in
            try db.execute(sql: "DROP TABLE t; CREATE TABLE t (b TEXT, a INTEGER); INSERT INTO t VALUES ('x', 3)")
        }
        try expectEqual(try writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM t") }, [["b": "x", "a": 3]])
    },
    ConformanceCheck("statements prepared after a schema change that SQLite rolls back read the schema as it is again")
    {
        factory in
        try checkRolledBackSchemaChange(factory, table: "t (a INTEGER PRIMARY KEY)") { db in
            // The conflict makes SQLite roll the transaction back on its own.
            let sql = "INSERT OR ROLLBACK INTO t (a) VALUES (1)"
            let error = try expectDatabaseError(.SQLITE_CONSTRAINT_PRIMARYKEY, sql: sql) { try db.execute(sql: sql) }
            try expect(!db.isInsideTransaction, "rolled back")
        }
    },
    ConformanceCheck("statements prepared after a schema change that is rolled back read the schema as it is again") {
        factory in
        try checkRolledBackSchemaChange(factory, table: "t (a INTEGER)") { db in try db.rollback() }
    },
    ConformanceCheck("a cursor iterates rows lazily, and rows are copied to keep them") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2), (3)")
            let cursor = try Row.fetchCursor(db, sql: "SELECT a FROM t ORDER BY a")
            var copies: [Row] = []
            while let row = try cursor.next() { copies.append(row.copy()) }
            try expectEqual(copies.map { $0["a"] as Int }, [1, 2, 3])
            try expectEqual(try cursor.next() == nil, true)
        }
    },
    ConformanceCheck("the driver reports the SQLite library it runs") { factory in
        let writer = try factory.makeWriter()
        let version = try writer.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }
        try expectEqual(version, factory.driver.capabilities.version)
    },
    ConformanceCheck(
        "execute(_:arguments:), GRDB 3's spelling, runs statements with optional arguments, and interpolates text"
    ) { factory in
        let writer = try factory.makeWriter()
        let value = 4
        let noArguments: StatementArguments? = nil
        let statements = try tracedSQL(writer) { db in
            try db.execute("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)")
            try db.execute("INSERT INTO t VALUES (?); INSERT INTO t VALUES (:b)", arguments: [2] + ["b": 3])
            // As in GRDB 3, an interpolated value is SQL text, not an argument.
            try db.execute("INSERT INTO t VALUES (\(value))")
            try db.execute("INSERT INTO t VALUES (5)", arguments: noArguments)
        }
        try expect(statements.contains("INSERT INTO t VALUES (4)"), "\(statements)")
        try expectEqual(
            try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2, 3, 4, 5])
        let error = try expectDatabaseError { try writer.write { db in try db.execute("INSERT INTO t VALUES (?)") } }
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
    },
]

/// Adds a column to `table` in a transaction, reads it with `SELECT *`, then lets `rollBack` end
/// the transaction: the same query must then read the schema as it is again.
private func checkRolledBackSchemaChange(
    _ factory: DatabaseFactory, table: String, rollBack: @escaping (Database) throws -> Void
) throws {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: "CREATE TABLE \(table); INSERT INTO t VALUES (1)") }
    try writer.writeWithoutTransaction { db in
        try db.beginTransaction()
        try db.execute(sql: "ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 2")
        try expectEqual(try Row.fetchAll(db, sql: "SELECT * FROM t"), [["a": 1, "b": 2]])
        try rollBack(db)
    }
    try expectEqual(
        try writer.writeWithoutTransaction { db in try Row.fetchAll(db, sql: "SELECT * FROM t") }, [["a": 1]])
}
