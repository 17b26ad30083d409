import Dispatch
import RSCore
import RSMigrations
import RSQueryInterface

/// DatabaseMigrator: ordered migrations, applied once each, in transactions.
let migrationChecks: [ConformanceCheck] = [
    ConformanceCheck("migrations are applied in order, each once") { factory in
        let writer = try factory.makeWriter()
        let migrator = loggingMigrator(["v1", "v2", "v3"])
        try migrator.migrate(writer)
        try migrator.migrate(writer)
        try expectEqual(try loggedMigrations(writer), ["v1", "v2", "v3"])
        var extended = migrator
        extended.registerMigration("v4") { db in try db.execute(sql: "INSERT INTO log (name) VALUES ('v4')") }
        try extended.migrate(writer)
        try extended.migrate(writer)
        try expectEqual(try loggedMigrations(writer), ["v1", "v2", "v3", "v4"])
        try expectEqual(
            try writer.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY 1") },
            ["v1", "v2", "v3", "v4"])
    },
    ConformanceCheck("migrate(upTo:) stops at the target, and the queries tell what was applied") { factory in
        let writer = try factory.makeWriter()
        let migrator = loggingMigrator(["v1", "v2", "v3"])
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, [])
        try expectEqual(try writer.read { db in try migrator.completedMigrations(db) }, [])
        try expectEqual(try writer.read { db in try migrator.hasCompletedMigrations(db) }, false)

        try migrator.migrate(writer, upTo: "v2")
        try expectEqual(try loggedMigrations(writer), ["v1", "v2"])
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["v1", "v2"])
        try expectEqual(try writer.read { db in try migrator.completedMigrations(db) }, ["v1", "v2"])
        try expectEqual(try writer.read { db in try migrator.hasCompletedMigrations(db) }, false)

        try migrator.migrate(writer, upTo: "v1")
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["v1", "v2"])

        try migrator.migrate(writer)
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["v1", "v2", "v3"])
        try expectEqual(try writer.read { db in try migrator.completedMigrations(db) }, ["v1", "v2", "v3"])
        try expectEqual(try writer.read { db in try migrator.hasCompletedMigrations(db) }, true)
    },
    ConformanceCheck("appliedMigrations and completedMigrations list registered migrations in registration order") {
        factory in
        let writer = try factory.makeWriter()
        // Registration order differs from alphabetical order.
        let migrator = loggingMigrator(["zeta", "alpha", "mu"])
        try migrator.migrate(writer)
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["zeta", "alpha", "mu"])
        try expectEqual(try writer.read { db in try migrator.completedMigrations(db) }, ["zeta", "alpha", "mu"])
        // A migrator that knows fewer migrations than the database has applied (an older app version).
        let older = loggingMigrator(["zeta"])
        try expectEqual(try writer.read { db in try older.appliedMigrations(db) }, ["zeta"])
        try expectEqual(try writer.read { db in try older.completedMigrations(db) }, ["zeta"])
        try expectEqual(try writer.read { db in try older.hasCompletedMigrations(db) }, true)
        try expectEqual(try writer.read { db in try older.hasBeenSuperseded(db) }, true)
        try expectEqual(try writer.read { db in try migrator.hasBeenSuperseded(db) }, false)
    },
    ConformanceCheck("a failing migration leaves the database as it was before it, earlier ones remain") { factory in
        let writer = try factory.makeWriter()
        struct Failure: Error {}
        var migrator = loggingMigrator(["v1"])
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "INSERT INTO log (name) VALUES ('v2')")
            try db.execute(sql: "CREATE TABLE v2table (a INTEGER)")
            try db.execute(sql: "ALTER TABLE log ADD COLUMN extra TEXT")
            throw Failure()
        }
        migrator.registerMigration("v3") { db in try db.execute(sql: "INSERT INTO log (name) VALUES ('v3')") }
        _ = try expectError(Failure.self) { try migrator.migrate(writer) }
        try writer.read { db in
            try expectEqual(try String.fetchAll(db, sql: "SELECT name FROM log ORDER BY id"), ["v1"])
            try expectEqual(try db.tableExists("v2table"), false)
            try expectEqual(try Row.fetchOne(db, sql: "SELECT * FROM log")?.columnNames, ["id", "name"])
        }
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["v1"])
        try expectEqual(try writer.read { db in try migrator.hasCompletedMigrations(db) }, false)

        // The fixed migration runs next time.
        let fixed = loggingMigrator(["v1", "v2", "v3"])
        try fixed.migrate(writer)
        try expectEqual(try loggedMigrations(writer), ["v1", "v2", "v3"])
    },
    ConformanceCheck("a migration that violates a foreign key fails with SQLITE_CONSTRAINT_FOREIGNKEY and rolls back") {
        factory in
        let writer = try factory.makeWriter()
        var migrator = parentAndChildMigrator("INSERT INTO parent (id) VALUES (1);")
        migrator.registerMigration("orphan") { db in
            try db.execute(sql: "INSERT INTO child (parentId) VALUES (1)")
            try db.execute(sql: "INSERT INTO child (parentId) VALUES (42)")
        }
        let error = try expectDatabaseError { try migrator.migrate(writer) }
        try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        try expect(error.message?.isEmpty == false, "message of \(error)")
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["schema"])
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child") }, 0)
        // Foreign keys are enforced again after the migration.
        try expectEqual(try writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }, true)
        let violation = try expectDatabaseError {
            try writer.write { db in try db.execute(sql: "INSERT INTO child (parentId) VALUES (42)") }
        }
        try expectEqual(violation.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
    },
    ConformanceCheck("disablingDeferredForeignKeyChecks() lets the migrations registered after it leave violations") {
        factory in
        let writer = try factory.makeWriter()
        var migrator = parentAndChildMigrator()
        let orphan: @Sendable (Database) throws -> Void = { db in
            try db.execute(sql: "INSERT INTO child (parentId) VALUES (42)")
        }
        // Registered before the call, a migration is still checked.
        var checked = migrator
        checked.registerMigration("orphan", migrate: orphan)
        _ = checked.disablingDeferredForeignKeyChecks()
        let error = try expectDatabaseError { try checked.migrate(writer) }
        try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        // Registered after the call, it is not: its violation stays, and foreign keys are on again.
        migrator = migrator.disablingDeferredForeignKeyChecks()
        migrator.registerMigration("orphan", migrate: orphan)
        try migrator.migrate(writer)
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["schema", "orphan"])
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT parentId FROM child") }, 42)
        try expectEqual(try writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }, true)
    },
    ConformanceCheck("asyncMigrate applies the migrations, then tells the outcome to its completion") { factory in
        let writer = try factory.makeWriter()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        func asyncMigrate(_ migrator: DatabaseMigrator) throws -> Result<[String], any Error> {
            // The completion runs in the access, with the database.
            try waitForCallback(
                "asyncMigrate did not call its completion", { migrator.asyncMigrate(writer, completion: $0) }
            ) {
                result in Result { try migrator.appliedMigrations(result.get()) }
            }
        }
        try expectEqual(try asyncMigrate(migrator).get(), ["v1"])
        migrator.registerMigration("failing") { db in try db.execute(sql: "INSERT INTO missing VALUES (1)") }
        let failure = try asyncMigrate(migrator)
        guard case .failure(let error as DatabaseError) = failure else {
            throw ConformanceFailure(description: "expected a DatabaseError, got \(failure)", location: #fileID)
        }
        try expectEqual(error.resultCode, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["v1"])
    },
    ConformanceCheck("a migration may break foreign keys temporarily, as long as it repairs them") { factory in
        let writer = try factory.makeWriter()
        var migrator = parentAndChildMigrator(
            "INSERT INTO parent (id) VALUES (1); INSERT INTO child (parentId) VALUES (1);")
        migrator.registerMigration("recreateParent") { db in
            try db.execute(
                sql: """
                    CREATE TABLE newParent (id INTEGER PRIMARY KEY, name TEXT);
                    INSERT INTO newParent (id) SELECT id FROM parent;
                    DROP TABLE parent;
                    ALTER TABLE newParent RENAME TO parent;
                    """)
        }
        try migrator.migrate(writer)
        try expectEqual(try writer.read { db in try migrator.hasCompletedMigrations(db) }, true)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child") }, 1)
    },
    ConformanceCheck("a migration with immediate foreign key checks fails at the violating statement") { factory in
        let writer = try factory.makeWriter()
        var migrator = parentAndChildMigrator()
        migrator.registerMigration("orphan", foreignKeyChecks: .immediate) { db in
            try db.execute(sql: "INSERT INTO parent (id) VALUES (1)")
            try db.execute(sql: "INSERT INTO child (parentId) VALUES (42)")
        }
        let error = try expectDatabaseError { try migrator.migrate(writer) }
        try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        try expectEqual(error.sql, "INSERT INTO child (parentId) VALUES (42)")
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["schema"])
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM parent") }, 0)
    },
    ConformanceCheck("migrations already recorded in grdb_migrations (by GRDB) are not applied again") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1');
                    CREATE TABLE log (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    INSERT INTO log (name) VALUES ('grdb');
                    """)
        }
        let migrator = loggingMigrator(["v1", "v2"])
        try migrator.migrate(writer)
        try expectEqual(try loggedMigrations(writer), ["grdb", "v2"])
    },
    ConformanceCheck(
        "eraseDatabaseOnSchemaChange erases the database when an applied migration changed",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        do {
            let writer = try factory.makeWriter()
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
            try migrator.migrate(writer)
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            try writer.close()
        }
        let writer = try factory.makeWriter()
        var changed = DatabaseMigrator()
        changed.eraseDatabaseOnSchemaChange = true
        changed.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER, b TEXT)") }
        try expectEqual(try writer.read { db in try changed.hasSchemaChanges(db) }, true)
        try changed.migrate(writer)
        try expectEqual(try writer.read { db in try changed.hasSchemaChanges(db) }, false)
        try writer.read { db in
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t"), 0)
            // `PRAGMA table_info` rather than the table-valued `pragma_table_info` (SQLite 3.16+).
            try expectEqual(try Row.fetchAll(db, sql: "PRAGMA table_info(t)").map { $0["name"] as String }, ["a", "b"])
        }
        try expectEqual(try writer.read { db in try changed.appliedMigrations(db) }, ["v1"])
    },
    ConformanceCheck(
        "eraseDatabaseOnSchemaChange keeps the database when applied migrations did not change",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        do {
            let writer = try factory.makeWriter()
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
            try migrator.migrate(writer)
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            try writer.close()
        }
        let writer = try factory.makeWriter()
        var same = DatabaseMigrator()
        same.eraseDatabaseOnSchemaChange = true
        same.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try expectEqual(try writer.read { db in try same.hasSchemaChanges(db) }, false)
        try same.migrate(writer)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])

        // A new migration is not a change of the applied ones.
        var extended = same
        extended.registerMigration("v2") { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN b TEXT") }
        try extended.migrate(writer)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try expectEqual(try writer.read { db in try extended.appliedMigrations(db) }, ["v1", "v2"])
    },
    ConformanceCheck(
        "eraseDatabaseOnSchemaChange keeps a database where no migration was applied (a seed database)",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE seed (a INTEGER); INSERT INTO seed VALUES (1)") }
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = true
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try migrator.migrate(writer)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM seed") }, [1])
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["v1"])
    },
    ConformanceCheck(
        "eraseDatabaseOnSchemaChange erases a database migrated with migrations the migrator does not know"
    ) { factory in
        let writer = try factory.makeWriter()
        // The newer migration changes no schema: only its identifier tells the databases apart.
        try loggingMigrator(["v1", "v2"]).migrate(writer)

        // Without the option, an older migrator leaves the database alone.
        try loggingMigrator(["v1"]).migrate(writer)
        try expectEqual(try loggedMigrations(writer), ["v1", "v2"])

        var older = loggingMigrator(["v1"])
        older.eraseDatabaseOnSchemaChange = true
        try older.migrate(writer)
        // Erased, then migrated again: `log` was created anew, and only v1 is recorded as applied.
        try expectEqual(try loggedMigrations(writer), ["v1"])
        try expectEqual(try writer.read { db in try older.appliedIdentifiers(db) }, ["v1"])
        try expectEqual(try writer.read { db in try older.hasBeenSuperseded(db) }, false)
    },
    ConformanceCheck(
        "eraseDatabaseOnSchemaChange compares schemas for a writer configured for WAL",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        let writer = try factory.makeWriter { $0.journalMode = .wal }
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = true
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try migrator.migrate(writer)
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        // The reference database of this comparison is in memory, where WAL is impossible.
        try migrator.migrate(writer)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck("a merged migration makes the changes of the merged migrations not applied, and replaces them") {
        factory in
        var old = DatabaseMigrator()
        old.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        old.registerMigration("v2") { db in try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER") }
        // The merged migration is named after the last one it merges; its own name among the
        // merged ones is ignored. What it received, by database.
        let received = Locked<[String: Set<String>]>([:])
        func merging(_ name: String) -> DatabaseMigrator {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v2", merging: ["v1", "v2"]) { db, appliedIdentifiers in
                received.withLock { $0[name] = appliedIdentifiers }
                if !appliedIdentifiers.contains("v1") {
                    try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)")
                }
                try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER")
            }
            migrator.registerMigration("v3") { db in try db.execute(sql: "CREATE TABLE team (id INTEGER PRIMARY KEY)") }
            return migrator
        }
        // One database, erased, then migrated by the old migrator not at all, up to v1, and fully.
        let writer = try factory.makeWriter()
        for (name, oldTarget) in [("fresh", nil), ("halfway", "v1"), ("done", "v2")] as [(String, String?)] {
            try writer.erase()
            if let oldTarget { try old.migrate(writer, upTo: oldTarget) }
            let migrator = merging(name)
            try migrator.migrate(writer)
            try writer.read { db in
                try expectEqual(
                    try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY 1"), ["v2", "v3"])
                try expectEqual(try db.columns(in: "player").map(\.name), ["id", "score"])
                try expectEqual(try migrator.appliedMigrations(db), ["v2", "v3"])
                try expect(try !migrator.hasBeenSuperseded(db), "\(name) is superseded")
            }
        }
        try expectEqual(received.current, ["fresh": [], "halfway": ["v1"]])
        // A merged migration of a new name replaces migrations that were all applied.
        var renamed = DatabaseMigrator()
        renamed.registerMigration("v1-v2", merging: ["v1", "v2"]) { _, appliedIdentifiers in
            received.withLock { $0["renamed"] = appliedIdentifiers }
        }
        try writer.erase()
        try old.migrate(writer)
        try renamed.migrate(writer)
        try expectEqual(received.current["renamed"], ["v1", "v2"])
        try expectEqual(
            try writer.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }, ["v1-v2"])
    },
    ConformanceCheck("eraseDatabaseOnSchemaChange compares schemas from a writer whose queue targets a serial queue") {
        factory in
        let writer = try factory.makeWriter { configuration in
            configuration.writeTargetQueue = DispatchQueue(label: "serial write target")
        }
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = true
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY)") }
        try migrator.migrate(writer)
        try writer.write { db in try db.execute(sql: "INSERT INTO player DEFAULT VALUES") }
        // The schema did not change: the database keeps its row. (A deadlock fails the wait.)
        try BackgroundWork { [migrator] in try migrator.migrate(writer) }.wait()
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") }, 1)
    },
]

/// The identifiers logged by the migrations of `loggingMigrator`, in order.
private func loggedMigrations(_ reader: some DatabaseReader) throws -> [String] {
    try reader.read { db in try String.fetchAll(db, sql: "SELECT name FROM log ORDER BY id") }
}

/// A migrator whose first migration creates a `log` table, and each migration logs its identifier.
private func loggingMigrator(_ identifiers: [String]) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for (index, identifier) in identifiers.enumerated() {
        migrator.registerMigration(identifier) { db in
            if index == 0 {
                try db.execute(sql: "CREATE TABLE log (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            }
            try db.execute(sql: "INSERT INTO log (name) VALUES (?)", arguments: [identifier])
        }
    }
    return migrator
}

/// A migrator whose first migration, "schema", creates a table `parent` and a table `child` whose
/// rows reference it, then runs `sql`.
private func parentAndChildMigrator(_ sql: String = "") -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("schema") { db in
        try db.execute(
            sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER NOT NULL REFERENCES parent(id));
                """ + sql)
    }
    return migrator
}
