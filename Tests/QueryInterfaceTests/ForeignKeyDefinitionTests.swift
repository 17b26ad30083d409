import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

// The SQL of `TableDefinition.belongsTo(…)`, as GRDB writes it, on the system SQLite: columns named
// after the key and the referenced primary key, with its types; a FOREIGN KEY constraint and an
// index for a primary key of several columns. What SQLite does with the keys is checked by the
// conformance suite over every driver (Tests/TestSupport/Checks+Schema.swift).

/// A database with referenced tables: hidden rowid, single-column and composite primary keys.
private func referencedTables() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.create(table: "parent") { t in t.column("name", .text) }
        try db.create(table: "country") { t in t.primaryKey("code", .init(rawValue: "CUSTOM TYPE")) }
        try db.create(table: "teams") { t in t.primaryKey("primaryKey", .integer) }
        try db.create(table: "people") { t in
            t.primaryKey {
                t.column("min", .text)
                t.column("max")
            }
        }
    }
    return dbQueue
}

@Suite struct ForeignKeyDefinitionTests {
    @Test func columnsAreNamedAfterTheKeyAndTheReferencedPrimaryKey() throws {
        let sql = try schemaSQL(referencedTables()) { db in
            try db.create(table: "child") { t in
                t.column("a")
                t.belongsTo("parent")
                t.belongsTo("COUNTRY")
                t.belongsTo("team")
                t.belongsTo("people")
                t.belongsTo("customTeam", inTable: "teams", onDelete: .cascade, onUpdate: .setNull, deferred: true)
                t.column("b")
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"child\" (\"a\", "
                    + "\"parentId\" INTEGER REFERENCES \"parent\"(\"rowid\"), "
                    + "\"COUNTRYCode\" CUSTOM TYPE REFERENCES \"COUNTRY\"(\"code\"), "
                    + "\"teamPrimaryKey\" INTEGER REFERENCES \"teams\"(\"primaryKey\"), "
                    + "\"peopleMin\" TEXT, \"peopleMax\", "
                    + "\"customTeamPrimaryKey\" INTEGER REFERENCES \"teams\"(\"primaryKey\") "
                    + "ON DELETE CASCADE ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED, "
                    + "\"b\", "
                    + "FOREIGN KEY (\"peopleMin\", \"peopleMax\") REFERENCES \"people\"(\"min\", \"max\"))",
                "CREATE INDEX \"index_child_on_peopleMin_peopleMax\" ON \"child\"(\"peopleMin\", \"peopleMax\")",
                "CREATE INDEX \"child_on_parentId\" ON \"child\"(\"parentId\")",
                "CREATE INDEX \"child_on_COUNTRYCode\" ON \"child\"(\"COUNTRYCode\")",
                "CREATE INDEX \"child_on_teamPrimaryKey\" ON \"child\"(\"teamPrimaryKey\")",
                "CREATE INDEX \"child_on_customTeamPrimaryKey\" ON \"child\"(\"customTeamPrimaryKey\")",
            ])
    }

    @Test func uniqueNotNullAndNotIndexedKeys() throws {
        let sql = try schemaSQL(referencedTables()) { db in
            try db.create(table: "child", options: .ifNotExists) { t in
                t.belongsTo("parent").unique()
                t.belongsTo("country").notNull(onConflict: .replace)
                t.belongsTo("team", indexed: false).notNull()
                t.belongsTo("people").unique().notNull()
            }
        }
        #expect(
            sql == [
                "CREATE TABLE IF NOT EXISTS \"child\" ("
                    + "\"parentId\" INTEGER UNIQUE REFERENCES \"parent\"(\"rowid\"), "
                    + "\"countryCode\" CUSTOM TYPE NOT NULL ON CONFLICT REPLACE REFERENCES \"country\"(\"code\"), "
                    + "\"teamPrimaryKey\" INTEGER NOT NULL REFERENCES \"teams\"(\"primaryKey\"), "
                    + "\"peopleMin\" TEXT NOT NULL, \"peopleMax\" NOT NULL, "
                    + "FOREIGN KEY (\"peopleMin\", \"peopleMax\") REFERENCES \"people\"(\"min\", \"max\"))",
                "CREATE UNIQUE INDEX IF NOT EXISTS \"index_child_on_peopleMin_peopleMax\" "
                    + "ON \"child\"(\"peopleMin\", \"peopleMax\")",
                "CREATE INDEX IF NOT EXISTS \"child_on_countryCode\" ON \"child\"(\"countryCode\")",
            ])
    }

    @Test func keysToTheTableItself() throws {
        let sql = try schemaSQL(DatabaseQueue()) { db in
            try db.create(table: "employees") { t in
                t.belongsTo("employee")
                t.belongsTo("manager", inTable: "employees")
            }
            try db.create(table: "node") { t in
                t.primaryKey("uuid", .text)
                t.belongsTo("parent", inTable: "node", indexed: false)
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"employees\" (\"employeeId\" INTEGER REFERENCES \"employees\"(\"rowid\"), "
                    + "\"managerId\" INTEGER REFERENCES \"employees\"(\"rowid\"))",
                "CREATE INDEX \"employees_on_employeeId\" ON \"employees\"(\"employeeId\")",
                "CREATE INDEX \"employees_on_managerId\" ON \"employees\"(\"managerId\")",
                "CREATE TABLE \"node\" (\"uuid\" TEXT PRIMARY KEY NOT NULL, "
                    + "\"parentUuid\" TEXT REFERENCES \"node\"(\"uuid\"))",
            ])
    }

    @Test func keysInThePrimaryKey() throws {
        let sql = try schemaSQL(referencedTables()) { db in
            try db.create(table: "membership") { t in
                t.primaryKey {
                    t.column("a")
                    t.belongsTo("people")
                    t.belongsTo("team")
                }
            }
        }
        #expect(
            sql == [
                "CREATE TABLE \"membership\" (\"a\" NOT NULL, \"peopleMin\" TEXT NOT NULL, \"peopleMax\" NOT NULL, "
                    + "\"teamPrimaryKey\" INTEGER NOT NULL REFERENCES \"teams\"(\"primaryKey\"), "
                    + "PRIMARY KEY (\"a\", \"peopleMin\", \"peopleMax\", \"teamPrimaryKey\"), "
                    + "FOREIGN KEY (\"peopleMin\", \"peopleMax\") REFERENCES \"people\"(\"min\", \"max\"))"
            ])
    }

    @Test func aMissingTableIsAnError() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            let missing = try #require(throws: DatabaseError.self) {
                try db.create(table: "book") { t in t.belongsTo("author") }
            }
            #expect(missing.resultCode == .SQLITE_ERROR)
            #expect(missing.message == "no such table: author")
            // A key to the table itself, in its primary key, can't know the primary key it is part of.
            let circular = try #require(throws: DatabaseError.self) {
                try db.create(table: "player") { t in t.primaryKey { t.belongsTo("player") } }
            }
            #expect(circular.message == "no such table: player")
            #expect(try !db.tableExists("book") && !db.tableExists("player"))
        }
    }
}
