import RSCore

/// The persistence callbacks, the conflict policy, and GRDB's rules of update, save and delete.
let persistenceCallbackChecks: [ConformanceCheck] = [
    ConformanceCheck("insert, update, save and delete call the persistence callbacks in GRDB's order") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE loggedPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            let log = EventLog()
            var player = LoggedPlayer(id: nil, name: "Arthur", log: log)
            try player.insert(db)
            try expectEqual(player.id, 1)
            try expectEqual(
                log.take(),
                [
                    "willSave", "aroundSave>", "willInsert", "aroundInsert>", "<aroundInsert", "didInsert 1",
                    "<aroundSave", "didSave",
                ])

            try player.update(db)
            try expectEqual(
                log.take(),
                [
                    "willSave", "aroundSave>", "willUpdate id,name", "aroundUpdate>", "<aroundUpdate", "didUpdate",
                    "<aroundSave", "didSave",
                ])
            try player.update(db, columns: ["name"])
            try expectEqual(log.take()[2], "willUpdate name")

            // A save of a key that no row has tries the update, then inserts.
            var newcomer = LoggedPlayer(id: 42, name: "Barbara", log: log)
            try newcomer.save(db)
            try expectEqual(
                log.take(),
                [
                    "willSave", "aroundSave>", "willUpdate id,name", "aroundUpdate>", "willInsert", "aroundInsert>",
                    "<aroundInsert", "didInsert 42", "<aroundSave", "didSave",
                ])
            try newcomer.save(db)
            try expectEqual(log.take()[2], "willUpdate id,name")

            try expectEqual(try player.delete(db), true)
            try expectEqual(log.take(), ["willDelete", "aroundDelete>", "<aroundDelete", "didDelete true"])
            try expectEqual(try player.delete(db), false)
            try expectEqual(log.take(), ["willDelete", "aroundDelete>", "<aroundDelete", "didDelete false"])
        }
    },
    ConformanceCheck("a failing callback stops the operation, and an around callback must call its function") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE loggedPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            let log = EventLog()
            var refused = LoggedPlayer(id: nil, name: "Arthur", log: log, failing: "willInsert")
            _ = try expectError(CallbackRefusal.self) { try refused.insert(db) }
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loggedPlayer"), 0)
            try expectEqual(log.take(), ["willSave", "aroundSave>", "willInsert"])

            for callback in ["aroundInsert", "aroundSave"] {
                var skipping = LoggedPlayer(id: nil, name: "Arthur", log: log, skipping: callback)
                let error = try expectDatabaseError(.SQLITE_MISUSE, messageContains: callback) {
                    try skipping.insert(db)
                }
                try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM loggedPlayer"), 0)
                try expect(!log.take().contains("didSave"), "didSave called after \(callback) skipped the insertion")
            }

            // An aroundUpdate that swallows the error of the update: the save cannot know.
            let swallowing = LoggedPlayer(id: 7, name: "Arthur", log: log, swallowing: "aroundUpdate")
            let error = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "aroundUpdate") {
                try swallowing.update(db)
            }
            let deleting = LoggedPlayer(id: 7, name: "Arthur", log: log, skipping: "aroundDelete")
            try expectDatabaseError(.SQLITE_MISUSE, messageContains: "aroundDelete") { _ = try deleting.delete(db) }
        }
    },
    ConformanceCheck("the conflict policy of a record type applies when no onConflict: is given") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE lenientPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)")
            try LenientPlayer(id: 1, name: "Arthur").insert(db)
            try LenientPlayer(id: 1, name: "Barbara").insert(db)  // INSERT OR REPLACE
            try expectEqual(try String.fetchAll(db, sql: "SELECT name FROM lenientPlayer"), ["Barbara"])
            let error = try expectDatabaseError(.SQLITE_CONSTRAINT_PRIMARYKEY) {
                try LenientPlayer(id: 1, name: "Craig").insert(db, onConflict: .abort)
            }

            // UPDATE OR IGNORE skips the conflicting row: no row was updated.
            try LenientPlayer(id: 2, name: "David").insert(db)
            _ = try expectError(RecordError.self) { try LenientPlayer(id: 2, name: "Barbara").update(db) }
            try expectEqual(try String.fetchOne(db, sql: "SELECT name FROM lenientPlayer WHERE id = 2"), "David")
        }
    },
    ConformanceCheck("update writes the table's columns that the record encodes, never its primary key") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE extendedPlayer (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            try db.execute(sql: "INSERT INTO extendedPlayer VALUES (1, 'Arthur', 10)")
            // The record encodes a column that the table does not have: updates ignore it.
            let player = ExtendedPlayer(id: 1, name: "Arthur Dent", score: 20, nickname: "Art")
            try player.update(db)
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM extendedPlayer"),
                ["id": 1, "name": "Arthur Dent", "score": 20])
            try ExtendedPlayer(id: 1, name: "A", score: 30, nickname: nil).update(db, columns: [Column("SCORE")])
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM extendedPlayer"),
                ["id": 1, "name": "Arthur Dent", "score": 30])
            try ExtendedPlayer(id: 1, name: "B", score: 40, nickname: nil).update(db, columns: ["nickname"])
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM extendedPlayer"),
                ["id": 1, "name": "Arthur Dent", "score": 30])
        }
    },
    ConformanceCheck("a record that does not encode its table's rowid has no key: not found, inserted by save") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE label (text TEXT NOT NULL)")
            let label = Label(text: "hello")
            _ = try expectError(RecordError.self) { try label.update(db) }
            try expectEqual(try label.exists(db), false)
            try expectEqual(try label.delete(db), false)
            try label.save(db)
            try label.save(db)
            try expectEqual(try String.fetchAll(db, sql: "SELECT text FROM label"), ["hello", "hello"])
        }
    },
    ConformanceCheck("updateChanges updates the changed columns only, and runs no statement without change") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE extendedPlayer (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)")
            try db.execute(sql: "INSERT INTO extendedPlayer VALUES (1, 'Arthur', 10)")
            var player = ExtendedPlayer(id: 1, name: "Arthur", score: 10, nickname: nil)
            // Another writer renames the player: an update of the score alone keeps the new name.
            try db.execute(sql: "UPDATE extendedPlayer SET name = 'Arthur Dent'")
            try expectEqual(try player.updateChanges(db) { $0.score = 20 }, true)
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT * FROM extendedPlayer"),
                ["id": 1, "name": "Arthur Dent", "score": 20])
            let changes = db.totalChangesCount
            try expectEqual(try player.updateChanges(db) { $0.score = 20 }, false)
            try expectEqual(db.totalChangesCount, changes)

            let renamed = ExtendedPlayer(id: 1, name: "Barbara", score: 20, nickname: nil)
            try expectEqual(try renamed.updateChanges(db, from: player), true)
            try expectEqual(try String.fetchOne(db, sql: "SELECT name FROM extendedPlayer"), "Barbara")
            try expectEqual(try renamed.updateChanges(db, from: renamed), false)
        }
    },
    ConformanceCheck("databaseEquals and databaseChanges compare the encoded values") { _ in
        var player = ExtendedPlayer(id: 1, name: "Arthur", score: 10, nickname: nil)
        let other = ExtendedPlayer(id: 1, name: "Arthur", score: 10, nickname: nil)
        try expect(player.databaseEquals(other))
        try expectEqual(try player.databaseChanges(from: other), [:])
        let changes = try player.databaseChanges {
            $0.score = 20
            $0.nickname = "Art"
        }
        try expectEqual(changes, ["score": 10.databaseValue, "nickname": .null])
        try expect(!player.databaseEquals(other))
        try expectEqual(
            try other.databaseChanges(from: player), ["score": 20.databaseValue, "nickname": "Art".databaseValue])
    },
]

