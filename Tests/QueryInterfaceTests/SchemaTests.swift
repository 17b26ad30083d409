import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

/// Collects the SQL of traced statements. The trace callback runs inside the database access, on
/// the connection's queue: the log is read after the access returns.
private final class StatementLog {
    var statements: [String] = []
}

/// The schema statements (CREATE, ALTER, DROP, REINDEX) that `body` runs on a new in-memory database.
private func schemaSQL(_ body: (Database) throws -> Void) throws -> [String] {
    try schemaSQL(DatabaseQueue(), body)
}

/// The schema statements (CREATE, ALTER, DROP, REINDEX) that `body` runs; not the PRAGMAs and
/// SELECTs of introspection, nor transaction control.
private func schemaSQL(_ writer: some DatabaseWriter, _ body: (Database) throws -> Void) throws -> [String] {
    try allSQL(writer, body).filter { sql in ["CREATE", "ALTER", "DROP", "REINDEX"].contains { sql.hasPrefix($0) } }
}

/// Every statement that `body` runs, outside of a transaction.
private func allSQL(_ writer: some DatabaseWriter, _ body: (Database) throws -> Void) throws -> [String] {
    let log = StatementLog()
    try writer.writeWithoutTransaction { db throws in
        db.trace { event in
            if case .statement(let statement) = event { log.statements.append(statement.sql) }
        }
        defer { db.trace(nil) }
        try body(db)
    }
    return log.statements
}

/// The error that `body` throws, which must be a `DatabaseError`.
private func databaseError(_ body: () throws -> Void) -> DatabaseError? {
    do {
        try body()
        return nil
    } catch {
        return error as? DatabaseError
    }
}

/// A driver over the system SQLite that declares the capabilities of SQLite 3.15.2 (SQLCipher 3.4).
private let sqlite3_15Driver = DatabaseDriver(
    name: "SQLite declared as 3.15.2", api: DatabaseDriver.sqlite.api,
    capabilities: DatabaseCapabilities(versionNumber: 3_015_002))

// MARK: - SQL generation

