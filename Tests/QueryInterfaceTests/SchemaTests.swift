import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

// The SQL that the schema DSL generates, on the system SQLite. What SQLite does with the schema
// (constraints, introspection, literals read back, names, features of SQLite versions) is checked
// by the conformance suite over every driver: Tests/TestSupport/Checks+Schema*.swift.

/// The schema statements (CREATE, ALTER, DROP, REINDEX) that `body` runs on a new in-memory database.
private func schemaSQL(_ body: (Database) throws -> Void) throws -> [String] {
    try schemaSQL(DatabaseQueue(), body)
}

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
        let log = try tracedSQL(dbQueue) { db in
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
            try db.create(
                view: "top", options: .ifNotExists, columns: ["who"],
                as: Table("player").select(Column("name")).filter(Column("score") > 1000 && Column("name") != "?"))
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
                "CREATE VIEW IF NOT EXISTS \"top\" (\"who\") AS SELECT \"name\" FROM \"player\" "
                    + "WHERE (\"score\" > 1000) AND (\"name\" <> '?')",
                "ALTER TABLE \"player\" RENAME TO \"gamer\"",
                "DROP TABLE \"gamer\"",
            ])
    }
}

// MARK: - Literal values

@Suite struct SchemaLiteralTests {
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
        let error = try expectDatabaseError(.SQLITE_ERROR) {
            try DatabaseQueue().write { db in
                try db.create(table: "t") { t in t.constraint(literal: SQL(sql: "CHECK (?'x')", arguments: ["y"])) }
            }
        }
        #expect(error.sql == "CREATE TABLE \"t\" (CHECK ('y' 'x'))")
        #expect(error.message?.contains("syntax error") == true)
    }

    @Test func wrongArgumentsOfLiteralsThrow() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db throws in
            let missing = try expectDatabaseError(.SQLITE_MISUSE) {
                try db.create(table: "t") { t in
                    t.constraint(literal: SQL(sql: "CHECK (a > ? AND a < ?)", arguments: [1]))
                }
            }
            #expect(missing.message == "wrong number of statement arguments: 1 instead of 2")
            let extra = try expectDatabaseError(.SQLITE_MISUSE) {
                try db.create(table: "t") { t in t.constraint(literal: SQL(sql: "CHECK (a > ?)", arguments: [1, 2])) }
            }
            #expect(extra.message == "wrong number of statement arguments: 2 instead of 1")
            let named = try expectDatabaseError(.SQLITE_MISUSE) {
                try db.create(table: "t") { t in t.column(literal: SQL(sql: "a DEFAULT :value", arguments: ["x": 1])) }
            }
            #expect(named.message == "missing statement argument: value")
            #expect(try !db.tableExists("t"))
        }
    }
}
