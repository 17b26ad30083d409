import RSCore
import RSQueryInterface

/// Schema features that need a recent SQLite (SQLCipher 3.4 embeds SQLite 3.15.2): they work when the
/// driver declares them; otherwise the DSL throws an error that names the feature and both versions,
/// before SQLite runs anything.
let schemaVersionChecks: [ConformanceCheck] = [
    ConformanceCheck("schema features that need a recent SQLite follow the capabilities of the driver") { factory in
        let writer = try factory.makeWriter()
        let capabilities = factory.driver.capabilities
        try writer.write { db in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("b", .integer)
            }
        }
        let features: [SchemaFeatureCase] = [
            SchemaFeatureCase(
                name: "ALTER TABLE … RENAME COLUMN", version: "3.25.0", isSupported: capabilities.isAtLeast(3, 25),
                sql: "ALTER TABLE \"t\" RENAME COLUMN \"a\" TO \"c\""
            ) { db in try db.alter(table: "t") { t in t.rename(column: "a", to: "c") } },
            SchemaFeatureCase(
                name: "ALTER TABLE … DROP COLUMN", version: "3.35.0", isSupported: capabilities.isAtLeast(3, 35),
                sql: "ALTER TABLE \"t\" DROP COLUMN \"b\""
            ) { db in try db.alter(table: "t") { t in t.drop(column: "b") } },
            SchemaFeatureCase(
                name: "GENERATED ALWAYS AS (generated columns)", version: "3.31.0",
                isSupported: capabilities.isAtLeast(3, 31), sql: nil
            ) { db in
                try db.create(table: "g") { t in
                    t.column("x", .integer)
                    t.column("y", .integer).generatedAs(Column("x") + 1)
                }
            },
            SchemaFeatureCase(
                name: "CREATE TABLE … STRICT", version: "3.37.0", isSupported: capabilities.isAtLeast(3, 37),
                sql: "CREATE TABLE \"s\" (\"x\" INTEGER) STRICT"
            ) { db in try db.create(table: "s", options: .strict) { t in t.column("x", .integer) } },
        ]
        for feature in features {
            var error: DatabaseError?
            let statements = try schemaSQL(writer) { db in
                if feature.isSupported {
                    try feature.run(db)
                } else {
                    error = try expectDatabaseError { try feature.run(db) }
                }
            }
            if let error {
                try expectDatabaseError(
                    error, .SQLITE_ERROR,
                    messageContains:
                        "\(feature.name) requires SQLite \(feature.version); this connection runs SQLite "
                        + capabilities.version)
                try expectEqual(error.sql, feature.sql)
                try expectEqual(statements, [])
            } else if let sql = feature.sql {
                try expectEqual(statements, [sql])
            }
        }
        let expectedColumns =
            [capabilities.isAtLeast(3, 25) ? "c" : "a"] + (capabilities.isAtLeast(3, 35) ? [] : ["b"])
        try expectEqual(try writer.read { db in try db.columns(in: "t").map(\.name) }, expectedColumns)
    },
    ConformanceCheck("an alteration with a change that needs a newer SQLite runs none of its changes") { factory in
        let writer = try factory.makeWriter()
        let canRenameColumns = factory.driver.capabilities.isAtLeast(3, 25)
        try writer.write { db in try db.create(table: "t") { t in t.column("a") } }
        var error: DatabaseError?
        let statements = try schemaSQL(writer) { db in
            let alter = {
                try db.alter(table: "t") { t in
                    t.add(column: "b")
                    t.rename(column: "a", to: "c")
                }
            }
            if canRenameColumns { try alter() } else { error = try expectDatabaseError { try alter() } }
        }
        let columns = try writer.read { db in try db.columns(in: "t").map(\.name) }
        if let error {
            // The DSL refuses before it runs the change that SQLite has.
            try expectEqual(statements, [])
            try expectEqual(columns, ["a"])
            try expectDatabaseError(
                error, .SQLITE_ERROR, sql: "ALTER TABLE \"t\" RENAME COLUMN \"a\" TO \"c\"",
                messageContains: "ALTER TABLE … RENAME COLUMN requires SQLite 3.25.0")
        } else {
            try expectEqual(
                statements, ["ALTER TABLE \"t\" ADD COLUMN \"b\"", "ALTER TABLE \"t\" RENAME COLUMN \"a\" TO \"c\""])
            try expectEqual(columns, ["c", "b"])
        }
    },
    ConformanceCheck("generated columns are computed where SQLite has them") { factory in
        let writer = try factory.makeWriter()
        let create = { (db: Database) in
            try db.create(table: "t") { t in
                t.column("a", .integer)
                t.column("double", .integer).generatedAs(Column("a") * 2)
                t.column("label", .text).generatedAs(sql: "'#' || a", .stored)
            }
        }
        guard factory.driver.capabilities.isAtLeast(3, 31) else {
            let error = try expectDatabaseError(
                .SQLITE_ERROR, messageContains: "GENERATED ALWAYS AS (generated columns) requires SQLite 3.31.0"
            ) { try writer.write(create) }
            try expectEqual(try writer.read { db in try db.tableExists("t") }, false)
            return
        }
        try writer.write { db in
            try create(db)
            try db.execute(sql: "INSERT INTO t (a) VALUES (21)")
            try expectEqual(try Row.fetchOne(db, sql: "SELECT double, label FROM t"), ["double": 42, "label": "#21"])
            try expectEqual(try db.columns(in: "t").map(\.name), ["a", "double", "label"])
        }
    },
    ConformanceCheck("STRICT tables refuse values of another type where SQLite has them") { factory in
        let writer = try factory.makeWriter()
        let create = { (db: Database) in
            try db.create(table: "t", options: .strict) { t in t.column("a", .integer) }
        }
        guard factory.driver.capabilities.isAtLeast(3, 37) else {
            let error = try expectDatabaseError(
                .SQLITE_ERROR, sql: "CREATE TABLE \"t\" (\"a\" INTEGER) STRICT",
                messageContains: "CREATE TABLE … STRICT requires SQLite 3.37.0"
            ) { try writer.write(create) }
            try expectEqual(try writer.read { db in try db.tableExists("t") }, false)
            return
        }
        try writer.write { db in
            try create(db)
            try db.execute(sql: "INSERT INTO t (a) VALUES ('1')")
            try expectEqual(try Row.fetchOne(db, sql: "SELECT a, typeof(a) FROM t"), ["a": 1, "typeof(a)": "integer"])
            // SQLITE_CONSTRAINT_DATATYPE
            let error = try expectDatabaseError { try db.execute(sql: "INSERT INTO t (a) VALUES ('x')") }
            try expectEqual(error.resultCode, .SQLITE_CONSTRAINT)
        }
    },
]

/// A schema feature that needs a recent SQLite, and what the DSL runs with it.
private struct SchemaFeatureCase {
    /// The feature, as the error message names it.
    var name: String
    /// The first SQLite version that has it.
    var version: String
    /// Whether the driver of the check has it.
    var isSupported: Bool
    /// The statement that needs the feature, as the error reports it.
    var sql: String?
    /// Runs the DSL that needs the feature.
    var run: (Database) throws -> Void
}
