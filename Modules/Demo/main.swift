// A small end-to-end tour of ReactiveSQLite on an embedded database file.
// Run it with `swift run demo`.
import Foundation
import ReactiveSQLite

struct Player: Codable, FetchableRecord, MutablePersistableRecord, Identifiable {
    var id: Int64?
    var name: String
    var score: Int

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReactiveSQLiteDemo-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("demo.sqlite").path

// A pool: one writer, concurrent readers, in WAL mode.
let dbPool = try DatabasePool(path: path)
print("Opened \(path) with \(DatabaseDriver.sqlite.name) \(DatabaseDriver.sqlite.capabilities.version)")

// Migrations, applied once each.
var migrator = DatabaseMigrator()
migrator.registerMigration("createPlayer") { db in
    try db.create(table: "player") { t in
        t.autoIncrementedPrimaryKey("id")
        t.column("name", .text).notNull().unique()
        t.column("score", .integer).notNull().check { $0 >= 0 }
    }
}
try migrator.migrate(dbPool)
print("Applied migrations: \(try dbPool.read(migrator.appliedMigrations))")

// Records: insert, update, fetch.
let arthur = try dbPool.write { db in
    var arthur = Player(id: nil, name: "Arthur", score: 100)
    try arthur.insert(db)
    var barbara = Player(id: nil, name: "Barbara", score: 1000)
    try barbara.insert(db)
    arthur.score += 50
    try arthur.update(db)
    return arthur
}
print("Inserted Arthur with id \(arthur.id!)")

// A failed transaction leaves the database as it was, and the error says why.
do {
    try dbPool.write { db in
        _ = try Player(id: nil, name: "Craig", score: 10).inserted(db)
        _ = try Player(id: nil, name: "Arthur", score: 0).inserted(db)  // UNIQUE violation
    }
} catch let error as DatabaseError {
    print("Rolled back: \(error)")
}

// The query interface builds SQL from Swift, with values as bound arguments.
let players = try dbPool.read { db in try Player.order(Column("score").desc).fetchAll(db) }
for player in players {
    print("- \(player.name): \(player.score)")
}
try dbPool.write { db in
    let count = try Player.filter(Column("score") < 500).updateAll(db, Column("score") += 10)
    print("Gave 10 points to \(count) player(s)")
    let request = Player.filter(key: arthur.id)
    print("\(try request.fetchOne(db)?.name ?? "nobody") is read from region \(try request.databaseRegion(db))")
}

// Reads see a consistent snapshot, concurrently with writes, and async/await works too.
func bestPlayerName(_ reader: some DatabaseReader) async throws -> String? {
    try await reader.read { db in
        try Player.select(Column("name"), as: String.self).order(Column("score").desc).fetchOne(db)
    }
}
print("Best player: \(try await bestPlayerName(dbPool) ?? "none"); player count: \(try dbPool.read(Player.fetchCount))")

// Observation as a Combine publisher, with its default scheduling: values are published on the
// main queue. A command-line program must run the main queue for that: this one does while it
// awaits (top-level `await`); `dispatchMain()` or `RunLoop.main.run()` would do too.
func watchHallOfFame(_ writer: some DatabaseWriter) async throws {
    let (names, continuation) = AsyncStream.makeStream(of: [String].self)
    let cancellable =
        ValueObservation
        .tracking { db in try Player.order(Column("score").desc).limit(3).fetchAll(db) }
        .publisher(in: writer)
        .map { players in players.map(\.name) }
        .removeDuplicates()
        .sink { _ in
        } receiveValue: { names in
            continuation.yield(names)
        }
    var iterator = names.makeAsyncIterator()
    print("Hall of fame: \(await iterator.next() ?? [])")
    try await writer.write { db in _ = try Player(id: nil, name: "Diane", score: 2000).inserted(db) }
    print("Hall of fame after Diane joined: \(await iterator.next() ?? [])")
    cancellable.cancel()
}
try await watchHallOfFame(dbPool)
