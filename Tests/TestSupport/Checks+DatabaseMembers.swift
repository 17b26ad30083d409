import Foundation
import RSCore
import RSQueryInterface

/// Members of `Database` that GRDB code uses: schema objects by schema, the schema version and
/// cache, internal tables, foreign key violations, read-only runs and the last error.
let databaseMemberChecks: [ConformanceCheck] = [
    ConformanceCheck("tableExists, viewExists and triggerExists look in the schema they are given, or in all of them") {
        factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    CREATE TABLE player (id INTEGER PRIMARY KEY);
                    CREATE VIEW playerView AS SELECT * FROM player;
                    CREATE TRIGGER playerTrigger AFTER INSERT ON player BEGIN SELECT 1; END;
                    CREATE TEMP TABLE scratch (id);
                    ATTACH DATABASE ':memory:' AS aux;
                    CREATE TABLE aux.archive (id);
                    """)
            try expect(try db.tableExists("player"), "player")
            try expect(try db.tableExists("PLAYER", in: "main"), "PLAYER in main")
            try expect(try !db.tableExists("player", in: "temp"), "player in temp")
            try expect(try !db.tableExists("playerView"), "a view is not a table")
            try expect(try db.viewExists("playerView"), "playerView")
            try expect(try db.triggerExists("playerTrigger", in: "main"), "playerTrigger")
            try expect(try db.tableExists("scratch"), "scratch")
            try expect(try db.tableExists("scratch", in: "temp"), "scratch in temp")
            try expect(try !db.tableExists("scratch", in: "main"), "scratch in main")
            try expect(try db.tableExists("archive"), "archive")
            try expect(try db.tableExists("archive", in: "aux"), "archive in aux")
            try expect(try !db.tableExists("archive", in: "main"), "archive in main")
            try expect(try !db.tableExists("missing"), "missing")
            _ = try expectDatabaseError { _ = try db.tableExists("player", in: "nowhere") }
            try db.execute(sql: "DETACH DATABASE aux")
        }
    },
    ConformanceCheck("the suspension notifications have GRDB's names, and change nothing on Linux") { factory in
        try expectEqual(Database.suspendNotification.rawValue, "GRDB.Database.Suspend")
        try expectEqual(Database.resumeNotification.rawValue, "GRDB.Database.Resume")
        let writer = try factory.makeWriter { $0.observesSuspensionNotifications = true }
        NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try expectEqual(try writer.read { db in try db.tableExists("t") }, true)
        NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
    },
    ConformanceCheck("an error's expanded description shows its arguments, and its NSError has GRDB's domain") {
        factory in
        try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE t (a NOT NULL)")
            let sql = "INSERT INTO t (a) VALUES (?)"
            let error = try expectDatabaseError { try db.execute(sql: sql, arguments: [nil as Int?]) }
            try expect(!error.description.contains("with arguments"), "the description shows the arguments")
            try expect(
                error.expandedDescription.hasSuffix("while executing `\(sql)` with arguments [NULL]"),
                "the expanded description is \(error.expandedDescription)")
            try expect(!error.isInterruptionError, "a constraint violation is an interruption")
            let nsError = error as NSError
            try expectEqual(nsError.domain, "GRDB.DatabaseError")
            try expectEqual(nsError.code, Int(ResultCode.SQLITE_CONSTRAINT_NOTNULL.rawValue))
            try expectEqual(nsError.localizedFailureReason, error.message)
        }
        try expect(DatabaseError(resultCode: .SQLITE_INTERRUPT).isInterruptionError, "an interruption is not")
        try expect(DatabaseError(resultCode: .SQLITE_ABORT_ROLLBACK).isInterruptionError, "an abort is not")
    },
    ConformanceCheck("a writer registers and unregisters transaction observers on its connection") { factory in
        let writer = try factory.makeWriter()
        let observer = RecordingObserver(tables: ["t"])
        writer.add(transactionObserver: observer, extent: .databaseLifetime)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t (a) VALUES (1)") }
        try expect(observer.takeLog().contains("insert t 1"), "the observer was not told of the insertion")
        writer.remove(transactionObserver: observer)
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        try expectEqual(observer.takeLog(), [])
    },
    ConformanceCheck("a connection's debug description names it, as GRDB's does") { factory in
        let descriptions = try factory.makeWriter().read { db in (db.description, db.debugDescription) }
        try expectEqual(descriptions.1, "<Database: \(descriptions.0)>")
    },
    ConformanceCheck("isSQLiteInternalTable and isGRDBInternalTable tell the tables by their names") { _ in
        for name in ["sqlite_master", "sqlite_sequence", "pragma_table_info"] {
            try expect(Database.isSQLiteInternalTable(name), name)
        }
        try expect(!Database.isSQLiteInternalTable("player"), "player")
        try expect(Database.isGRDBInternalTable("grdb_migrations"), "grdb_migrations")
        try expect(!Database.isGRDBInternalTable("sqlite_master"), "sqlite_master")
    },
    ConformanceCheck("schemaVersion grows with schema changes, and clearSchemaCache forgets the prepared statements") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            let before = try db.schemaVersion()
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
            try expect(try db.schemaVersion() > before, "the version did not grow")
            let statement = try db.cachedStatement(sql: "SELECT * FROM player")
            try expect(try db.cachedStatement(sql: "SELECT * FROM player") === statement, "not cached")
            db.clearSchemaCache()
            try expect(try db.cachedStatement(sql: "SELECT * FROM player") !== statement, "still cached")
            try expectEqual(try db.primaryKey("player").columns, ["id"])
        }
    },
    ConformanceCheck("foreignKeyViolations and checkForeignKeys report the rows that break a foreign key") { factory in
        let writer = try factory.makeWriter { configuration in configuration.foreignKeysEnabled = false }
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE team (id INTEGER PRIMARY KEY);
                    CREATE TABLE player (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id));
                    INSERT INTO team (id) VALUES (1);
                    INSERT INTO player (id, teamId) VALUES (1, 1), (2, 9);
                    """)
            let violations = try Array(db.foreignKeyViolations())
            try expectEqual(violations.count, 1)
            try expectEqual(violations[0].originTable, "player")
            try expectEqual(violations[0].originRowID, 2)
            try expectEqual(violations[0].destinationTable, "team")
            try expectEqual(violations[0].foreignKeyId, 0)
            let error = try expectDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY, messageContains: "player(teamId)") {
                try db.checkForeignKeys()
            }
            try expect(error.message?.contains("team(id)") == true, "\(error)")
            try expect(error.message?.contains("9") == true, "the message does not show the row: \(error)")
            let tableError = try expectDatabaseError { try db.checkForeignKeys(in: "player", in: "main") }
            try expectEqual(tableError.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            try db.checkForeignKeys(in: "team")
            _ = try expectDatabaseError { try db.checkForeignKeys(in: "missing") }
            try db.execute(sql: "DELETE FROM player WHERE id = 2")
            try db.checkForeignKeys()
            try expectEqual(try Array(db.foreignKeyViolations(in: "player")).count, 0)
        }
    },
    ConformanceCheck("readOnly refuses writes inside a write, which goes on after it") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
            let error = try expectDatabaseError {
                try db.readOnly { try db.execute(sql: "INSERT INTO player DEFAULT VALUES") }
            }
            try expectEqual(error.resultCode, .SQLITE_READONLY)
            try expectEqual(try db.readOnly { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 0)
            try db.execute(sql: "INSERT INTO player DEFAULT VALUES")
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 1)
    },
    ConformanceCheck("lastErrorCode and lastErrorMessage tell the last failure of the connection") { factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            _ = try? db.execute(sql: "SELECT * FROM missing")
            try expectEqual(db.lastErrorCode, .SQLITE_ERROR)
            try expect(db.lastErrorMessage?.contains("no such table: missing") == true, "\(db.lastErrorMessage ?? "")")
        }
        var configuration = Configuration()
        configuration.busyMode = Database.BusyMode.timeout(1)
        guard case .timeout(let timeout) = configuration.busyMode else {
            throw ConformanceFailure(description: "\(configuration.busyMode)", location: "\(#fileID):\(#line)")
        }
        try expectEqual(timeout, 1)
    },
    ConformanceCheck("every connection has GRDB's default functions and collations, which the query interface calls") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE city (name TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO city (name) VALUES ('ÉCOLE'), ('straße'), ('hello world'), ('b'), ('A')")
        }
        // A pool's readers have them too.
        try writer.read { db in
            func text(_ sql: String) throws -> String? { try String.fetchOne(db, sql: sql) }
            try expectEqual(try text("SELECT swiftCapitalizedString('hello world')"), "Hello World")
            try expectEqual(try text("SELECT swiftLowercaseString('ÉCOLE')"), "école")
            try expectEqual(try text("SELECT swiftUppercaseString('straße')"), "STRASSE")
            try expectEqual(try text("SELECT swiftLocalizedUppercaseString('abc')"), "ABC")
            try expectEqual(try text("SELECT swiftLocalizedLowercaseString('ABC')"), "abc")
            try expectEqual(try text("SELECT swiftLocalizedCapitalizedString('abc def')"), "Abc Def")
            try expectEqual(try text("SELECT swiftLowercaseString(1)"), nil)
            try expectEqual(
                try String.fetchAll(
                    db, sql: "SELECT name FROM city WHERE length(name) = 1 ORDER BY name COLLATE caseInsensitiveCompare"
                ),
                ["A", "b"])
            for collation in [
                "unicodeCompare", "localizedCaseInsensitiveCompare", "localizedCompare", "localizedStandardCompare",
            ] {
                _ = try String.fetchAll(db, sql: "SELECT name FROM city ORDER BY name COLLATE \(collation)")
            }
            let name = Column("name")
            try expectEqual(
                try String.fetchAll(db, Table("city").select(name.lowercased).filter(name == "ÉCOLE")), ["école"])
            try expectEqual(
                try String.fetchAll(db, Table("city").select(name.uppercased).filter(name == "straße")), ["STRASSE"])
            try expectEqual(
                try String.fetchAll(db, Table("city").select(name.capitalized).filter(name == "hello world")),
                ["Hello World"])
            try expectEqual(
                try String.fetchAll(db, Table("city").select(name.localizedUppercased).filter(name == "b")), ["B"])
            try expectEqual(
                try DatabaseValue.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 1"), [.null, 1.databaseValue])
        }
    },
    ConformanceCheck("Database.logError receives the errors of SQLite's error log") { factory in
        let writer = try factory.makeWriter()
        let log = collectedErrorLog
        // A syntax error near a word of this check's own (the checks of the three kinds run at the
        // same time; older SQLite does not add the SQL to the message).
        let word = "logErrorCheck_\(factory.kind)"
        try writer.read { db in _ = try? db.execute(sql: "SELECT 1 AS a \(word)") }
        let entry = try unwrap(log.current.first { $0.1.contains("\"\(word)\"") }, "\(log.current)")
        try expectEqual(entry.0.primaryResultCode, .SQLITE_ERROR)
        try expect(entry.1.contains("syntax error"), entry.1)
    },
]

/// SQLite's error log, collected for the check of `Database.logError`: installed once for the
/// process, since the check runs for every kind at the same time, and `logError` is global.
private let collectedErrorLog: Locked<[(ResultCode, String)]> = {
    let log = Locked<[(ResultCode, String)]>([])
    Database.logError = { resultCode, message in log.withLock { $0.append((resultCode, message)) } }
    return log
}()
