import RSTestSupport
import ReactiveSQLite
import Testing

/// A record that names its columns, for the closures of the requests.
private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable, Hashable {
    var id: Int64
    var name: String
    var score: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let score = Column(CodingKeys.score)
    }
}

/// A table whose primary key has two columns.
private struct Pair: TableRecord, Identifiable {
    var id: Int64 { 0 }
}

/// Four players (scores 10, 20, 30, 40) and an empty table of pairs.
private func fixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
        try db.execute(sql: "CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (a, b))")
        for id in 1...4 { try Player(id: Int64(id), name: "P\(id)", score: id * 10).insert(db) }
    }
    return dbQueue
}

/// The scores left in the table, by id.
private func scores(_ db: Database) throws -> [Int] {
    try Int.fetchAll(db, sql: "SELECT score FROM player ORDER BY id")
}

@Suite struct ModificationAndFetchTests {
    @Test func deletionsReturnTheDeletedRows() throws {
        try fixture().write { db in
            let statement = try Player.filter { $0.score > 25 }.deleteAndFetchStatement(db) { [$0.name] }
            #expect(statement.sql == "DELETE FROM \"player\" WHERE \"score\" > ? RETURNING \"name\"")
            #expect(try String.fetchAll(statement).sorted() == ["P3", "P4"])
            #expect(try scores(db) == [10, 20])
            let deleted = try Player.filter(key: 1).deleteAndFetchAll(db)
            #expect(deleted == [Player(id: 1, name: "P1", score: 10)])
            #expect(try Player.all().deleteAndFetchSet(db) == [Player(id: 2, name: "P2", score: 20)])
            #expect(try Player.fetchCount(db) == 0)
        }
        try fixture().write { db in
            // A limit deletes the rows that the request selects.
            #expect(try Player.order(\.score.desc).limit(2).deleteAndFetchIds(db) == [3, 4])
            let cursor = try Player.all().deleteAndFetchCursor(db)
            #expect(try cursor.map(\.id).reduce(into: []) { $0.append($1) }.sorted() == [1, 2])
            #expect(try scores(db) == [])
        }
    }

    @Test func updatesReturnTheUpdatedRows() throws {
        try fixture().write { db in
            let statement = try Player.filter(key: 2).updateAndFetchStatement(
                db, assignments: { [$0.score += 5] }, select: { [$0.score] })
            #expect(
                statement.sql == "UPDATE \"player\" SET \"score\" = \"score\" + ? WHERE \"id\" = ? RETURNING \"score\"")
            #expect(try Int.fetchAll(statement) == [25])
            let updated = try Player.filter { $0.score >= 30 }.updateAndFetchAll(db) { [$0.score *= 2] }
            #expect(Set(updated) == [Player(id: 3, name: "P3", score: 60), Player(id: 4, name: "P4", score: 80)])
            let renamed = try Player.filter(key: 1).updateAndFetchSet(db, [Column("name").set(to: "Arthur")])
            #expect(renamed == [Player(id: 1, name: "Arthur", score: 10)])
            let cursor = try Player.order(\.id).limit(1).updateAndFetchCursor(db) { [$0.score.set(to: 0)] }
            #expect(try cursor.next()?.score == 0)
            #expect(try scores(db) == [0, 25, 60, 80])
        }
    }

    @Test func badRequestsThrowTypedErrors() throws {
        try fixture().write { db in
            for attempt: (Database) throws -> Void in [
                { db in _ = try Player.all().deleteAndFetchStatement(db, selection: []) },
                { db in _ = try Player.all().updateAndFetchAll(db, []) },
                { db in _ = try Player.all().updateAndFetchAll(db) { [$0.score.noOverwrite] } },
                { db in _ = try Pair.all().deleteAndFetchIds(db) },
            ] {
                let error = try #require(throws: DatabaseError.self) { try attempt(db) }
                #expect(error.resultCode == .SQLITE_MISUSE)
            }
            // Nothing was deleted nor updated.
            #expect(try scores(db) == [10, 20, 30, 40])
        }
    }
}