@Suite struct SchemaSQLGenerationTests {
    @Test func columnConstraints() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().collate(.nocase)
                t.column("email", .text).unique(onConflict: .replace)
                t.column("score", .integer).notNull(onConflict: .fail).defaults(to: 0).check { $0 >= 0 }
                t.column("bonus", .double).defaults(to: -1.5)
                t.column("createdAt", .datetime).defaults(sql: "CURRENT_TIMESTAMP")
                t.column("code", .text).unique().notNull(onConflict: .abort).check(sql: "length(code) = 3")
                t.column("data")
                t.column("anything", .any)
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"player\" ("
                    + "\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, "
                    + "\"name\" TEXT NOT NULL COLLATE NOCASE, "
                    + "\"email\" TEXT UNIQUE ON CONFLICT REPLACE, "
                    + "\"score\" INTEGER NOT NULL ON CONFLICT FAIL CHECK (\"score\" >= 0) DEFAULT 0, "
                    + "\"bonus\" DOUBLE DEFAULT -1.5, "
                    + "\"createdAt\" DATETIME DEFAULT CURRENT_TIMESTAMP, "
                    + "\"code\" TEXT NOT NULL UNIQUE CHECK (length(code) = 3), "
                    + "\"data\", "
                    + "\"anything\" ANY)"
            ])
    }

    @Test func tableOptions() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "a", options: [.temporary, .ifNotExists]) { t in t.column("x") }
            try db.create(table: "b", options: .withoutRowID) { t in t.primaryKey("x", .text) }
            try db.create(table: "c", options: [.strict, .withoutRowID]) { t in t.primaryKey("x", .integer) }
            try db.create(table: "d", temporary: true, ifNotExists: true, withoutRowID: false) { t in t.column("x") }
        }
        #expect(
            sql == [
                "CREATE TEMPORARY TABLE IF NOT EXISTS \"a\" (\"x\")",
                "CREATE TABLE \"b\" (\"x\" TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID",
                "CREATE TABLE \"c\" (\"x\" INTEGER PRIMARY KEY) STRICT, WITHOUT ROWID",
                "CREATE TEMPORARY TABLE IF NOT EXISTS \"d\" (\"x\")",
            ])
    }

    @Test func primaryKeys() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "a") { t in t.primaryKey("id", .integer, onConflict: .replace) }
            try db.create(table: "b") { t in t.column("id", .integer).primaryKey(autoincrement: false) }
            try db.create(table: "c") { t in
                t.column("x", .text)
                t.column("y", .integer)
                t.primaryKey(["x", "y"], onConflict: .ignore)
            }
            try db.create(table: "d") { t in
                t.primaryKey {
                    t.column("x", .text)
                    t.column("y", .integer)
                }
                t.column("z")
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"a\" (\"id\" INTEGER PRIMARY KEY ON CONFLICT REPLACE)",
                "CREATE TABLE \"b\" (\"id\" INTEGER PRIMARY KEY)",
                "CREATE TABLE \"c\" (\"x\" TEXT, \"y\" INTEGER, PRIMARY KEY (\"x\", \"y\") ON CONFLICT IGNORE)",
                "CREATE TABLE \"d\" (\"x\" TEXT NOT NULL, \"y\" INTEGER NOT NULL, \"z\", PRIMARY KEY (\"x\", \"y\"))",
            ])
    }

    @Test func foreignKeys() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "team") { t in t.primaryKey("code", .text) }
            try db.create(table: "pair") { t in
                t.column("a", .integer)
                t.column("b", .integer)
                t.primaryKey(["a", "b"])
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("teamCode", .text).references("team", onDelete: .cascade, onUpdate: .setNull)
                t.column("teamName", .text).references("team", column: "name", deferred: true)
                t.column("mentorId", .integer).references("PLAYER", onDelete: .setDefault)
                t.column("pairA", .integer)
                t.column("pairB", .integer)
                t.foreignKey(["pairA", "pairB"], references: "pair", onDelete: .restrict)
                t.foreignKey(["pairB"], references: "pair", columns: ["b"], deferred: true)
            }
            try db.create(table: "node") { t in
                t.column("parentId", .integer).references("node")
                t.foreignKey(["parentId"], references: "node")
            }
        }
        #expect(
            sql[2]
                == "CREATE TABLE \"player\" (\"id\" INTEGER PRIMARY KEY AUTOINCREMENT, "
                + "\"teamCode\" TEXT REFERENCES \"team\"(\"code\") ON DELETE CASCADE ON UPDATE SET NULL, "
                + "\"teamName\" TEXT REFERENCES \"team\"(\"name\") DEFERRABLE INITIALLY DEFERRED, "
                + "\"mentorId\" INTEGER REFERENCES \"PLAYER\"(\"id\") ON DELETE SET DEFAULT, "
                + "\"pairA\" INTEGER, \"pairB\" INTEGER, "
                + "FOREIGN KEY (\"pairA\", \"pairB\") REFERENCES \"pair\"(\"a\", \"b\") ON DELETE RESTRICT, "
                + "FOREIGN KEY (\"pairB\") REFERENCES \"pair\"(\"b\") DEFERRABLE INITIALLY DEFERRED)")
        // A table without explicit primary key is referred to by its rowid.
        #expect(
            sql[3]
                == "CREATE TABLE \"node\" (\"parentId\" INTEGER REFERENCES \"node\"(\"rowid\"), "
                + "FOREIGN KEY (\"parentId\") REFERENCES \"node\"(\"rowid\"))")
    }

    @Test func foreignKeyToAMissingTableNamesIt() throws {
        let error = databaseError {
            try DatabaseQueue().write { db throws in
                try db.create(table: "player") { t in t.column("teamId").references("ghost") }
            }
        }
        #expect(error?.resultCode == .SQLITE_ERROR)
        #expect(error?.message == "no such table: ghost")
    }

    @Test func tableConstraintsAndLiterals() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .text)
                t.column(sql: "c TEXT DEFAULT 'x'")
                t.column(literal: "d INTEGER DEFAULT \(42)")
                t.uniqueKey(["a", "b"])
                t.uniqueKey(["b"], onConflict: .rollback)
                t.check(Column("a") > 0 && Column("b") != "O'Brien?")
                t.check(sql: "a < 100")
                t.constraint(sql: "CHECK (b <> '')")
                t.constraint(literal: "CHECK (a <> \(13))")
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"t\" (\"a\" INTEGER, \"b\" TEXT, c TEXT DEFAULT 'x', d INTEGER DEFAULT 42, "
                    + "UNIQUE (\"a\", \"b\"), UNIQUE (\"b\") ON CONFLICT ROLLBACK, "
                    + "CHECK ((\"a\" > 0) AND (\"b\" <> 'O''Brien?')), CHECK (a < 100), "
                    + "CHECK (b <> ''), CHECK (a <> 13))"
            ])
    }

    @Test func indexedColumnsGetAnIndexAfterTheTable() throws {
        let dbQueue = try DatabaseQueue()
        let log = try allSQL(dbQueue) { db in
            try db.create(table: "player", options: .ifNotExists) { t in
                t.column("name", .text).indexed()
                t.column("email", .text).unique().indexed()  // already an index: no other one
                t.column("score", .integer).indexed().indexed()
            }
        }
        // Several statements run in one transaction (outside of a transaction), in order.
        let statements = log.filter { !$0.hasPrefix("PRAGMA") && !$0.hasPrefix("SELECT") }
        #expect(statements.first?.hasPrefix("BEGIN") == true)
        #expect(statements.last?.hasPrefix("COMMIT") == true)
        #expect(
            Array(statements.dropFirst().dropLast()) == [
                "CREATE TABLE IF NOT EXISTS \"player\" (\"name\" TEXT, \"email\" TEXT UNIQUE, \"score\" INTEGER)",
                "CREATE INDEX IF NOT EXISTS \"player_on_name\" ON \"player\"(\"name\")",
                "CREATE INDEX IF NOT EXISTS \"player_on_score\" ON \"player\"(\"score\")",
            ])
    }

    @Test func generatedColumns() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .integer).generatedAs(Column("a") * 2)
                t.column("c", .text).generatedAs(sql: "a || 'x'", .stored)
                t.column("d", .integer).generatedAs(Column("a") + 1, .virtual)
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"t\" (\"a\" INTEGER, \"b\" INTEGER GENERATED ALWAYS AS (\"a\" * 2) VIRTUAL, "
                    + "\"c\" TEXT GENERATED ALWAYS AS (a || 'x') STORED, "
                    + "\"d\" INTEGER GENERATED ALWAYS AS (\"a\" + 1) VIRTUAL)"
            ])
    }

    @Test func alterTable() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db throws in
            try db.create(table: "team") { t in t.autoIncrementedPrimaryKey("id") }
            try db.create(table: "player") { t in
                t.column("a")
                t.column("b")
            }
        }
        let sql = try schemaSQL(dbQueue) { db in
            try db.alter(table: "player") { t in
                t.add(column: "score", .integer).notNull().defaults(to: 0).check { $0 >= 0 }
                t.add(column: "teamId", .integer).references("team", onDelete: .cascade).indexed()
                t.add(column: "c")
                t.addColumn(sql: "d TEXT")
                t.addColumn(literal: "e TEXT DEFAULT \("e")")
                t.rename(column: "a", to: "alpha")
                t.drop(column: "b")
            }
            try db.alter(table: "player") { _ in }
        }
        #expect(
            sql == [
                "ALTER TABLE \"player\" ADD COLUMN \"score\" INTEGER NOT NULL CHECK (\"score\" >= 0) DEFAULT 0",
                "ALTER TABLE \"player\" ADD COLUMN \"teamId\" INTEGER REFERENCES \"team\"(\"id\") ON DELETE CASCADE",
                "CREATE INDEX \"player_on_teamId\" ON \"player\"(\"teamId\")",
                "ALTER TABLE \"player\" ADD COLUMN \"c\"",
                "ALTER TABLE \"player\" ADD COLUMN d TEXT",
                "ALTER TABLE \"player\" ADD COLUMN e TEXT DEFAULT 'e'",
                "ALTER TABLE \"player\" RENAME COLUMN \"a\" TO \"alpha\"",
                "ALTER TABLE \"player\" DROP COLUMN \"b\"",
            ])
        let columns = try dbQueue.read { db throws in try db.columns(in: "player").map(\.name) }
        #expect(columns == ["alpha", "score", "teamId", "c", "d", "e"])
    }

    @Test func tablesIndexesAndViews() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("score", .integer)
            }
            try db.create(index: "i1", on: "player", columns: ["name"])
            try db.create(index: "i2", on: "player", columns: ["name", "score"], options: [.unique, .ifNotExists])
            try db.create(index: "i3", on: "player", columns: ["score"], condition: Column("score") > 10)
            try db.create(index: "i4", on: "player", columns: ["name"], unique: true, ifNotExists: true)
            try db.create(
                index: "i5", on: "player", expressions: [Column("name").collating(.nocase), Column("score") * 2],
                condition: Column("name") != "?")
            try db.create(indexOn: "player", columns: ["score", "name"])
            try db.drop(indexOn: "player", columns: ["SCORE", "name"])
            try db.drop(indexOn: "player", columns: ["nothing"])
            try db.drop(index: "i1")
            try db.reindex(collation: .nocase)
            db.add(collation: .localizedCompare)
            try db.reindex(collation: .localizedCompare)
            try db.create(view: "best", asLiteral: "SELECT * FROM player WHERE score > \(1000)")
            try db.create(
                view: "names", options: [.temporary, .ifNotExists], columns: ["n"], asLiteral: "SELECT name FROM player"
            )
            try db.drop(view: "best")
            try db.rename(table: "player", to: "gamer")
            try db.drop(table: "gamer")
        }
        #expect(
            sql == [
                "CREATE TABLE \"player\" (\"name\" TEXT, \"score\" INTEGER)",
                "CREATE INDEX \"i1\" ON \"player\"(\"name\")",
                "CREATE UNIQUE INDEX IF NOT EXISTS \"i2\" ON \"player\"(\"name\", \"score\")",
                "CREATE INDEX \"i3\" ON \"player\"(\"score\") WHERE \"score\" > 10",
                "CREATE UNIQUE INDEX IF NOT EXISTS \"i4\" ON \"player\"(\"name\")",
                "CREATE INDEX \"i5\" ON \"player\"(\"name\" COLLATE NOCASE, \"score\" * 2) WHERE \"name\" <> '?'",
                "CREATE INDEX \"index_player_on_score_name\" ON \"player\"(\"score\", \"name\")",
                "DROP INDEX \"index_player_on_score_name\"",
                "DROP INDEX \"i1\"",
                "REINDEX NOCASE",
                "REINDEX \"localizedCompare\"",
                "CREATE VIEW \"best\" AS SELECT * FROM player WHERE score > 1000",
                "CREATE TEMPORARY VIEW IF NOT EXISTS \"names\" (\"n\") AS SELECT name FROM player",
                "DROP VIEW \"best\"",
                "ALTER TABLE \"player\" RENAME TO \"gamer\"",
                "DROP TABLE \"gamer\"",
            ])
    }
}

