import Dispatch
import Foundation
import RSCore
import RSMigrations
import RSObservation
import RSQueryInterface
import RSReactive
import RSTesting

/// Tables `player` and `team`.
private func makeDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(
            sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL);
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                """)
    }
    return writer
}

private func insertPlayer(_ writer: any DatabaseWriter, score: Int = 0) throws {
    try writer.write { db in try db.execute(sql: "INSERT INTO player (name, score) VALUES ('a', ?)", arguments: [score])
    }
}

/// RxGRDB's `rx` API, opened on the concrete type of each kind of writer.
let rxChecks: [ConformanceCheck] = [
    ConformanceCheck("rx.read and rx.write publish one value, then finish, on their scheduler") { factory in
        try checkSingles(makeDatabase(factory))
    },
    ConformanceCheck(
        "request.rx.changes publishes on the writer: at subscription with startImmediately, then once per transaction"
    ) {
        factory in
        try checkRequestChanges(makeDatabase(factory))
    },
    ConformanceCheck("rx.fetchCount, fetchOne and fetchAll publish a value per transaction, in order, on their queue") {
        factory in
        try checkRequestValues(makeDatabase(factory))
    },
    ConformanceCheck("distinctUntilChanged skips the values fetched from the same raw rows") { factory in
        try checkDistinctUntilChanged(makeDatabase(factory))
    },
    ConformanceCheck("writer.rx.changes(in:) publishes once per transaction that changes any of the requests") {
        factory in
        try checkWriterChanges(makeDatabase(factory))
    },
    ConformanceCheck("rx.fetchCount sees the changes of barrier writes: a migration, and a pool's barrier") { factory in
        try checkBarrierWrites(makeDatabase(factory))
    },
    ConformanceCheck(
        "a HallOfFame stays consistent over concurrent writes: mapFetch, and one ValueObservation of two requests"
    ) {
        factory in
        try checkHallOfFameConsistency(makeDatabase(factory))
    },
]

private func checkSingles<Writer: DatabaseWriter>(_ writer: Writer) throws {
    let queue = CheckQueue()
    let onQueue = Locked<[Bool]>([])
    let write = Recorder<Int>()
    writer.rx.write(observeOn: queue.scheduler) { db in
        try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Arthur', 100)")
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    }.subscribe(RecordingSubscriber(into: write) { _ in onQueue.withLock { $0.append(queue.isCurrent) } })
    let writeCompletion = try write.waitForCompletion()
    try expectEqual(write.values, [1])
    try expect(writeCompletion.isFinished, "\(writeCompletion)")

    let read = Recorder<[String]>()
    writer.rx.read(observeOn: queue.scheduler) { db in try String.fetchAll(db, sql: "SELECT name FROM player") }
        .subscribe(RecordingSubscriber(into: read) { _ in onQueue.withLock { $0.append(queue.isCurrent) } })
    let readCompletion = try read.waitForCompletion()
    try expectEqual(read.values, [["Arthur"]])
    try expect(readCompletion.isFinished, "\(readCompletion)")

    let thenRead = writer.rx.write(observeOn: queue.scheduler) { db in
        try db.execute(sql: "INSERT INTO player (name, score) VALUES ('Barbara', 200)")
    } thenRead: { db, _ in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    }.record()
    _ = try thenRead.waitForCompletion()
    try expectEqual(thenRead.values, [2])
    try expectEqual(onQueue.current, [true, true])
}

private func checkRequestChanges<Writer: DatabaseWriter>(_ writer: Writer) throws {
    let request = SQLRequest<Row>(sql: "SELECT * FROM player")
    // With startImmediately, the first element comes before the subscription returns, on the
    // writer, outside of any transaction.
    let immediate = request.rx.changes(in: writer)
        .map { db in db.isInsideTransaction ? -1 : (try? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")) ?? -2 }
        .record()
    try expectEqual(immediate.values, [0])
    // Without, and with RxGRDB's other spelling, nothing comes before a change. (The changes are
    // counted: a Database, which is not Sendable, cannot be recorded.)
    let later = request.rx.changes(in: writer, startImmediately: false).map { _ in () }.record()
    let synchronized = request.rx.changes(in: writer, synchronizedStart: false).map { _ in () }.record()
    try writer.write { _ in }
    try writer.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Blue')") }
    try expectEqual(later.values.count, 0)
    try expectEqual(synchronized.values.count, 0)
    try insertPlayer(writer)
    try writer.write { db in try db.execute(sql: "DELETE FROM player") }
    try expectEqual(immediate.values, [0, 1, 0])
    try expectEqual(later.values.count, 2)
    try expectEqual(synchronized.values.count, 2)
    for recorder in [later, synchronized] { recorder.cancel() }
    immediate.cancel()
}

private func checkRequestValues<Writer: DatabaseWriter>(_ writer: Writer) throws {
    let queue = CheckQueue()
    let onQueue = Locked(true)
    var cancellations: [() -> Void] = []
    func record<P: Publisher>(_ publisher: P) -> Recorder<P.Output> where P.Failure == any Error {
        let recorder = Recorder<P.Output>()
        let subscriber = RecordingSubscriber<P.Output, any Error>(into: recorder) { _ in
            if !queue.isCurrent { onQueue.current = false }
        }
        publisher.subscribe(subscriber)
        cancellations.append(subscriber.cancel)
        return recorder
    }
    let request = Table("player").order(Column("id"))
    let counts = record(request.rx.fetchCount(in: writer, scheduler: queue.queue))
    let names = record(
        request.select(Column("name")).asRequest(of: String.self).rx.fetchAll(in: writer, scheduler: queue.queue))
    let first = record(request.rx.fetchOne(in: writer, scheduler: queue.queue))
    let laterCounts = record(request.rx.fetchCount(in: writer, startImmediately: false, scheduler: queue.queue))
    let synchronizedCounts = record(
        request.rx.fetchCount(in: writer, synchronizedStart: false, scheduler: queue.queue))
    _ = try counts.waitForNext()
    // Values are not coalesced: one per transaction, in order, also while writes come from
    // several threads (fetches on a pool's readers end in any order).
    let writes = (0..<4).map { thread in
        BackgroundWork {
            for index in 0..<10 {
                try writer.write { db in
                    try db.execute(
                        sql: "INSERT INTO player (name, score) VALUES (?, 0)", arguments: ["\(thread)-\(index)"])
                }
            }
        }
    }
    for write in writes { try write.wait() }
    _ = try counts.waitForNext(40)
    try expectEqual(counts.values, Array(0...40))
    _ = try laterCounts.waitForNext(40)
    try expectEqual(laterCounts.values, Array(1...40))
    _ = try synchronizedCounts.waitForNext(40)
    try expectEqual(synchronizedCounts.values, Array(1...40))
    _ = try names.waitForNext(41)
    try expectEqual(names.values.map(\.count), Array(0...40))
    _ = try first.waitForNext(41)
    let firstRows = first.values
    try expectEqual(firstRows.first!, nil)
    try expect(Set(firstRows.dropFirst().map { $0?["id"] as Int64? }) == [1], "\(firstRows)")
    try expect(onQueue.current, "a value was published off its queue")
    for cancel in cancellations { cancel() }
}

private func checkDistinctUntilChanged<Writer: DatabaseWriter>(_ writer: Writer) throws {
    try insertPlayer(writer, score: 10)
    let queue = CheckQueue()
    // Decoding drops the name: two rows that differ by name only decode alike, but their raw
    // values differ, and both are published.
    let scores = SQLRequest<Int>(sql: "SELECT score, name FROM player ORDER BY id")
        .rx.fetchAll(in: writer, scheduler: queue.queue, distinctUntilChanged: true).record()
    let allScores = SQLRequest<Int>(sql: "SELECT score, name FROM player ORDER BY id")
        .rx.fetchAll(in: writer, scheduler: queue.queue).record()
    let best = SQLRequest<Int>(sql: "SELECT MAX(score) FROM player")
        .rx.fetchOne(in: writer, scheduler: queue.queue, distinctUntilChanged: true).record()
    _ = try scores.waitForNext()
    try writer.write { db in try db.execute(sql: "UPDATE player SET score = score") }  // same rows
    try writer.write { db in try db.execute(sql: "UPDATE player SET name = 'b'") }  // other raw values
    try insertPlayer(writer, score: 5)  // same maximum
    try insertPlayer(writer, score: 20)
    _ = try allScores.waitForNext(5)
    try expectEqual(allScores.values, [[10], [10], [10], [10, 5], [10, 5, 20]])
    _ = try best.waitForNext(where: { $0 == 20 })
    _ = try scores.waitForNext(where: { $0 == [10, 5, 20] })
    queue.drain()
    try expectEqual(scores.values, [[10], [10], [10, 5], [10, 5, 20]])
    try expectEqual(best.values, [10, 20])
    for recorder in [scores, allScores] { recorder.cancel() }
    best.cancel()
}

private func checkWriterChanges<Writer: DatabaseWriter>(_ writer: Writer) throws {
    // The changes are counted: a Database, which is not Sendable, cannot be recorded.
    let changes = writer.rx.changes(in: [Table("player").all(), Table("team").all()], startImmediately: false)
        .map { _ in () }.record()
    try insertPlayer(writer)
    try writer.write { db in try db.execute(sql: "INSERT INTO team (name) VALUES ('Blue')") }
    try writer.write { db in
        try db.execute(sql: "INSERT INTO team (name) VALUES ('Red')")
        try db.execute(sql: "INSERT INTO player (name, score) VALUES ('b', 1)")
    }
    try writer.write { db in try db.execute(sql: "CREATE TABLE other (a); INSERT INTO other VALUES (1)") }
    try expectEqual(changes.values.count, 3)
    changes.cancel()
}

/// The ten best players and the number of players, fetched together.
private struct HallOfFame: Sendable {
    var totalPlayerCount: Int
    var bestScores: [Int]

    init(_ db: Database) throws {
        totalPlayerCount = try Table("player").fetchCount(db)
        bestScores = try Int.fetchAll(db, sql: "SELECT score FROM player ORDER BY score DESC LIMIT 10")
    }

    /// The invariant that separate fetches would break.
    var isConsistent: Bool { bestScores.count == min(10, totalPlayerCount) }
}

private func checkHallOfFameConsistency<Writer: DatabaseWriter>(_ writer: Writer) throws {
    let queue = CheckQueue()
    let tokens = writer.rx.changeTokens(in: [Table("player").all()], scheduler: queue.queue)
        .mapFetch { db in try HallOfFame(db) }
        .record()
    let observation = ValueObservation.tracking { db in try HallOfFame(db) }
        .publisher(in: writer, scheduling: queue.observationScheduler)
        .record()
    _ = try tokens.waitForNext()
    _ = try observation.waitForNext()
    // Thousands of transactions from four threads: each inserts a player, and every other one
    // deletes the lowest.
    let writes = (0..<4).map { thread in
        BackgroundWork {
            for index in 0..<500 {
                try writer.write { db in
                    try db.execute(sql: "INSERT INTO player (name, score) VALUES ('p', ?)", arguments: [index])
                    if (index + thread) % 2 == 0 {
                        try db.execute(
                            sql: "DELETE FROM player WHERE id = (SELECT id FROM player ORDER BY score LIMIT 1)")
                    }
                }
            }
        }
    }
    for write in writes { try write.wait(timeout: 120) }
    let finalCount = try writer.read { db in try Table("player").fetchCount(db) }
    // One value per transaction, and the initial one, the last one of the final state.
    _ = try tokens.waitForNext(2000)
    try expectEqual(tokens.values.last?.totalPlayerCount, finalCount)
    _ = try observation.waitForNext(where: { $0.totalPlayerCount == finalCount })
    queue.drain()
    try expectEqual(tokens.values.count, 2001)
    for recorder in [tokens, observation] {
        let inconsistent = recorder.values.filter { !$0.isConsistent }
        try expect(inconsistent.isEmpty, "inconsistent values: \(inconsistent.prefix(3))")
        recorder.cancel()
    }
}

private func checkBarrierWrites<Writer: DatabaseWriter>(_ writer: Writer) throws {
    let queue = CheckQueue()
    let counts = Table("player").all().rx.fetchCount(in: writer, scheduler: queue.queue).record()
    _ = try counts.waitForNext()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("insert") { db in
        try db.execute(sql: "INSERT INTO player (name, score) VALUES ('a', 1)")
    }
    try migrator.migrate(writer)
    try writer.barrierWriteWithoutTransaction { db in
        try db.execute(sql: "INSERT INTO player (name, score) VALUES ('b', 2)")
    }
    _ = try counts.waitForNext(2)
    try expectEqual(counts.values, [0, 1, 2])
    counts.cancel()
}
