import RSCore
import RSQueryInterface

/// Schema introspection, from the PRAGMAs of the driver's SQLite: columns, indexes, foreign keys
/// and unique keys of tables, views and temporary tables, and errors that name unknown tables.
let schemaIntrospectionChecks: [ConformanceCheck] = [
    ConformanceCheck("columns(in:) tells the names, types, constraints and defaults of columns") { factory in
        try introspectionFixture(factory).read { db in
            let columns = try db.columns(in: "player")
            try expectEqual(columns.map(\.name), ["id", "name", "score", "teamId", "pairA", "pairB", "untyped"])
            try expectEqual(columns.map(\.type), ["INTEGER", "TEXT", "INT", "INTEGER", "INTEGER", "TEXT", ""])
            try expectEqual(columns.map(\.isNotNull), [false, true, false, false, false, false, false])
            try expectEqual(columns.map(\.defaultValueSQL), [nil, "'Anonymous'", "0", nil, nil, nil, nil])
            try expectEqual(columns.map(\.primaryKeyIndex), [1, 0, 0, 0, 0, 0, 0])
            try expectEqual(try db.columns(in: "PAIR").map(\.primaryKeyIndex), [2, 1])
            try expectEqual(try db.columns(in: "playerView").map(\.name), ["id", "name"])
        }
    },
    ConformanceCheck("indexes(on:) tells the indexes of columns, their uniqueness and their origin") { factory in
        try introspectionFixture(factory).read { db in
            let indexes = try db.indexes(on: "player").sorted { $0.name < $1.name }
            // The index on an expression is left out.
            try expectEqual(indexes.map(\.name), ["playerOnName", "playerOnScore"])
            try expectEqual(indexes.map(\.columns), [["name"], ["score", "name"]])
            try expectEqual(indexes.map(\.isUnique), [true, false])
            try expectEqual(indexes.map(\.origin), [.createIndex, .createIndex])
            let teamIndexes = try db.indexes(on: "team")
            try expectEqual(teamIndexes.map(\.origin), [.uniqueConstraint])
            try expectEqual(teamIndexes.map(\.columns), [["name"]])
            let pairIndexes = try db.indexes(on: "pair")
            try expectEqual(pairIndexes.map(\.origin), [.primaryKeyConstraint])
            try expectEqual(pairIndexes.map(\.columns), [["b", "a"]])
            try expectEqual(try db.indexes(on: "empty"), [])
        }
    },
    ConformanceCheck("foreignKeys(on:) maps origin columns to destination columns, or to the primary key") {
        factory in
        try introspectionFixture(factory).read { db in
            let foreignKeys = try db.foreignKeys(on: "player").sorted { $0.id < $1.id }
            let summary = foreignKeys.map { [$0.destinationTable] + $0.originColumns + ["->"] + $0.destinationColumns }
            // The key without destination columns maps to the primary key of its table, in order.
            try expectEqual(
                Set(summary),
                [
                    ["team", "teamId", "->", "id"],
                    ["pair", "pairA", "pairB", "->", "a", "b"],
                    ["pair", "pairB", "pairA", "->", "b", "a"],
                ])
            try expect(
                foreignKeys.allSatisfy { $0.mapping.map(\.origin) == $0.originColumns }, "mappings: \(foreignKeys)")
            try expect(try db.foreignKeys(on: "empty").isEmpty, "foreign keys of a table without any")
        }
    },
    ConformanceCheck("table(_:hasUniqueKey:) tells primary keys, unique indexes and the rowid") { factory in
        try introspectionFixture(factory).read { db in
            let uniqueKeys: [(table: String, columns: [String], isUnique: Bool)] = [
                ("player", ["id"], true),
                ("player", ["ID", "name"], true),
                ("player", ["name"], true),  // a partial unique index counts, as in GRDB
                ("player", ["score"], false),
                ("pair", ["a", "b"], true),
                ("pair", ["a"], false),
                ("team", ["name"], true),
                ("empty", ["rowid"], true),
                ("empty", ["x"], false),
                ("empty", [], false),
            ]
            for (table, columns, isUnique) in uniqueKeys {
                try expect(
                    try db.table(table, hasUniqueKey: columns) == isUnique,
                    "\(table) \(columns) should \(isUnique ? "" : "not ")be a unique key")
            }
        }
    },
    ConformanceCheck("introspection finds temporary tables, and looks in the schema it is given") { factory in
        try introspectionFixture(factory).write { db in
            try db.create(table: "scratch", options: .temporary) { t in t.column("x").indexed() }
            try expectEqual(try db.columns(in: "scratch").map(\.name), ["x"])
            try expectEqual(try db.columns(in: "scratch", in: "temp").map(\.name), ["x"])
            try expectEqual(try db.indexes(on: "scratch").map(\.name), ["scratch_on_x"])
            try expectEqual(try db.columns(in: "player", in: "main").count, 7)
            let mainError = try expectDatabaseError { _ = try db.columns(in: "scratch", in: "main") }
            try expectEqual(mainError.resultCode, .SQLITE_ERROR)
            try expectEqual(mainError.message, "no such table: main.scratch")
        }
    },
    ConformanceCheck("primaryKey(_:in:) reads the table of the schema it is given, or the one SQLite finds first") {
        factory in
        // Temporary tables belong to one connection: the writer's.
        try factory.makeWriter().writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE parent (code TEXT PRIMARY KEY);
                    CREATE TABLE child (parentCode REFERENCES parent);
                    CREATE TEMP TABLE item (a TEXT, b INTEGER, PRIMARY KEY (a, b));
                    CREATE TEMP TABLE parent (x INTEGER, y TEXT PRIMARY KEY);
                    """)
            func key(_ table: String, in schemaName: String? = nil) throws -> String {
                let primaryKey = try db.primaryKey(table, in: schemaName)
                return "\(primaryKey.columns) \(primaryKey.rowIDColumn ?? "-")"
            }
            try expectEqual(try key("item"), #"["a", "b"] -"#)
            try expectEqual(try key("item", in: "main"), #"["id"] id"#)
            try expectEqual(try key("item", in: "temp"), #"["a", "b"] -"#)
            try expectEqual(try key("item"), #"["a", "b"] -"#)
            // A foreign key without destination columns refers to the primary key of its schema.
            try expectEqual(try db.foreignKeys(on: "child", in: "main").map(\.destinationColumns), [["code"]])
            let missing = try expectDatabaseError { _ = try db.primaryKey("child", in: "temp") }
            try expectEqual(missing.resultCode, .SQLITE_ERROR)
            try expectEqual(missing.message, "no such table: temp.child")
            let unknownSchema = try expectDatabaseError { _ = try db.primaryKey("item", in: "nowhere") }
            try expectEqual(unknownSchema.resultCode, .SQLITE_ERROR)
            try expect(unknownSchema.message?.contains("unknown database") == true, "\(unknownSchema)")
        }
    },
    ConformanceCheck("introspection of a table missing from the temp schema throws an error that names it") {
        factory in
        try introspectionFixture(factory).read { db in
            // The existence check of the temp schema reads `sqlite_temp_master`: `temp.sqlite_master`
            // is a name of SQLite 3.33+, which SQLCipher 3.4 does not know.
            let error = try expectDatabaseError { _ = try db.indexes(on: "empty", in: "temp") }
            try expectEqual(error.resultCode, .SQLITE_ERROR)
            try expectEqual(error.message, "no such table: temp.empty")
            let foreignKeysError = try expectDatabaseError { _ = try db.foreignKeys(on: "empty", in: "temp") }
            try expectEqual(foreignKeysError.message, "no such table: temp.empty")
        }
    },
    ConformanceCheck("introspection of an unknown table throws an error that names it, whatever the name") {
        factory in
        try introspectionFixture(factory).read { db in
            for name in ["nothing", "x\"y", "'; DROP TABLE team; --"] {
                let introspections: [() throws -> Void] = [
                    { _ = try db.columns(in: name) },
                    { _ = try db.indexes(on: name) },
                    { _ = try db.foreignKeys(on: name) },
                    { _ = try db.table(name, hasUniqueKey: ["id"]) },
                    { _ = try db.table(name, hasUniqueKey: []) },
                ]
                for introspection in introspections {
                    let error = try expectDatabaseError { try introspection() }
                    try expectEqual(error.resultCode, .SQLITE_ERROR)
                    try expectEqual(error.message, "no such table: \(name)")
                }
            }
            try expect(try db.tableExists("team"), "the table team is gone")
        }
    },
]

/// A database of the check with tables, indexes and a view to introspect.
private func introspectionFixture(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
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
    return writer
}