// MARK: - Literal values

@Suite struct SchemaLiteralTests {
    /// The value a column stores when a row is inserted without it.
    private func defaultValue(_ value: some DatabaseValueConvertible) throws -> DatabaseValue {
        try DatabaseQueue().write { db throws in
            try db.create(table: "t") { t in
                t.column("id", .integer).primaryKey()
                t.column("value").defaults(to: value)
            }
            try db.execute(sql: "INSERT INTO t (id) VALUES (1)")
            return try Row.fetchOne(db, sql: "SELECT value FROM t")!.databaseValue(atIndex: 0)
        }
    }

    @Test(arguments: [
        0, 1, -1, Int64.max, Int64.min,
    ])
    func integerDefaults(_ value: Int64) throws {
        #expect(try defaultValue(value).storage == .int64(value))
    }

    @Test(arguments: [
        0.0, 1.0, -1.5, 0.1, 1.0 / 3.0, Double.pi, -Double.pi, 1e-300, 1e300, 123_456_789.123_456_78,
        Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, Double.greatestFiniteMagnitude,
        -Double.greatestFiniteMagnitude, 9_007_199_254_740_993.0, 1e16, 2.5e-8, .infinity, -.infinity,
    ])
    func realDefaultsKeepFullPrecision(_ value: Double) throws {
        #expect(try defaultValue(value).storage == .double(value))
    }

