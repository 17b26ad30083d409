import Foundation
import RSCore
import RSQueryInterface

/// Names of tables, columns and indexes are names, whatever their characters: the DSL quotes them
/// everywhere, introspection finds them, and constraints hold with values equal to the names.
let schemaNameChecks: [ConformanceCheck] = [
    ConformanceCheck("the schema DSL and introspection take any name as a name, never as SQL") { factory in
        let writer = try factory.makeWriter()
        for name in hostileNames {
            try writer.write { db in try checkSchema(named: name, db) }
        }
    }
]

/// Names that break SQL that does not quote them.
private let hostileNames = [
    "\"; DROP TABLE victim; --",
    "'); DROP TABLE victim; --",
    "with space",
    "a\"quoted\"name",
    "?",
    ":name",
    "select",
    "é 🎉",
]

/// Creates, alters, introspects, uses and drops tables, columns and indexes named after `name`.
/// Columns are renamed and dropped where SQLite can (3.25 and 3.35).
private func checkSchema(named name: String, _ db: Database) throws {
    let capabilities = db.driver.capabilities
    try db.execute(sql: "CREATE TABLE IF NOT EXISTS victim (x)")
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
    try db.create(index: "index " + name, on: name, columns: [name, "other " + name], condition: Column(name) != name)
    try db.alter(table: name) { t in
        t.add(column: "added " + name, .integer).defaults(to: 0).indexed()
        if capabilities.isAtLeast(3, 25) {
            t.add(column: "extra " + name)
            t.rename(column: "extra " + name, to: "renamed " + name)
        }
    }
    if capabilities.isAtLeast(3, 35) {
        try db.alter(table: name) { t in t.drop(column: "renamed " + name) }
    }

    let columns = try db.columns(in: name)
    let expectedColumns =
        ["id " + name, name, "other " + name, "added " + name]
        + (capabilities.isAtLeast(3, 25) && !capabilities.isAtLeast(3, 35) ? ["renamed " + name] : [])
    try expectEqual(columns.map(\.name), expectedColumns)
    try expectEqual(columns.map(\.defaultValueSQL)[1], "'" + name.replacingOccurrences(of: "'", with: "''") + "'")
    let indexes = try db.indexes(on: name)
    try expectEqual(
        indexes.map(\.columns).sorted { "\($0)" < "\($1)" },
        [["added " + name], [name], [name, "other " + name], [name, "other " + name]].sorted { "\($0)" < "\($1)" })
    try expect(
        indexes.contains { $0.name == "index " + name && $0.origin == .createIndex }, "no index named after \(name)")
    try expect(
        indexes.contains { $0.name == name + "_on_added " + name && $0.origin == .createIndex },
        "no index of the added column of \(name)")
    try expectEqual(try db.foreignKeys(on: name).map(\.destinationTable), [parent, parent])
    try expectEqual(try db.foreignKeys(on: name).map(\.destinationColumns), [[name], [name]])
    try expect(try db.table(name, hasUniqueKey: [name]), "\(name) is no unique key")

    // The constraints hold, with the values of the names.
    try db.execute(sql: "INSERT INTO \(parent.quotedDatabaseIdentifier) VALUES ('p'), (?)", arguments: [name])
    try expectConstraintViolation(
        db, "INSERT INTO \(name.quotedDatabaseIdentifier) DEFAULT VALUES", .SQLITE_CONSTRAINT_CHECK)
    try db.execute(
        sql: "INSERT INTO \(name.quotedDatabaseIdentifier) (\(name.quotedDatabaseIdentifier)) VALUES ('p')")
    try db.execute(sql: "DELETE FROM \(parent.quotedDatabaseIdentifier) WHERE rowid = 1")
    try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(name.quotedDatabaseIdentifier)"), 0)

    try db.drop(index: "index " + name)
    try db.rename(table: name, to: "renamed " + name)
    try db.drop(table: "renamed " + name)
    try db.drop(table: parent)
    try expect(try db.tableExists("victim"), "the table victim is gone")
    try expectEqual(
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"), ["victim"])
}
