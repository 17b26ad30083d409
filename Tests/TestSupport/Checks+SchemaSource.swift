import RSCore
import RSMigrations
import RSQueryInterface

/// `Configuration.schemaSource`: the primary keys of views, for records that read a view, and how
/// `withSchemaSource(_:execute:)`, `then(_:)` and migrations change the source.
let schemaSourceChecks: [ConformanceCheck] = [
    ConformanceCheck("schema source: a record of a view is fetched by key and by id, on the key the source gives") {
        factory in
        let source = ViewKeySource(["activePlayer": ["ID"], "recentPlayer": ["id"], "archivedPlayer": ["id"]])
        let writer = try factory.makeWriter { $0.schemaSource = source }
        try writer.writeWithoutTransaction { db in
            try createSchemaSourceDatabase(db)
            try db.execute(
                sql: """
                    CREATE TEMP VIEW recentPlayer AS SELECT id FROM player WHERE id > 2;
                    ATTACH DATABASE ':memory:' AS aux;
                    CREATE VIEW aux.archivedPlayer AS SELECT 1 AS id;
                    """)
            defer { try? db.execute(sql: "DETACH DATABASE aux") }
            // The view spells the column "id": the key is spelled as the view spells it, without rowid.
            try expectEqual(try db.primaryKey("activePlayer").columns, ["id"])
            try expectEqual(try db.primaryKey("activePlayer").rowIDColumn, nil)
            try expectEqual(try ActivePlayer.fetchOne(db, key: 1), ActivePlayer(id: 1, name: "Craig"))
            try expectEqual(try ActivePlayer.fetchOne(db, id: 3), ActivePlayer(id: 3, name: "Barbara"))
            try expectEqual(try ActivePlayer.fetchOne(db, id: 4), nil)  // Not active
            try expectEqual(try ActivePlayer.fetchOne(db, key: ["id": 2]), ActivePlayer(id: 2, name: "Arthur"))
            try expect(try ActivePlayer.exists(db, id: 2), "exists(id: 2)")
            try expect(try db.table("activePlayer", hasUniqueKey: ["id", "name"]), "a unique key of the view")
            try expect(try !db.table("activePlayer", hasUniqueKey: ["name"]), "name is no unique key of the view")
            try expectEqual(
                try ActivePlayer.filter(ids: [1, 3]).order(Column("id")).fetchAll(db).map(\.name), ["Craig", "Barbara"])
            // Each view is given with its own schema, and the source may query the database.
            try expectEqual(try db.primaryKey("recentPlayer").columns, ["id"])
            try expectEqual(try db.primaryKey("archivedPlayer").columns, ["id"])
            try expectEqual(
                source.askedViews.current,
                [
                    DatabaseObjectID(name: "activePlayer", schemaID: .main),
                    DatabaseObjectID(name: "recentPlayer", schemaID: .temp),
                    DatabaseObjectID(name: "archivedPlayer", schemaID: .attached("aux")),
                ])
            try expectEqual(DatabaseSchemaID.main.schemaTableName, "sqlite_master")
            try expectEqual(DatabaseSchemaID.temp.schemaTableName, "sqlite_temp_master")
            // The source is asked once per view: the key is kept with the schema. Tables are not its business.
            _ = try db.primaryKey("activePlayer")
            try expectEqual(try db.primaryKey("player").rowIDColumn, "id")
            try expectEqual(source.askedViews.current.count, 3)
        }
    },
    ConformanceCheck("schema source: a view has no primary key without source, nor when its source gives none") {
        factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try createSchemaSourceDatabase(db)
            for source in [nil, ViewKeySource(["activePlayer": []]), ViewKeySource(["otherView": ["id"]])] {
                try db.withSchemaSource(source) {
                    let error = try expectDatabaseError { _ = try db.primaryKey("activePlayer") }
                    try expectEqual(error.resultCode, .SQLITE_ERROR)
                    try expectEqual(error.message, "database view activePlayer has no primary key")
                    _ = try expectDatabaseError { _ = try ActivePlayer.fetchOne(db, key: 1) }
                    _ = try expectDatabaseError { _ = try ActivePlayer.fetchOne(db, key: ["id": 1]) }
                    try expect(try !db.table("activePlayer", hasUniqueKey: ["id", "name"]), "a view has no unique key")
                    try expect(try !db.table("activePlayer", hasUniqueKey: ["rowid"]), "a view has no rowid")
                    // A request of a view still knows its region.
                    try expectEqual(
                        try ActivePlayer.filter(Column("id") == 1).databaseRegion(db).description,
                        "activeplayer(id,name),player(active,id,name)")
                    let missing = try expectDatabaseError { _ = try db.primaryKey("missing") }
                    try expectEqual(missing.message, "no such table: missing")
                    // The source is asked once about the view: that it has no key is kept too.
                    try expectEqual(source?.askedViews.current.count ?? 1, 1)
                }
            }
        }
    },
    ConformanceCheck("schema source: withSchemaSource sets a source for its closure only, and forgets the keys") {
        factory in
        let writer = try factory.makeWriter { $0.schemaSource = ViewKeySource(["activePlayer": ["id"]]) }
        try writer.write { db in
            try createSchemaSourceDatabase(db)
            try expectEqual(try db.primaryKey("activePlayer").columns, ["id"])
            let byName = ViewKeySource(["activePlayer": ["name"]])
            try db.withSchemaSource(byName) {
                try expect(db.schemaSource as? ViewKeySource === byName, "the source of the closure")
                // The key of the previous source, cached above, is forgotten.
                try expectEqual(try db.primaryKey("activePlayer").columns, ["name"])
                try expectEqual(try ActivePlayer.fetchOne(db, key: "Barbara")?.id, 3)
            }
            try expectEqual(try db.primaryKey("activePlayer").columns, ["id"])
            try db.withSchemaSource(nil) {
                try expect(db.schemaSource == nil, "no source in the closure")
                _ = try expectDatabaseError { _ = try db.primaryKey("activePlayer") }
            }
            try expectEqual(try db.primaryKey("activePlayer").columns, ["id"])
            // The source comes back after a closure that throws, and its value is returned.
            do {
                try db.withSchemaSource(byName) {
                    _ = try db.primaryKey("activePlayer")
                    throw SchemaSourceFailure()
                }
                throw ConformanceFailure(description: "withSchemaSource did not rethrow", location: "\(#fileID)")
            } catch is SchemaSourceFailure {}
            try expectEqual(try db.primaryKey("activePlayer").columns, ["id"])
            try expectEqual(db.withSchemaSource(nil) { 42 }, 42)
        }
    },
    ConformanceCheck("schema source: migrations run without the source, unless they bring it back") { factory in
        let source = ViewKeySource(["activePlayer": ["id"]])
        let writer = try factory.makeWriter { $0.schemaSource = source }
        let inMigration = Locked<[String]>([])
        var migrator = DatabaseMigrator()
        migrator.registerMigration("views") { db in
            try createSchemaSourceDatabase(db)
            let error = try expectDatabaseError { _ = try db.primaryKey("activePlayer") }
            let columns = try db.withSchemaSource(source) { try db.primaryKey("activePlayer").columns }
            inMigration.withLock { $0 = [error.message ?? ""] + columns }
        }
        try migrator.migrate(writer)
        try expectEqual(inMigration.current, ["database view activePlayer has no primary key", "id"])
        try writer.read { db in try expectEqual(try db.primaryKey("activePlayer").columns, ["id"]) }
    },
    ConformanceCheck("schema source: then(_:) asks the next source only where the first returns nil") { factory in
        let first = ViewKeySource(["activePlayer": ["id"], "playerName": []])
        let second = ViewKeySource(["activePlayer": ["name"], "playerName": ["name"], "playerCode": ["code"]])
        let writer = try factory.makeWriter { $0.schemaSource = first.then(second) }
        try writer.writeWithoutTransaction { db in
            try createSchemaSourceDatabase(db)
            try db.execute(
                sql: """
                    CREATE VIEW playerName AS SELECT name FROM player;
                    CREATE VIEW playerCode AS SELECT id AS code FROM player;
                    """)
            try expectEqual(try db.primaryKey("activePlayer").columns, ["id"])
            try expectEqual(try db.primaryKey("playerCode").columns, ["code"])
            // An empty key is an answer: the second source is not asked.
            _ = try expectDatabaseError { _ = try db.primaryKey("playerName") }
            try expectEqual(first.askedViews.current.map(\.name), ["activePlayer", "playerCode", "playerName"])
            try expectEqual(second.askedViews.current.map(\.name), ["playerCode"])
            try db.withSchemaSource(second.then(first)) {
                try expectEqual(try db.primaryKey("activePlayer").columns, ["name"])
            }
        }
    },
    ConformanceCheck("schema source: the error of a source is thrown, and a column that the view lacks is misuse") {
        factory in
        let writer = try factory.makeWriter { $0.schemaSource = ThrowingSchemaSource() }
        try writer.writeWithoutTransaction { db in
            try createSchemaSourceDatabase(db)
            for _ in 0..<2 {
                do {
                    _ = try ActivePlayer.fetchOne(db, id: 1)
                    throw ConformanceFailure(description: "the error of the source was not thrown", location: #fileID)
                } catch is SchemaSourceFailure {}
            }
            try expectEqual(try db.primaryKey("player").columns, ["id"])
            _ = try db.withSchemaSource(ViewKeySource(["activePlayer": ["id", "score"]])) {
                try expectDatabaseError(.SQLITE_MISUSE, messageContains: "score") {
                    _ = try db.primaryKey("activePlayer")
                }
            }
        }
    },
    ConformanceCheck("schema source: dumpTables with stableOrder sorts a view by the key of the source") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try createSchemaSourceDatabase(db)
            let byAllColumns = try dumped { try db.dumpTables(["activePlayer"], stableOrder: true, to: $0) }
            try expectEqual(byAllColumns, "1|Craig\n2|Arthur\n3|Barbara\n")
            let byName = try db.withSchemaSource(ViewKeySource(["activePlayer": ["name"]])) {
                try dumped { try db.dumpTables(["activePlayer"], stableOrder: true, to: $0) }
            }
            try expectEqual(byName, "2|Arthur\n3|Barbara\n1|Craig\n")
        }
    },
]