    @Test func nanDefaultIsNull() throws {
        #expect(try defaultValue(Double.nan) == .null)
    }

    @Test(arguments: [
        "", "Arthur", "O'Brien", "''", "a?b", ":name", "\"quoted\"", "--", "/*", "é🎉", "line\nbreak", "a\0b", "\0",
        "'); DROP TABLE t; --",
    ])
    func stringDefaults(_ value: String) throws {
        #expect(try defaultValue(value).storage == .string(value))
    }

    @Test func otherDefaults() throws {
        #expect(try defaultValue(Data([0, 1, 0xAB, 0xFF])).storage == .blob(Data([0, 1, 0xAB, 0xFF])))
        #expect(try defaultValue(Data()).storage == .blob(Data()))
        #expect(try defaultValue(true).storage == .int64(1))
        #expect(try defaultValue(Int?.none) == .null)
    }

    @Test func defaultSQLIsVisibleInIntrospection() throws {
        let columns = try DatabaseQueue().write { db throws in
            try db.create(table: "t") { t in
                t.column("a").defaults(to: "O'Brien")
                t.column("b").defaults(to: Data([0xCA, 0xFE]))
                t.column("c").defaults(to: -2)
                t.column("d").defaults(sql: "CURRENT_TIMESTAMP")
                t.column("e")
            }
            return try db.columns(in: "t")
        }
        #expect(columns.map(\.defaultValueSQL) == ["'O''Brien'", "X'CAFE'", "-2", "CURRENT_TIMESTAMP", nil])
    }

    @Test func checkValuesAreWrittenAsLiterals() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db throws in
            try db.create(table: "t") { t in
                t.column("name", .text).check { $0 != "a?b'c" }
                t.column("n", .integer).check { $0 > -5 }
                t.column("m", .integer).check { -$0 < 5 }
            }
        }
        let sql = try dbQueue.read { db throws in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 't'")
        }
        #expect(
            sql
                == "CREATE TABLE \"t\" (\"name\" TEXT CHECK (\"name\" <> 'a?b''c'), "
                + "\"n\" INTEGER CHECK (\"n\" > -5), \"m\" INTEGER CHECK ((-\"m\") < 5))")
        try dbQueue.write { db throws in
            try db.execute(sql: "INSERT INTO t (name, n, m) VALUES ('ok', -4, -4)")
            for values in [["a?b'c", 0, 0], ["x", -5, 0], ["x", 0, -5]] as [[any DatabaseValueConvertible]] {
                let error = databaseError {
                    try db.execute(
                        sql: "INSERT INTO t (name, n, m) VALUES (?, ?, ?)", arguments: StatementArguments(values))
                }
                #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            }
        }
    }

    @Test func parametersOfLiteralsAreInlinedWhereSQLiteWouldBindThem() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .text)
                // Placeholders in strings, quoted identifiers and comments are not parameters.
                t.constraint(
                    literal: SQL(
                        sql: "CHECK (a > -? AND b <> '?' AND \"a\" <> ?2 AND b <> :text AND b <> @text) -- a?\n",
                        arguments: [-1, 7] + ["text": "x'y", "other": 0]))
                t.constraint(literal: SQL(sql: "CHECK (a <> ?/* ? */)", arguments: [3]))
                t.constraint(literal: SQL(sql: "CHECK (a <> ?1 AND a <> ?)", arguments: [1, 2]))
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"t\" (\"a\" INTEGER, \"b\" TEXT, "
                    + "CHECK (a > - -1 AND b <> '?' AND \"a\" <> 7 AND b <> 'x''y' AND b <> 'x''y') -- a?\n, "
                    + "CHECK (a <> 3/* ? */), CHECK (a <> 1 AND a <> 2))"
            ])
    }

    @Test func quotedIdentifiersAndDollarsAreNotParameters() throws {
        let sql = try schemaSQL { db in
            try db.create(table: "t") { t in
                t.column(sql: "[a?] INTEGER")
                t.column(sql: "`b:x` INTEGER")
                t.column(sql: "c$d INTEGER")
                t.constraint(literal: SQL(sql: "CHECK ([a?] <> ? AND `b:x` <> ? AND c$d <> $d)", arguments: [1, 2, 3]))
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"t\" ([a?] INTEGER, `b:x` INTEGER, c$d INTEGER, "
                    + "CHECK ([a?] <> 1 AND `b:x` <> 2 AND c$d <> 3))"
            ])
    }

    @Test func inlinedValuesDoNotMergeWithTheirNeighbours() throws {
        // `1-?` with -2 is `1- -2`, not `1--2` (a comment).
        let sql = try schemaSQL { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.constraint(literal: SQL(sql: "CHECK (a <> 1-?)", arguments: [-2]))
            }
        }
        #expect(sql == ["CREATE TABLE \"t\" (\"a\" INTEGER, CHECK (a <> 1- -2))"])
        // `?'x'` is invalid SQL, and stays so: `'y' 'x'`, not the valid string `'y''x'`.
        let error = databaseError {
            try DatabaseQueue().write { db in
                try db.create(table: "t") { t in t.constraint(literal: SQL(sql: "CHECK (?'x')", arguments: ["y"])) }
            }
        }
        #expect(error?.sql == "CREATE TABLE \"t\" (CHECK ('y' 'x'))")
        #expect(error?.message?.contains("syntax error") == true)
    }

    @Test func wrongArgumentsOfLiteralsThrow() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db throws in
            let missing = databaseError {
                try db.create(table: "t") { t in
                    t.constraint(literal: SQL(sql: "CHECK (a > ? AND a < ?)", arguments: [1]))
                }
            }
            #expect(missing?.resultCode == .SQLITE_MISUSE)
            #expect(missing?.message == "wrong number of statement arguments: 1 instead of 2")
            let extra = databaseError {
                try db.create(table: "t") { t in t.constraint(literal: SQL(sql: "CHECK (a > ?)", arguments: [1, 2])) }
            }
            #expect(extra?.message == "wrong number of statement arguments: 2 instead of 1")
            let named = databaseError {
                try db.create(table: "t") { t in t.column(literal: SQL(sql: "a DEFAULT :value", arguments: ["x": 1])) }
            }
            #expect(named?.message == "missing statement argument: value")
            #expect(try !db.tableExists("t"))
        }
    }
}