/// The events of the persistence callbacks of `LoggedPlayer`.
private final class EventLog {
    private var events: [String] = []

    func append(_ event: String) { events.append(event) }

    /// The events so far, which are forgotten.
    func take() -> [String] {
        defer { events = [] }
        return events
    }
}

/// The error of a callback that refuses the operation.
private struct CallbackRefusal: Error {}

/// A record that logs its callbacks. `failing` names a `will…` callback that throws; `skipping`
/// an `around…` callback that does not perform the operation, and `swallowing` one that does not
/// rethrow its error.
private struct LoggedPlayer: MutablePersistableRecord {
    var id: Int64?
    var name: String
    let log: EventLog
    var failing: String?
    var skipping: String?
    var swallowing: String?

    init(
        id: Int64?, name: String, log: EventLog, failing: String? = nil, skipping: String? = nil,
        swallowing: String? = nil
    ) {
        self.id = id
        self.name = name
        self.log = log
        self.failing = failing
        self.skipping = skipping
        self.swallowing = swallowing
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
    }

    private func will(_ callback: String) throws {
        log.append(callback)
        if failing == callback { throw CallbackRefusal() }
    }

    private func around<T>(_ callback: String, _ action: () throws -> T) throws {
        log.append("\(callback)>")
        if skipping == callback { return }
        if swallowing == callback {
            _ = try? action()
            return
        }
        _ = try action()
        log.append("<\(callback)")
    }

    mutating func willInsert(_ db: Database) throws { try will("willInsert") }
    func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        try around("aroundInsert", insert)
    }
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
        log.append("didInsert \(inserted.rowID)")
    }

    func willUpdate(_ db: Database, columns: Set<String>) throws {
        try will("willUpdate \(columns.sorted().joined(separator: ","))")
    }
    func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
        try around("aroundUpdate", update)
    }
    func didUpdate(_ updated: PersistenceSuccess) { log.append("didUpdate") }

    func willSave(_ db: Database) throws { try will("willSave") }
    func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws { try around("aroundSave", save) }
    func didSave(_ saved: PersistenceSuccess) { log.append("didSave") }

    func willDelete(_ db: Database) throws { try will("willDelete") }
    func aroundDelete(_ db: Database, delete: () throws -> Bool) throws { try around("aroundDelete", delete) }
    func didDelete(deleted: Bool) { log.append("didDelete \(deleted)") }
}

/// A record that replaces the rows it conflicts with on insertion, and ignores conflicts on update.
private struct LenientPlayer: Codable, PersistableRecord {
    static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace, update: .ignore)
    var id: Int64
    var name: String
}

/// A record that encodes a column its table does not have.
private struct ExtendedPlayer: Codable, PersistableRecord {
    var id: Int64
    var name: String
    var score: Int
    var nickname: String?
}

/// A record of a table without explicit primary key, which does not encode the rowid.
private struct Label: Codable, PersistableRecord {
    var text: String
}
