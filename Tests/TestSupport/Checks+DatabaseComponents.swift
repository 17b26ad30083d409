import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

/// A record that names its columns: the query interface takes closures and key paths over them.
private struct ComponentsPlayer: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable {
    static let databaseTableName = "componentsPlayer"
    var id: Int64
    var name: String
    var score: Int

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let score = Column(CodingKeys.score)
    }
}

private func insertComponentsPlayers(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE componentsPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
    for (id, name, score) in [(1, "Arthur", 100), (2, "Barbara", 150), (3, "Craig", 150), (4, "David", 200)] {
        try ComponentsPlayer(id: Int64(id), name: name, score: score).insert(db)
    }
}

/// The closures of the query interface over a record's database components (GRDB 7's
/// `select(\.score)`, `filter { $0.score > 100 }`, `updateAll(db) { $0.score += 1 }`, …).
let databaseComponentsChecks: [ConformanceCheck] = [
    ConformanceCheck("requests built with closures over a record's columns fetch and update the rows they name") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertComponentsPlayers(db)
            typealias Player = ComponentsPlayer
            try expectEqual(try Player.order(\.id).select(\.score, as: Int.self).fetchAll(db), [100, 150, 150, 200])
            try expectEqual(try Player.select({ max($0.score) }, as: Int.self).fetchOne(db), 200)
            try expectEqual(
                try Player.filter { $0.score > 100 }.order { [$0.score.desc, $0.name] }.fetchAll(db).map(\.name),
                ["David", "Barbara", "Craig"])
            try expectEqual(try Player.order(\.name.desc).fetchOne(db)?.id, 4)
            try expectEqual(
                try Row.fetchAll(
                    db, Player.select { [$0.score, count($0.id)] }.group(\.score).having { count($0.id) > 1 }
                )
                .map(\.databaseValues),
                [[150.databaseValue, 2.databaseValue]])
            try expectEqual(
                try Row.fetchAll(db, Player.annotated { ($0.score * 2).forKey("double") }.order(\.id))
                    .map { $0["double"] as Int? },
                [200, 300, 300, 400])
            try expectEqual(try Player.filter { $0.score == 150 }.updateAll(db) { $0.score += 1 }, 2)
            try expectEqual(try Player.filter(id: 1).updateAll(db) { [$0.score.set(to: 0), $0.name.set(to: "A")] }, 1)
            try expectEqual(try Table<Player>("componentsPlayer").updateAll(db) { $0.score *= 2 }, 4)
            try expectEqual(try Player.updateAll(db) { [$0.score -= 1] }, 4)
            try expectEqual(
                try Player.order(\.id).fetchAll(db),
                [
                    Player(id: 1, name: "A", score: -1), Player(id: 2, name: "Barbara", score: 301),
                    Player(id: 3, name: "Craig", score: 301), Player(id: 4, name: "David", score: 399),
                ])
        }
    },
    ConformanceCheck("an observation of the region Player.select(\\.score).filter(id: 1) is told of that score only") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write(insertComponentsPlayers)
        // GRDB's sample of `tracking(region:fetch:)`.
        let observation = ValueObservation.tracking(
            region: ComponentsPlayer.select(\.score).filter(id: 1),
            fetch: { db in try ComponentsPlayer.fetchOne(db, id: 1) }
        )
        let changeCount = Locked(0)
        let queue = CheckQueue()
        let recorder = observation.handleEvents(databaseDidChange: { changeCount.withLock { $0 += 1 } }).record(
            in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        // On a pool, the observer is registered on the writer after the initial value is notified:
        // a change of the observed score, once notified, shows that it is registered.
        let increment = { (db: Database) in try ComponentsPlayer.filter(id: 1).updateAll(db) { $0.score += 1 } }
        try expectEqual(try writer.write(increment), 1)
        _ = try recorder.waitForNext(where: { $0?.score == 101 })
        let changesBefore = changeCount.current
        // Another row, another column, another row inserted: not the observed region.
        try expectEqual(
            try writer.write { db in try ComponentsPlayer.filter(id: 2).updateAll(db) { $0.score += 1 } }, 1)
        try expectEqual(
            try writer.write { db in try ComponentsPlayer.filter(id: 1).updateAll(db) { $0.name.set(to: "Art") } }, 1)
        try writer.write { db in try ComponentsPlayer(id: 5, name: "Eve", score: 0).insert(db) }
        try expectEqual(changeCount.current, changesBefore)
        try expectEqual(try writer.write(increment), 1)
        try expectEqual(changeCount.current, changesBefore + 1)
        _ = try recorder.waitForNext(where: { $0?.score == 102 })
        queue.drain()
        try expectEqual(recorder.values.first, ComponentsPlayer(id: 1, name: "Arthur", score: 100))
        try expectEqual(recorder.values.last, ComponentsPlayer(id: 1, name: "Art", score: 102))
    },
]