// MARK: - Constraints at work

/// Whether the write fails with a constraint violation.
private func violatesConstraint(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) -> Bool {
    databaseError { try db.execute(sql: sql, arguments: arguments) }?.resultCode == .SQLITE_CONSTRAINT
}

@Suite struct SchemaBehaviourTests {
    @Test(arguments: DatabaseKind.allCases)
    func constraintsAreEnforced(_ kind: DatabaseKind) throws {
        let factory = try DatabaseFactory(kind: kind, driver: .sqlite)
        let writer = try factory.makeWriter()
        try writer.write { db throws in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull().defaults(to: 10).check { $0 >= 0 }
                t.column("teamId", .integer).references("team", onDelete: .cascade).indexed()
                t.column("email", .text).unique(onConflict: .replace)
                t.check(Column("name") != "")
            }
            try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds')")
            try db.execute(sql: "INSERT INTO player (name, teamId, email) VALUES ('Arthur', 1, 'a@x')")

            // DEFAULT
            #expect(try Int.fetchOne(db, sql: "SELECT score FROM player") == 10)
            // NOT NULL
            #expect(violatesConstraint(db, "INSERT INTO player (name) VALUES (NULL)"))
            // UNIQUE, with the NOCASE collation
            #expect(violatesConstraint(db, "INSERT INTO team (name) VALUES ('REDS')"))
            // CHECK of the column, and of the table
            #expect(violatesConstraint(db, "INSERT INTO player (name, score) VALUES ('Barbara', -1)"))
            #expect(violatesConstraint(db, "INSERT INTO player (name) VALUES ('')"))
            // FOREIGN KEY
            #expect(violatesConstraint(db, "INSERT INTO player (name, teamId) VALUES ('Craig', 2)"))
            // UNIQUE ON CONFLICT REPLACE
            try db.execute(sql: "INSERT INTO player (name, teamId, email) VALUES ('Arthur 2', 1, 'a@x')")
            #expect(try String.fetchAll(db, sql: "SELECT name FROM player") == ["Arthur 2"])
            // ON DELETE CASCADE
            try db.execute(sql: "DELETE FROM team")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") == 0)
        }
        let indexes = try writer.read { db throws in try db.indexes(on: "player") }
        #expect(indexes.contains { $0.name == "player_on_teamId" && $0.columns == ["teamId"] && !$0.isUnique })
    }

    @Test(arguments: DatabaseKind.allCases)
    func alterRenameAndDrop(_ kind: DatabaseKind) throws {
        let factory = try DatabaseFactory(kind: kind, driver: .sqlite)
        let writer = try factory.makeWriter()
        try writer.write { db throws in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
                t.column("nickname", .text)
            }
            try db.execute(sql: "INSERT INTO player (name, nickname) VALUES ('Arthur', 'Art')")
            try db.alter(table: "player") { t in
                t.add(column: "score", .integer).notNull().defaults(to: 0).indexed()
                t.rename(column: "name", to: "fullName")
                t.drop(column: "nickname")
            }
            try db.rename(table: "player", to: "gamer")
        }
        try writer.read { db throws in
            #expect(try db.tableExists("gamer"))
            #expect(try !db.tableExists("player"))
            #expect(try db.columns(in: "gamer").map(\.name) == ["id", "fullName", "score"])
            #expect(
                try Row.fetchOne(db, sql: "SELECT fullName, score FROM gamer") == ["fullName": "Arthur", "score": 0])
            #expect(try db.indexes(on: "gamer").map(\.columns) == [["score"]])
        }
        try writer.write { db throws in
            try db.create(index: "byName", on: "gamer", columns: ["fullName"], options: .unique)
            #expect(violatesConstraint(db, "INSERT INTO gamer (fullName) VALUES ('Arthur')"))
            try db.drop(index: "byName")
            try db.execute(sql: "INSERT INTO gamer (fullName) VALUES ('Arthur')")
            try db.drop(table: "gamer")
            #expect(try !db.tableExists("gamer"))
        }
    }

    @Test func partialIndexes() throws {
        try DatabaseQueue().write { db throws in
            try db.create(table: "t") { t in
                t.column("name", .text)
                t.column("active", .boolean)
            }
            try db.create(
                index: "activeName", on: "t", columns: ["name"], options: .unique, condition: Column("active"))
            try db.execute(sql: "INSERT INTO t VALUES ('a', 0), ('a', 0), ('a', 1)")
            #expect(violatesConstraint(db, "INSERT INTO t VALUES ('a', 1)"))
        }
    }

    @Test func generatedColumnsAreComputed() throws {
        try DatabaseQueue().write { db throws in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("double", .integer).generatedAs(Column("a") * 2)
                t.column("label", .text).generatedAs(sql: "'#' || a", .stored)
            }
            try db.execute(sql: "INSERT INTO t (a) VALUES (21)")
            #expect(try Row.fetchOne(db, sql: "SELECT double, label FROM t") == ["double": 42, "label": "#21"])
            #expect(try db.columns(in: "t").map(\.name) == ["a", "double", "label"])
        }
    }

    @Test func viewsShowTheirRows() throws {
        try DatabaseQueue().write { db throws in
            try db.create(table: "player") { t in
                t.column("name", .text)
                t.column("score", .integer)
            }
            try db.execute(sql: "INSERT INTO player VALUES ('a', 10), ('b', 2000)")
            try db.create(view: "best", columns: ["who"], asLiteral: "SELECT name FROM player WHERE score > \(1000)")
            #expect(try String.fetchAll(db, sql: "SELECT who FROM best") == ["b"])
            #expect(try db.columns(in: "best").map(\.name) == ["who"])
        }
    }

    @Test func severalStatementsRunAtomically() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.writeWithoutTransaction { db throws in
            try db.execute(sql: "CREATE TABLE existing (x); CREATE INDEX player_on_name ON existing(x)")
            // The index of the indexed column cannot be created: the table is not created either.
            let createError = databaseError {
                try db.create(table: "player") { t in t.column("name", .text).indexed() }
            }
            #expect(createError?.message == "index player_on_name already exists")
            #expect(try !db.tableExists("player"))
            // The second change fails: the first one is undone.
            let alterError = databaseError {
                try db.alter(table: "existing") { t in
                    t.add(column: "y")
                    t.add(column: "x")
                }
            }
            #expect(alterError?.message == "duplicate column name: x")
            #expect(try db.columns(in: "existing").map(\.name) == ["x"])
            #expect(!db.isInsideTransaction)
        }
        // Inside a transaction, a savepoint: the transaction goes on.
        try dbQueue.write { db throws in
            try db.execute(sql: "INSERT INTO existing VALUES (1)")
            let alterError = databaseError {
                try db.alter(table: "existing") { t in
                    t.add(column: "y")
                    t.add(column: "x")
                }
            }
            #expect(alterError?.message == "duplicate column name: x")
            #expect(db.isInsideTransaction)
            #expect(try db.columns(in: "existing").map(\.name) == ["x"])
        }
        #expect(try dbQueue.read { db throws in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM existing") } == 1)
    }
}