/// Creates a table of players and `activePlayer`, a view of the active ones.
private func createSchemaSourceDatabase(_ db: Database) throws {
    try db.execute(
        sql: """
            CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, active BOOLEAN NOT NULL);
            INSERT INTO player VALUES (1, 'Craig', 1), (2, 'Arthur', 1), (3, 'Barbara', 1), (4, 'David', 0);
            CREATE VIEW activePlayer AS SELECT id, name FROM player WHERE active;
            """)
}

/// A record of the `activePlayer` view.
private struct ActivePlayer: Codable, Equatable, Identifiable, FetchableRecord, TableRecord {
    static let databaseTableName = "activePlayer"
    var id: Int64
    var name: String
}

/// A schema source that gives views fixed primary keys, by name, and remembers the views it is
/// asked about (after checking that they exist, as a source may query the database).
private final class ViewKeySource: DatabaseSchemaSource {
    let keys: [String: [String]]
    let askedViews = Locked<[DatabaseObjectID]>([])

    init(_ keys: [String: [String]]) {
        self.keys = keys
    }

    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        try expect(try db.viewExists(view.name, in: view.schemaID.name), "\(view) is a view")
        askedViews.withLock { $0.append(view) }
        return keys[view.name]
    }
}

/// A schema source that fails.
private struct ThrowingSchemaSource: DatabaseSchemaSource {
    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        throw SchemaSourceFailure()
    }
}

/// The error of `ThrowingSchemaSource`, and of the closures that check that it goes through.
private struct SchemaSourceFailure: Error {}
