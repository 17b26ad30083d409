import RSCore
import RSQueryInterface

/// The schema DSL and introspection: constraints hold, introspection tells the schema, and features
/// that need a recent SQLite work when the driver declares them, and throw an error that names the
/// feature and the version otherwise (SQLCipher 3.4 embeds SQLite 3.15.2).
let schemaChecks: [ConformanceCheck] = [
    ConformanceCheck("the schema DSL creates tables whose constraints, defaults and indexes hold") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.create(table: "team") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique()
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().check { $0 != "" }
                t.column("score", .integer).notNull().defaults(to: 7)
                t.column("teamId", .integer).references("team", onDelete: .cascade).indexed()
            }
            try db.execute(sql: "INSERT INTO team (name) VALUES ('Reds')")
            try db.execute(sql: "INSERT INTO player (name, teamId) VALUES ('Arthur', 1)")
            try expectEqual(try Int.fetchOne(db, sql: "SELECT score FROM player"), 7)
            for sql in [
                "INSERT INTO player (name) VALUES (NULL)",
                "INSERT INTO player (name) VALUES ('')",
                "INSERT INTO team (name) VALUES ('Reds')",
                "INSERT INTO player (name, teamId) VALUES ('Barbara', 2)",
            ] {
                let error = try expectDatabaseError { try db.execute(sql: sql) }
                try expectEqual(error.resultCode, .SQLITE_CONSTRAINT)
            }
            try db.execute(sql: "DELETE FROM team")
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"), 0)
        }
        try writer.read { db in
            try expectEqual(try db.columns(in: "player").map(\.name), ["id", "name", "score", "teamId"])
            try expectEqual(try db.columns(in: "player").map(\.defaultValueSQL), [nil, nil, "7", nil])
            try expectEqual(try db.indexes(on: "player").map(\.name), ["player_on_teamId"])
            try expectEqual(try db.foreignKeys(on: "player").map(\.destinationColumns), [["id"]])
            let error = try expectDatabaseError { _ = try db.columns(in: "nowhere") }
            try expectDatabaseError(error, .SQLITE_ERROR, messageContains: "no such table: nowhere")
        }
    },
    ConformanceCheck("schema features that need a recent SQLite follow the capabilities of the driver") { factory in
        let writer = try factory.makeWriter()
        let capabilities = factory.driver.capabilities
        try writer.write { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .integer)
            }
        }
        let features: [(name: String, version: String, isSupported: Bool, run: (Database) throws -> Void)] = [
            (
                "ALTER TABLE … RENAME COLUMN", "3.25.0", capabilities.isAtLeast(3, 25),
                { db in try db.alter(table: "t") { t in t.rename(column: "a", to: "c") } }
            ),
            (
                "ALTER TABLE … DROP COLUMN", "3.35.0", capabilities.isAtLeast(3, 35),
                { db in try db.alter(table: "t") { t in t.drop(column: "b") } }
            ),
            (
                "GENERATED ALWAYS AS (generated columns)", "3.31.0", capabilities.isAtLeast(3, 31),
                { db in
                    try db.create(table: "g") { t in
                        t.column("x", .integer)
                        t.column("y", .integer).generatedAs(Column("x") + 1)
                    }
                }
            ),
            (
                "CREATE TABLE … STRICT", "3.37.0", capabilities.isAtLeast(3, 37),
                { db in try db.create(table: "s", options: .strict) { t in t.column("x", .integer) } }
            ),
        ]
        for feature in features {
            if feature.isSupported {
                try writer.write { db in try feature.run(db) }
            } else {
                let error = try expectDatabaseError { try writer.write { db in try feature.run(db) } }
                try expectDatabaseError(
                    error, .SQLITE_ERROR,
                    messageContains:
                        "\(feature.name) requires SQLite \(feature.version); this connection runs SQLite "
                        + capabilities.version)
            }
        }
        let expectedColumns =
            [
                capabilities.isAtLeast(3, 25) ? "c" : "a"
            ] + (capabilities.isAtLeast(3, 35) ? [] : ["b"])
        try expectEqual(try writer.read { db in try db.columns(in: "t").map(\.name) }, expectedColumns)
    },
]
