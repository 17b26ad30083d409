import RSCore
import RSQueryInterface

/// The `Record` class, its change tracking, and `databaseSelection`.
let recordClassChecks: [ConformanceCheck] = [
    ConformanceCheck("a Record subclass tracks its changes from the row it was fetched from or saved as") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: "CREATE TABLE trackedPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            let player = TrackedPlayer(name: "Arthur", score: 10)
            try expect(player.hasDatabaseChanges, "a new record has changes")
            let unknownValues: [String: DatabaseValue?] = ["id": nil, "name": nil, "score": nil]
            try expectEqual(try player.databaseChanges, unknownValues)
            try player.insert(db)
            try expectEqual(player.id, 1)
            try expect(!player.hasDatabaseChanges, "an inserted record has no changes")
            try expectEqual(try player.updateChanges(db), false)

            let fetched = try unwrap(try TrackedPlayer.fetchOne(db, key: 1), "no player")
            try expect(!fetched.hasDatabaseChanges, "a fetched record has no changes")
            fetched.name = "Arthur Dent"
            try expect(fetched.hasDatabaseChanges, "a modified record has changes")
            try expectEqual(try fetched.databaseChanges, ["name": "Arthur".databaseValue])
            // Another writer changes the score: updateChanges writes the name only.
            try db.execute(sql: "UPDATE trackedPlayer SET score = 99")
            try expectEqual(try fetched.updateChanges(db), true)
            try expect(!fetched.hasDatabaseChanges, "an updated record has no changes")
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM trackedPlayer"), ["id": 1, "name": "Arthur Dent", "score": 99])

            try expectEqual(try fetched.delete(db), true)
            try expect(fetched.hasDatabaseChanges, "a deleted record has changes")
            try fetched.save(db)
            try expectEqual(try TrackedPlayer.fetchCount(db), 1)

            let built = try TrackedPlayer(row: ["id": 1, "name": "Arthur Dent", "score": 10])
            try expect(built.hasDatabaseChanges, "a record of a row that was not fetched has changes")
            let all = try TrackedPlayer.fetchAll(db)
            try expectEqual(all.map(\.hasDatabaseChanges), [false])
            try expectEqual(try TrackedPlayer.fetchCursor(db).map(\.hasDatabaseChanges).next(), false)
        }
    },
    ConformanceCheck("a Record subclass overrides the callbacks, calls super, and keeps tracking changes") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE stampedPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER, stamp INTEGER)"
            )
            let player = StampedPlayer(name: "Arthur", score: 10)
            try player.insert(db)
            try expectEqual(player.stamp, 1)
            try expect(!player.hasDatabaseChanges, "the stamped values are the reference")
            player.score = 20
            try player.update(db)
            try expectEqual(player.stamp, 2)
            try expect(!player.hasDatabaseChanges, "the stamped values are the reference")
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM stampedPlayer"),
                ["id": 1, "name": "Arthur", "score": 20, "stamp": 2])
            try expectEqual(StampedPlayer.databaseTableName, "stampedPlayer")
        }
    },
    ConformanceCheck("databaseSelection is what the record's requests, fetches by key, and query interface select") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER)")
            try db.execute(sql: "INSERT INTO player VALUES (1, 'Arthur', 10), (2, 'Barbara', 20)")
            try expectEqual(try PlayerName.fetchAll(db).map(\.columns), [["name", "id"], ["name", "id"]])
            try expectEqual(try PlayerName.fetchOne(db)?.columns, ["name", "id"])
            try expectEqual(try PlayerName.fetchOne(db, key: 2)?.name, "Barbara")
            try expectEqual(try PlayerName.fetchOne(db, key: ["name": "Arthur"])?.columns, ["name", "id"])
            try expectEqual(try PlayerName.fetchAll(db, keys: [1, 2]).map(\.name).sorted(), ["Arthur", "Barbara"])
            try expectEqual(try PlayerName.fetchCursor(db).map(\.columns).next(), ["name", "id"])
            try expectEqual(try PlayerName.filter(Column("score") > 10).fetchAll(db).map(\.columns), [["name", "id"]])
            try expectEqual(
                try PlayerName.all().annotated(with: Column("score")).fetchOne(db)?.columns, ["name", "id", "score"])
            try expectEqual(try PlayerName.select(Column("name")).fetchOne(db)?.columns, ["name"])
            // SQLite names the rowid after the INTEGER PRIMARY KEY that aliases it.
            try expectEqual(try RowIDPlayer.fetchOne(db)?.columns, ["id", "name", "score", "id"])
        }
    },
]

/// A Record subclass, written as GRDB's documentation writes them.
private final class TrackedPlayer: Record {
    var id: Int64?
    var name: String
    var score: Int?

    override class var databaseTableName: String { "trackedPlayer" }

    init(name: String, score: Int?) {
        self.name = name
        self.score = score
        super.init()
    }

    required init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        score = row["score"]
        try super.init(row: row)
    }

    override func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["score"] = score
    }

    override func didInsert(_ inserted: InsertionSuccess) {
        super.didInsert(inserted)
        id = inserted.rowID
    }
}

/// A Record subclass that stamps each save in `willSave`, and takes its id in `aroundInsert`.
private final class StampedPlayer: Record {
    var id: Int64?
    var name: String
    var score: Int
    var stamp = 0

    init(name: String, score: Int) {
        self.name = name
        self.score = score
        super.init()
    }

    required init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        score = row["score"]
        stamp = row["stamp"]
        try super.init(row: row)
    }

    override func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        container["score"] = score
        container["stamp"] = stamp
    }

    override func willSave(_ db: Database) throws {
        try super.willSave(db)
        stamp += 1
    }

    override func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        try super.aroundInsert(db) {
            let inserted = try insert()
            id = inserted.rowID
            return inserted
        }
    }
}

/// A record of two columns of the player table, which remembers the columns it was decoded from.
private struct PlayerName: FetchableRecord, TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [Column("name"), Column("id")] }
    var name: String
    var columns: [String]

    init(row: Row) throws {
        name = row["name"]
        columns = row.columnNames
    }
}

/// A record of the player table that also selects the rowid.
private struct RowIDPlayer: FetchableRecord, TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [.allColumns, .rowID] }
    var columns: [String]

    init(row: Row) throws {
        columns = row.columnNames
    }
}
