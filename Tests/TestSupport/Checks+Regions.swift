import RSCore

// Regions recorded by SQLite's authorizer when statements are prepared: what they read, what they
// write, schema changes and transaction control.

/// The schema of the region checks.
private let regionSchema = """
    CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER, teamId INTEGER);
    CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE pair (a TEXT, b TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
    CREATE TABLE note (text TEXT);
    CREATE VIEW playerTeam AS
        SELECT player.name, team.name AS teamName FROM player JOIN team ON team.id = player.teamId;
    """

/// The description of the region of a statement.
private func region(_ db: Database, _ sql: String) throws -> String {
    try db.makeStatement(sql: sql).databaseRegion.description
}

/// Fails the check unless the statement reads the region of the given description.
private func expectRegion(
    _ db: Database, _ sql: String, _ expected: String, file: StaticString = #fileID, line: UInt = #line
) throws {
    let actual = try region(db, sql)
    guard actual == expected else {
        throw ConformanceFailure(
            description: "the region of \(sql) is \(actual) instead of \(expected)", location: "\(file):\(line)")
    }
}

/// Whether the SQLite of the driver reports a table that a query reads without reading any of its
/// columns (`COUNT(*)`, rowids) to the authorizer, as a read with an empty column name. SQLite
/// 3.19.3 does and 3.16.0 did not (GRDB's tests tell so): 3.19 is taken as the first version that
/// does. The SQLite 3.15.2 of SQLCipher 3.4 does not, the system SQLite 3.40.1 does.
private func reportsWholeTableReads(_ factory: DatabaseFactory) -> Bool {
    factory.driver.capabilities.isAtLeast(3, 19)
}