// MARK: - Introspection

@Suite struct SchemaIntrospectionTests {
    private func fixture() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db throws in
            try db.execute(
                sql: """
                    CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
                    CREATE TABLE pair (a INTEGER, b TEXT, PRIMARY KEY (b, a));
                    CREATE TABLE player (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL DEFAULT 'Anonymous',
                        score INT DEFAULT 0,
                        teamId INTEGER REFERENCES team,
                        pairA INTEGER,
                        pairB TEXT,
                        untyped,
                        FOREIGN KEY (pairA, pairB) REFERENCES pair (a, b),
                        FOREIGN KEY (pairB, pairA) REFERENCES pair);
                    CREATE INDEX playerOnScore ON player(score, name);
                    CREATE UNIQUE INDEX playerOnName ON player(name) WHERE score > 0;
                    CREATE INDEX playerOnExpression ON player(score + 1);
                    CREATE TABLE empty (x);
                    CREATE VIEW playerView AS SELECT id, name FROM player;
                    """)
        }
        return dbQueue
    }

    @Test func columns() throws {
        let columns = try fixture().read { db throws in try db.columns(in: "player") }
        #expect(columns.map(\.name) == ["id", "name", "score", "teamId", "pairA", "pairB", "untyped"])
        #expect(columns.map(\.type) == ["INTEGER", "TEXT", "INT", "INTEGER", "INTEGER", "TEXT", ""])
        #expect(columns.map(\.isNotNull) == [false, true, false, false, false, false, false])
        #expect(columns.map(\.defaultValueSQL) == [nil, "'Anonymous'", "0", nil, nil, nil, nil])
        #expect(columns.map(\.primaryKeyIndex) == [1, 0, 0, 0, 0, 0, 0])
        let pairColumns = try fixture().read { db throws in try db.columns(in: "PAIR") }
        #expect(pairColumns.map(\.primaryKeyIndex) == [2, 1])
        let viewColumns = try fixture().read { db throws in try db.columns(in: "playerView") }
        #expect(viewColumns.map(\.name) == ["id", "name"])
    }

    @Test func indexes() throws {
        let dbQueue = try fixture()
        let indexes = try dbQueue.read { db throws in try db.indexes(on: "player") }.sorted { $0.name < $1.name }
        // The index on an expression is left out.
        #expect(indexes.map(\.name) == ["playerOnName", "playerOnScore"])
        #expect(indexes.map(\.columns) == [["name"], ["score", "name"]])
        #expect(indexes.map(\.isUnique) == [true, false])
        #expect(indexes.map(\.origin) == [.createIndex, .createIndex])
        let teamIndexes = try dbQueue.read { db throws in try db.indexes(on: "team") }
        #expect(teamIndexes.map(\.origin) == [.uniqueConstraint])
        #expect(teamIndexes.map(\.columns) == [["name"]])
        let pairIndexes = try dbQueue.read { db throws in try db.indexes(on: "pair") }
        #expect(pairIndexes.map(\.origin) == [.primaryKeyConstraint])
        #expect(pairIndexes.map(\.columns) == [["b", "a"]])
        #expect(try dbQueue.read { db throws in try db.indexes(on: "empty") } == [])
    }

    @Test func foreignKeys() throws {
        let foreignKeys = try fixture().read { db throws in try db.foreignKeys(on: "player") }.sorted { $0.id < $1.id }
        let summary = foreignKeys.map { [$0.destinationTable] + $0.originColumns + ["->"] + $0.destinationColumns }
        // The key without destination columns maps to the primary key of its table, in order.
        #expect(
            Set(summary) == [
                ["team", "teamId", "->", "id"],
                ["pair", "pairA", "pairB", "->", "a", "b"],
                ["pair", "pairB", "pairA", "->", "b", "a"],
            ])
        #expect(foreignKeys.allSatisfy { $0.mapping.map(\.origin) == $0.originColumns })
        #expect(try fixture().read { db throws in try db.foreignKeys(on: "empty") }.isEmpty)
    }

    @Test func uniqueKeys() throws {
        try fixture().read { db throws in
            #expect(try db.table("player", hasUniqueKey: ["id"]))
            #expect(try db.table("player", hasUniqueKey: ["ID", "name"]))
            #expect(try db.table("player", hasUniqueKey: ["name"]))  // a partial unique index counts, as in GRDB
            #expect(try !db.table("player", hasUniqueKey: ["score"]))
            #expect(try db.table("pair", hasUniqueKey: ["a", "b"]))
            #expect(try !db.table("pair", hasUniqueKey: ["a"]))
            #expect(try db.table("team", hasUniqueKey: ["name"]))
            #expect(try db.table("empty", hasUniqueKey: ["rowid"]))
            #expect(try !db.table("empty", hasUniqueKey: ["x"]))
            #expect(try !db.table("empty", hasUniqueKey: []))
        }
    }

    @Test func temporaryTablesAndSchemas() throws {
        try fixture().write { db throws in
            try db.create(table: "scratch", options: .temporary) { t in t.column("x").indexed() }
            #expect(try db.columns(in: "scratch").map(\.name) == ["x"])
            #expect(try db.columns(in: "scratch", in: "temp").map(\.name) == ["x"])
            #expect(try db.indexes(on: "scratch").map(\.name) == ["scratch_on_x"])
            #expect(try db.columns(in: "player", in: "main").count == 7)
            #expect(
                databaseError { _ = try db.columns(in: "scratch", in: "main") }?.message
                    == "no such table: main.scratch")
            #expect(
                databaseError { _ = try db.indexes(on: "empty", in: "temp") }?.message == "no such table: temp.empty")
        }
    }

    @Test(arguments: ["nothing", "x\"y", "'; DROP TABLE team; --"])
    func unknownTablesThrowErrorsThatNameThem(_ name: String) throws {
        try fixture().read { db throws in
            for introspection in [
                { _ = try db.columns(in: name) },
                { _ = try db.indexes(on: name) },
                { _ = try db.foreignKeys(on: name) },
                { _ = try db.table(name, hasUniqueKey: ["id"]) },
                { _ = try db.table(name, hasUniqueKey: []) },
            ] as [() throws -> Void] {
                let error = databaseError(introspection)
                #expect(error?.resultCode == .SQLITE_ERROR)
                #expect(error?.message == "no such table: \(name)")
            }
            #expect(try db.tableExists("team"))
        }
    }
}

// MARK: - Hostile names

@Suite struct SchemaHostileNameTests {
    static let names = [
        "\"; DROP TABLE victim; --",
        "'); DROP TABLE victim; --",
        "with space",
        "a\"quoted\"name",
        "?",
        ":name",
        "select",
        "é 🎉",
    ]

    @Test(arguments: names)
    func namesAreNames(_ name: String) throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db throws in
            try db.execute(sql: "CREATE TABLE victim (x)")
            db.add(collation: .unicodeCompare)
            let parent = "parent " + name
            try db.create(table: parent) { t in t.primaryKey(name, .text) }
            try db.create(table: name) { t in
                t.autoIncrementedPrimaryKey("id " + name)
                t.column(name, .text).notNull().unique().indexed().check { $0 != name }.defaults(to: name)
                    .references(parent, onDelete: .cascade)
                t.column("other " + name).collate(DatabaseCollation.unicodeCompare)
                t.uniqueKey([name, "other " + name])
                t.foreignKey(["other " + name], references: parent, columns: [name])
                t.check(Column(name) != "")
            }
            try db.create(
                index: "index " + name, on: name, columns: [name, "other " + name], condition: Column(name) != name)
            try db.alter(table: name) { t in
                t.add(column: "added " + name, .integer).defaults(to: 0).indexed()
                t.add(column: "extra " + name)
                t.rename(column: "extra " + name, to: "renamed " + name)
            }
            try db.alter(table: name) { t in t.drop(column: "renamed " + name) }