let regionChecks: [ConformanceCheck] = [
    ConformanceCheck("a statement's region holds the tables and columns it reads") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: regionSchema) }
        try writer.read { db in
            try expectRegion(db, "SELECT name FROM player", "player(name)")
            try expectRegion(db, "SELECT * FROM player", "player(id,name,score,teamid)")
            try expectRegion(db, "SELECT name FROM player WHERE score > 10 ORDER BY id", "player(id,name,score)")
            try expectRegion(db, "SELECT a FROM pair", "pair(a)")
            try expectRegion(db, "SELECT 1", "empty")
            // Names compare case-insensitively.
            let statement = try db.makeStatement(sql: "SELECT NAME, teamID FROM PLAYER")
            try expectEqual(statement.databaseRegion, DatabaseRegion(table: "Player", columns: ["name", "TEAMID"]))
            try expectEqual(statement.databaseRegion.description, "player(name,teamid)")
            try expect(statement.isReadonly)
        }
    },
    ConformanceCheck("a table read without its columns is in the region with all its columns") { factory in
        // SQLite 3.15 does not report such reads: the connection then completes the region itself.
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: regionSchema) }
        try writer.read { db in
            try expectRegion(db, "SELECT COUNT(*) FROM player", "player(*)")
            try expectRegion(db, "SELECT 1 FROM player", "player(*)")
            try expectRegion(db, "SELECT EXISTS (SELECT 1 FROM team)", "team(*)")
            try expectRegion(db, "SELECT COUNT(*) FROM pair", "pair(*)")
            // The rowid: the whole table where SQLite reports whole-table reads, else the rowid column.
            try expectRegion(
                db, "SELECT rowid FROM note", reportsWholeTableReads(factory) ? "note(*)" : "note(rowid)")
            try expectRegion(db, "SELECT name, (SELECT COUNT(*) FROM team) FROM player", "player(name),team(*)")
            try expectRegion(db, "SELECT COUNT(*) FROM player WHERE score > 0", "player(score)")
            try expectEqual(
                try SQLRequest<Int>(sql: "SELECT COUNT(*) FROM team").databaseRegion(db),
                DatabaseRegion(table: "team"))
        }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TEMP TABLE scratch (a)")
            try expectRegion(db, "SELECT COUNT(*) FROM scratch", "scratch(*)")
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS aux; CREATE TABLE aux.other (a)")
            try expectRegion(db, "SELECT COUNT(*) FROM aux.other", "other(*)")
            try db.execute(sql: "DETACH DATABASE aux")
        }
    },
    ConformanceCheck("joins, subqueries, common table expressions and views read every table") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: regionSchema) }
        try writer.read { db in
            try expectRegion(
                db, "SELECT player.name, team.name FROM player JOIN team ON team.id = player.teamId",
                "player(name,teamid),team(id,name)")
            try expectRegion(
                db, "SELECT name FROM player WHERE teamId IN (SELECT id FROM team WHERE name = 'Reds')",
                "player(name,teamid),team(id,name)")
            try expectRegion(
                db, "SELECT name FROM player UNION SELECT name FROM team", "player(name),team(name)")
            try expectRegion(
                db, "WITH named AS (SELECT name FROM player) SELECT * FROM named", "player(name)")
            // A view: the tables it reads, and the view itself.
            let viewRegion = try db.makeStatement(sql: "SELECT teamName FROM playerTeam").databaseRegion
            try expectEqual(viewRegion.description, "player(name,teamid),playerteam(teamname),team(id,name)")
            try expect(viewRegion.isModified(byTable: "team", columns: ["name"]))
            try expect(viewRegion.isModified(byTable: "player", columns: ["teamId"]))
            try expect(!viewRegion.isModified(byTable: "player", columns: ["score"]))
        }
    },
    ConformanceCheck("the region of a request is the region of its statement") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: regionSchema) }
        try writer.read { db in
            // The statement reads one row by rowid: the region of the request, with its arguments, is
            // limited to it.
            let request = SQLRequest<Row>(sql: "SELECT name FROM player WHERE id = ?", arguments: [1])
            try expectEqual(
                try request.databaseRegion(db), DatabaseRegion(table: "player", columns: ["id", "name"], rowIDs: [1]))
            try expectEqual(
                try db.makeStatement(sql: "SELECT name FROM player WHERE id = ?").databaseRegion,
                DatabaseRegion(table: "player", columns: ["id", "name"]))
            let cachedRequest = SQLRequest<String>(sql: "SELECT name FROM team", cached: true)
            try expectEqual(try cachedRequest.databaseRegion(db).description, "team(name)")
            try expectEqual(try cachedRequest.databaseRegion(db).description, "team(name)")
            try expectEqual(
                try AnyDatabaseRegionConvertible(request).databaseRegion(db).description, "player(id,name)[1]")
            try expectEqual(try DatabaseRegion.fullDatabase.databaseRegion(db), .fullDatabase)
        }
    },
    ConformanceCheck("a query that reads a virtual table has it in its region (the full database on SQLite 3.15)") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE docs USING fts4(body); INSERT INTO docs VALUES ('a')")
            // SQLite 3.15 (SQLCipher 3.4) reports no table for COUNT(*): the region is then found
            // from the program, where a virtual table has no root page, hence the full database.
            let region = try db.makeStatement(sql: "SELECT COUNT(*) FROM docs").databaseRegion
            if reportsWholeTableReads(factory) {
                try expectEqual(region, DatabaseRegion(table: "docs"))
            } else {
                try expectEqual(region, .fullDatabase)
            }
        }
    },
    ConformanceCheck("SQLite's internal tables are not in regions") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: regionSchema)
            try expectRegion(db, "SELECT * FROM sqlite_master", "empty")
            try expectRegion(db, "SELECT COUNT(*) FROM sqlite_master", "empty")
            try expectRegion(db, "SELECT name FROM sqlite_temp_master", "empty")
            try expectRegion(
                db, "SELECT name FROM sqlite_master WHERE type = 'table' UNION SELECT name FROM player",
                "player(name)")
            try db.execute(sql: "CREATE TABLE counter (id INTEGER PRIMARY KEY AUTOINCREMENT, a)")
            let insert = try db.makeStatement(sql: "INSERT INTO counter (a) VALUES (1)")
            try expectEqual(insert.databaseEventKinds, [.insert(tableName: "counter")])
            if factory.driver.capabilities.isAtLeast(3, 16) {
                // Table-valued pragma functions.
                try expectRegion(db, "SELECT name FROM pragma_table_info('player')", "empty")
            }
            if factory.driver.capabilities.isAtLeast(3, 33) {
                try expectRegion(db, "SELECT name FROM sqlite_schema", "empty")
            }
        }
    },
    ConformanceCheck("a statement tells the changes it may make") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: regionSchema)
            try db.execute(
                sql: """
                    CREATE TABLE log (message TEXT);
                    CREATE TRIGGER logTeam AFTER INSERT ON team BEGIN INSERT INTO log SELECT name FROM player; END;
                    """)
            let insert = try db.makeStatement(sql: "INSERT INTO player (name) VALUES ('Arthur')")
            try expectEqual(insert.databaseEventKinds, [.insert(tableName: "player")])
            try expect(insert.databaseRegion.isEmpty)
            try expect(!insert.isReadonly)

            let update = try db.makeStatement(sql: "UPDATE player SET score = 0, teamId = NULL WHERE name = ?")
            try expectEqual(
                update.databaseEventKinds, [.update(tableName: "player", columnNames: ["score", "teamId"])])
            try expectEqual(update.databaseRegion.description, "player(name)")

            // Names are spelled as the schema spells them, as in GRDB.
            let delete = try db.makeStatement(sql: "DELETE FROM Player WHERE score = 0")
            try expectEqual(delete.databaseEventKinds, [.delete(tableName: "player")])
            try expectEqual(delete.databaseRegion.description, "player(score)")

            // Triggers
            let insertTeam = try db.makeStatement(sql: "INSERT INTO team (name) VALUES ('Reds')")
            try expectEqual(
                Set(insertTeam.databaseEventKinds), [.insert(tableName: "team"), .insert(tableName: "log")])
            try expectEqual(insertTeam.databaseRegion.description, "player(name)")

            // What the changes modify
            let scores = DatabaseRegion(table: "player", columns: ["score"])
            try expect(update.databaseEventKinds.contains(where: scores.isModified(byEventsOfKind:)))
            try expect(insert.databaseEventKinds.contains(where: scores.isModified(byEventsOfKind:)))
            try expect(!insertTeam.databaseEventKinds.contains(where: scores.isModified(byEventsOfKind:)))

            try expectEqual(try db.makeStatement(sql: "SELECT * FROM player").databaseEventKinds, [])
            try expectEqual(try db.makeStatement(sql: "DROP TABLE log").databaseEventKinds, [])
        }
    },
    ConformanceCheck("a statement tells whether it changes the schema") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: regionSchema)
            try db.execute(sql: "CREATE TABLE log (message TEXT)")
            let changes = [
                "CREATE TABLE other (a)",
                "CREATE TABLE IF NOT EXISTS other (a)",
                "CREATE TEMP TABLE other (a)",
                "CREATE INDEX playerName ON player (name)",
                "CREATE VIEW teamName AS SELECT name FROM team",
                "CREATE TRIGGER t AFTER DELETE ON team BEGIN DELETE FROM log; END",
                "ALTER TABLE player ADD COLUMN bonus INTEGER",
                "ALTER TABLE log RENAME TO journal",
                "DROP TABLE log",
                "DROP VIEW playerTeam",
                "/* comment */ DROP TABLE team",
                "ATTACH DATABASE ':memory:' AS aux",
            ]
            for sql in changes {
                try expect(try db.makeStatement(sql: sql).invalidatesSchemaCache, "\(sql) changes the schema")
            }
            let others = [
                "SELECT * FROM player", "INSERT INTO log VALUES ('')", "UPDATE player SET name = ''",
                "DELETE FROM log", "BEGIN", "PRAGMA user_version",
            ]
            for sql in others {
                try expect(try !db.makeStatement(sql: sql).invalidatesSchemaCache, "\(sql) keeps the schema")
            }
        }
    },
    ConformanceCheck("schema changes are seen by the schema introspection, whatever their SQL looks like") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE item (a TEXT)")
            try expectEqual(try db.primaryKey("item").columns, ["rowid"])
            // Statements that do not start with CREATE, DROP or ALTER.
            try db.execute(
                sql: """
                    /* version 2 */ DROP TABLE item;
                    -- version 2
                    CREATE TABLE item (uuid TEXT PRIMARY KEY, a TEXT);
                    """)
            try expectEqual(try db.primaryKey("item").columns, ["uuid"])
            if factory.driver.capabilities.isAtLeast(3, 25) {
                try db.execute(sql: "-- version 3\nALTER TABLE item RENAME COLUMN uuid TO code")
                try expectEqual(try db.primaryKey("item").columns, ["code"])
            }
        }
    },
    ConformanceCheck("a rollback undoes schema changes for the schema introspection, even in plain SQL") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            for rollback in ["ROLLBACK", "ROLLBACK TO SAVEPOINT draft; RELEASE draft; COMMIT"] {
                try db.execute(sql: "BEGIN; SAVEPOINT draft; CREATE TABLE draft (id INTEGER PRIMARY KEY)")
                try expectEqual(try db.primaryKey("draft").columns, ["id"])
                try db.execute(sql: rollback)
                let error = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such table: draft") {
                    _ = try db.primaryKey("draft")
                }
            }
        }
    },
    ConformanceCheck("a statement tells its effect on transactions and savepoints") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            let expectations: [(String, TransactionEffect?)] = [
                ("BEGIN", .beginTransaction),
                ("BEGIN IMMEDIATE TRANSACTION", .beginTransaction),
                ("COMMIT", .commitTransaction),
                ("END TRANSACTION", .commitTransaction),
                ("ROLLBACK", .rollbackTransaction),
                ("SAVEPOINT Draft", .beginSavepoint("draft")),
                ("RELEASE SAVEPOINT draft", .releaseSavepoint("draft")),
                ("ROLLBACK TO draft", .rollbackSavepoint("draft")),
                ("SELECT 1", nil),
            ]
            for (sql, effect) in expectations {
                let statement = try db.makeStatement(sql: sql)
                try expectEqual(statement.transactionEffect, effect)
                try expect(statement.databaseRegion.isEmpty, "\(sql) reads nothing")
            }
        }
    },
    ConformanceCheck("a statement that SQLite compiles again keeps its region, and lends it to no other") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: regionSchema)
            let statement = try db.makeStatement(sql: "SELECT name FROM player")
            try db.execute(sql: "ALTER TABLE player ADD COLUMN bonus INTEGER")
            // SQLite compiles the statement again on its next step, after the schema change.
            _ = try String.fetchAll(statement)
            try expectEqual(statement.databaseRegion.description, "player(name)")
            try expectRegion(db, "SELECT 1", "empty")
        }
    },
]