            #expect(try db.columns(in: name).map(\.name) == ["id " + name, name, "other " + name, "added " + name])
            #expect(try db.columns(in: name).map(\.defaultValueSQL)[1] == DatabaseValue(value: name).sqlLiteralForTests)
            let indexes = try db.indexes(on: name)
            #expect(
                indexes.map(\.columns).sorted { "\($0)" < "\($1)" }
                    == [["added " + name], [name], [name, "other " + name], [name, "other " + name]]
                    .sorted { "\($0)" < "\($1)" })
            #expect(indexes.contains { $0.name == "index " + name && $0.origin == .createIndex })
            #expect(indexes.contains { $0.name == name + "_on_added " + name && $0.origin == .createIndex })
            #expect(try db.foreignKeys(on: name).map(\.destinationTable) == [parent, parent])
            #expect(try db.foreignKeys(on: name).map(\.destinationColumns) == [[name], [name]])
            #expect(try db.table(name, hasUniqueKey: [name]))

            // The constraints hold, with the values of the names.
            try db.execute(sql: "INSERT INTO \(parent.quotedDatabaseIdentifier) VALUES ('p'), (?)", arguments: [name])
            #expect(violatesConstraint(db, "INSERT INTO \(name.quotedDatabaseIdentifier) DEFAULT VALUES"))
            try db.execute(
                sql: "INSERT INTO \(name.quotedDatabaseIdentifier) (\(name.quotedDatabaseIdentifier)) VALUES ('p')")
            try db.execute(sql: "DELETE FROM \(parent.quotedDatabaseIdentifier) WHERE rowid = 1")
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(name.quotedDatabaseIdentifier)") == 0)

            try db.drop(index: "index " + name)
            try db.rename(table: name, to: "renamed " + name)
            try db.drop(table: "renamed " + name)
            try db.drop(table: parent)
            #expect(try db.tableExists("victim"))
            #expect(
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") == [
                    "victim"
                ])
        }
    }
}

extension DatabaseValue {
    /// The SQL literal of a text value, as the tests expect the DSL to write it.
    fileprivate var sqlLiteralForTests: String? {
        guard case .string(let string) = storage else { return nil }
        return "'" + string.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

// MARK: - SQLite versions

@Suite struct SchemaCapabilityTests {
    private func oldQueue(_ directory: TemporaryDirectory) throws -> DatabaseQueue {
        try DatabaseQueue(path: directory.path("db.sqlite"), driver: sqlite3_15Driver)
    }

    @Test func renameColumnNeedsSQLite3_25() throws {
        let directory = try TemporaryDirectory()
        let dbQueue = try oldQueue(directory)
        try dbQueue.write { db throws in try db.create(table: "t") { t in t.column("a") } }
        let sql = try allSQL(dbQueue) { db in
            let error = databaseError {
                try db.alter(table: "t") { t in
                    t.add(column: "b")
                    t.rename(column: "a", to: "c")
                }
            }
            #expect(error?.resultCode == .SQLITE_ERROR)
            #expect(
                error?.message
                    == "ALTER TABLE … RENAME COLUMN requires SQLite 3.25.0; this connection runs SQLite 3.15.2")
            #expect(error?.sql == "ALTER TABLE \"t\" RENAME COLUMN \"a\" TO \"c\"")
        }
        // No change of the alteration ran.
        #expect(sql.filter { $0.hasPrefix("ALTER") }.isEmpty)
        #expect(try dbQueue.read { db throws in try db.columns(in: "t").map(\.name) } == ["a"])
    }

    @Test func dropColumnNeedsSQLite3_35() throws {
        let directory = try TemporaryDirectory()
        let dbQueue = try oldQueue(directory)
        let error = databaseError {
            try dbQueue.write { db throws in
                try db.create(table: "t") { t in
                    t.column("a")
                    t.column("b")
                }
                try db.alter(table: "t") { t in t.drop(column: "b") }
            }
        }
        #expect(
            error?.message == "ALTER TABLE … DROP COLUMN requires SQLite 3.35.0; this connection runs SQLite 3.15.2")
        #expect(error?.sql == "ALTER TABLE \"t\" DROP COLUMN \"b\"")
    }

    @Test func strictTablesNeedSQLite3_37() throws {
        let directory = try TemporaryDirectory()
        let error = databaseError {
            try oldQueue(directory).write { db throws in
                try db.create(table: "t", options: .strict) { t in t.column("a", .integer) }
            }
        }
        #expect(error?.message == "CREATE TABLE … STRICT requires SQLite 3.37.0; this connection runs SQLite 3.15.2")
        #expect(error?.sql == "CREATE TABLE \"t\" (\"a\" INTEGER) STRICT")
    }

    @Test func generatedColumnsNeedSQLite3_31() throws {
        let directory = try TemporaryDirectory()
        let error = databaseError {
            try oldQueue(directory).write { db throws in
                try db.create(table: "t") { t in
                    t.column("a", .integer)
                    t.column("b", .integer).generatedAs(Column("a") + 1)
                }
            }
        }
        #expect(
            error?.message
                == "GENERATED ALWAYS AS (generated columns) requires SQLite 3.31.0; this connection runs SQLite 3.15.2")
    }

    @Test(.enabled(if: DatabaseDriver.sqlite.capabilities.isAtLeast(3, 37), "Debian 12 has SQLite 3.40.1"))
    func theSameOperationsWorkWithTheRealVersion() throws {
        try DatabaseQueue().write { db throws in
            try db.create(table: "t", options: .strict) { t in
                t.column("a", .integer)
                t.column("b", .integer).generatedAs(Column("a") + 1)
                t.column("c", .integer)
            }
            try db.alter(table: "t") { t in
                t.rename(column: "a", to: "z")
                t.drop(column: "c")
            }
            #expect(try db.columns(in: "t").map(\.name) == ["z", "b"])
            // STRICT: a text that is not an integer is refused.
            #expect(violatesConstraint(db, "INSERT INTO t (z) VALUES ('x')"))
        }
    }
}
