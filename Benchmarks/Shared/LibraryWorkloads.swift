// The workloads of the two libraries: ONE source file, compiled once against GRDB and once against
// ReactiveSQLite (each target links it with its own import), which also shows that code written
// for GRDB compiles unchanged with ReactiveSQLite.
import BenchmarkHarness
import Dispatch
import Foundation

#if GRDB_WORKLOADS
    import GRDB
    private let implementation = Implementation.grdb
#else
    import ReactiveSQLite
    private let implementation = Implementation.reactiveSQLite
#endif

/// A record encoded and decoded by hand, by column name.
private struct Item: FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    var id: Int64
    var i1: Int64
    var i2: Int64
    var i3: Int64
    var t1: String
    var t2: String
    var d1: Double

    init(_ values: ItemValues) {
        (id, i1, i2, i3, t1, t2, d1) = (values.id, values.i1, values.i2, values.i3, values.t1, values.t2, values.d1)
    }

    init(row: Row) throws {
        id = row["id"]
        i1 = row["i1"]
        i2 = row["i2"]
        i3 = row["i3"]
        t1 = row["t1"]
        t2 = row["t2"]
        d1 = row["d1"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["i1"] = i1
        container["i2"] = i2
        container["i3"] = i3
        container["t1"] = t1
        container["t2"] = t2
        container["d1"] = d1
    }
}

/// A record encoded and decoded by Codable.
private struct CodableItem: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    var id: Int64
    var i1: Int64
    var i2: Int64
    var i3: Int64
    var t1: String
    var t2: String
    var d1: Double

    init(_ values: ItemValues) {
        (id, i1, i2, i3, t1, t2, d1) = (values.id, values.i1, values.i2, values.i3, values.t1, values.t2, values.d1)
    }
}

struct WorkloadFailure: Error {
    let message: String
}

/// The configuration of the pool of pool-concurrency. GRDB's pool, rarely, failed a run with
/// `SQLITE_BUSY` at `BEGIN IMMEDIATE TRANSACTION`: a busy timeout turns such a lock into a wait, for
/// both libraries alike. (The queues of the other workloads are their database's only connection.)
private var poolConfiguration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    return configuration
}

/// A fresh WAL database with synchronous = NORMAL and the item table.
private func freshQueue(_ path: String) throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue(path: path)
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL")
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        try db.execute(sql: Workload.createTableSQL)
    }
    return dbQueue
}

private func insertWithStatement(_ db: Database, count: Int) throws {
    let statement = try db.makeStatement(sql: Workload.insertSQL)
    for index in 1...count {
        let item = ItemValues(id: Int64(index))
        try statement.execute(arguments: [item.id, item.i1, item.i2, item.i3, item.t1, item.t2, item.d1])
    }
}

func checkCount(_ count: Int) throws {
    guard count == Workload.rowCount else { throw WorkloadFailure(message: "fetched \(count) rows") }
}

private func fetchCases(_ name: String, fixture: String, fetch: @escaping @Sendable (Database) throws -> Int)
    -> [BenchmarkCase]
{
    [
        BenchmarkCase("\(name) (disk)", implementation) { _ in
            let dbQueue = try DatabaseQueue(path: fixture)
            return try dbQueue.read { db in try measure { try checkCount(fetch(db)) } }
        },
        BenchmarkCase("\(name) (memory)", implementation) { _ in
            let dbQueue = try memoryQueue()
            return try dbQueue.read { db in try measure { try checkCount(fetch(db)) } }
        },
    ]
}

/// An in-memory database with the rows of the fetch workloads.
func memoryQueue() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: Workload.createTableSQL)
        try insertWithStatement(db, count: Workload.rowCount)
    }
    return dbQueue
}

#if GRDB_WORKLOADS
    /// The workloads over GRDB.
    public enum GRDBWorkloads {
        public static func cases(fixture: String) -> [BenchmarkCase] { libraryCases(fixture: fixture) }
    }
#else
    /// The workloads over ReactiveSQLite.
    public enum RSWorkloads {
        public static func cases(fixture: String) -> [BenchmarkCase] { libraryCases(fixture: fixture) }
    }
#endif

private func libraryCases(fixture: String) -> [BenchmarkCase] {
    [
        BenchmarkCase("insert-statement", implementation) { scratch in
            let dbQueue = try freshQueue(scratch.path())
            return try measure { try dbQueue.write { db in try insertWithStatement(db, count: Workload.rowCount) } }
        },
        BenchmarkCase("insert-record (Codable)", implementation) { scratch in
            let dbQueue = try freshQueue(scratch.path())
            return try measure {
                try dbQueue.write { db in
                    for index in 1...Workload.rowCount { try CodableItem(ItemValues(id: Int64(index))).insert(db) }
                }
            }
        },
        BenchmarkCase("insert-record (hand-written)", implementation) { scratch in
            let dbQueue = try freshQueue(scratch.path())
            return try measure {
                try dbQueue.write { db in
                    for index in 1...Workload.rowCount { try Item(ItemValues(id: Int64(index))).insert(db) }
                }
            }
        },
        BenchmarkCase("pool-concurrency", implementation) { scratch in try poolConcurrency(scratch) },
        BenchmarkCase("write-transactions (queue)", implementation) { scratch in
            try writeTransactions(observedDatabase(scratch, pool: false))
        },
        BenchmarkCase("write-transactions (pool)", implementation) { scratch in
            try writeTransactions(observedDatabase(scratch, pool: true))
        },
    ]
        + fetchCases("fetch-rows", fixture: fixture) { db in try Row.fetchAll(db, sql: "SELECT * FROM item").count }
        + fetchCases("fetch-record", fixture: fixture) { db in try Item.fetchAll(db, sql: "SELECT * FROM item").count }
        + fetchCases("fetch-codable", fixture: fixture) { db in
            try CodableItem.fetchAll(db, sql: "SELECT * FROM item").count
        }
        + fetchCases("fetch-values", fixture: fixture) { db in try Int64.fetchAll(db, sql: "SELECT i1 FROM item").count
        }
        + [
            BenchmarkCase("cursor-values", implementation) { _ in
                let dbQueue = try memoryQueue()
                return try dbQueue.read { db in
                    try measure {
                        let sum = try Int64.fetchCursor(db, sql: "SELECT i1 FROM item").reduce(0, &+)
                        guard sum == Workload.i1Sum else { throw WorkloadFailure(message: "summed \(sum)") }
                    }
                }
            }
        ]
        + observationCases() + diffCases() + associationCases() + fullTextCases()
}

/// Two reader threads do point reads while the writer updates rows.
private func poolConcurrency(_ scratch: Scratch) throws -> Duration {
    let dbPool = try DatabasePool(path: scratch.path(), configuration: poolConfiguration)
    try dbPool.write { db in
        try db.execute(sql: Workload.createTableSQL)
        try insertWithStatement(db, count: Workload.concurrencyOperationCount)
    }
    try openTwoReaders(dbPool)
    let operationCount = Workload.concurrencyOperationCount
    return try measure {
        let group = DispatchGroup()
        let failures = FailureFlag()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                do {
                    for index in 0..<operationCount {
                        _ = try dbPool.read { db in
                            try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = ?", arguments: [index + 1])
                        }
                    }
                } catch {
                    failures.set()
                }
            }
        }
        for index in 0..<operationCount {
            try dbPool.write { db in
                try db.execute(sql: "UPDATE item SET i1 = i1 + 1 WHERE id = ?", arguments: [index + 1])
            }
        }
        group.wait()
        if failures.isSet { throw WorkloadFailure(message: "a reader failed") }
    }
}

/// Opens two reader connections of the pool before the measure, as raw C opens its two: two reads
/// that overlap, each waiting for the other to start.
private func openTwoReaders(_ dbPool: DatabasePool) throws {
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for _ in 0..<2 {
        DispatchQueue.global().async(group: group) {
            _ = try? dbPool.read { _ in
                started.signal()
                _ = proceed.wait(timeout: .now() + 10)
            }
        }
    }
    for _ in 0..<2 where started.wait(timeout: .now() + 10) == .timedOut {
        throw WorkloadFailure(message: "the readers did not open")
    }
    proceed.signal()
    proceed.signal()
    group.wait()
}

private final class FailureFlag: @unchecked Sendable {
    // Sendable: `flag` is only read and written under `lock`.
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var isSet: Bool { lock.withLock { flag } }
}

// MARK: - Observation

private func observationCases() -> [BenchmarkCase] {
    [
        BenchmarkCase("observation-latency (queue)", implementation) { scratch in
            try observationLatency(observedDatabase(scratch, pool: false))
        },
        BenchmarkCase("observation-latency (pool)", implementation) { scratch in
            try observationLatency(observedDatabase(scratch, pool: true))
        },
    ]
        + Workload.commitToValueConfigurations.map { configuration in
            .latencies(configuration.name, implementation) { scratch in
                try commitToValue(
                    observedDatabase(scratch, pool: configuration.isPool),
                    isConstantRegion: configuration.isConstantRegion)
            }
        }
        + [
            .relative("reactive-latency (async sequence)", implementation) { scratch in
                try formLatency(scratch, .asyncSequence)
            },
            .relative("observation-fan-out (record)", implementation) { scratch in
                try fanOut(observedDatabase(scratch, pool: false)) { db, key in
                    try Item.filter(key: key).fetchOne(db)?.i1
                }
            },
            .relative("observation-fan-out (record, pool)", implementation) { scratch in
                try fanOut(observedDatabase(scratch, pool: true)) { db, key in
                    try Item.filter(key: key).fetchOne(db)?.i1
                }
            },
            .relative("observation-fan-out (record, fetches alone)", implementation) { scratch in
                try fanOutFetchesAlone(observedDatabase(scratch, pool: false))
            },
            .relative("observation-fan-out (raw SQL)", implementation) { scratch in
                try fanOut(observedDatabase(scratch, pool: false)) { db, key in
                    let row = try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = ?", arguments: [key])
                    return row.map { row -> Int64 in row["i1"] }
                }
            },
            .relative("observation-other-table (ValueObservation)", implementation) { scratch in
                try otherTableObservation(observedDatabase(scratch, pool: false), hasInitialValues: true) {
                    writer, observers, index in
                    ValueObservation.tracking { db in try Row.fetchAll(db, sql: "SELECT * FROM other").count }
                        .start(
                            in: writer, scheduling: .async(onQueue: observers.queue), onError: observers.fail,
                            onChange: { count in observers.receive(Int64(count), from: index) })
                }
            },
            .relative("observation-other-table (DatabaseRegionObservation)", implementation) { scratch in
                try otherTableObservation(observedDatabase(scratch, pool: false), hasInitialValues: false) {
                    writer, observers, index in
                    DatabaseRegionObservation(tracking: Table("other"))
                        .start(
                            in: writer, onError: observers.fail,
                            onChange: { db in
                                do {
                                    let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM other") ?? 0
                                    observers.receive(Int64(count), from: index)
                                } catch {
                                    observers.fail(error)
                                }
                            })
                }
            },
        ] + reactiveFormCases()
}

/// The forms that GRDB has no equivalent of on Linux.
private func reactiveFormCases() -> [BenchmarkCase] {
    #if GRDB_WORKLOADS
        []
    #else
        [
            .relative("reactive-latency (publisher)", implementation) { scratch in
                try formLatency(scratch, .publisher)
            }
        ]
    #endif
}

/// A fresh database for the observation workloads: the `item` table with
/// `Workload.observedRowCount` rows, and the empty `other` table; WAL, synchronous = NORMAL.
func observedDatabase(_ scratch: Scratch, pool: Bool) throws -> any DatabaseWriter {
    let writer: any DatabaseWriter
    if pool {
        writer = try DatabasePool(path: scratch.path(), configuration: poolConfiguration)
        try writer.write { db in try db.execute(sql: Workload.createTableSQL) }
    } else {
        writer = try freshQueue(scratch.path())
    }
    try writer.write { db in
        try db.execute(sql: Workload.createOtherTableSQL)
        try insertWithStatement(db, count: Workload.observedRowCount)
    }
    return writer
}

/// `Workload.observationWriteCount` one-row inserts, each in its own transaction, without any
/// observer (`synchronous = NORMAL`, as raw C's).
private func writeTransactions(_ writer: any DatabaseWriter) throws -> Duration {
    try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    return try measure {
        for index in 1...Workload.observationWriteCount {
            try writer.write { db in try db.execute(sql: Workload.oneRowInsertSQL, arguments: [index]) }
        }
    }
}

/// Updates `i1` of one row, in its own transaction.
private func update(_ writer: any DatabaseWriter, id: Int64, value: Int64) throws {
    try writer.write { db in try db.execute(sql: Workload.updateSQL, arguments: [value, id]) }
}

/// Where the observers of a workload deliver their values, and what they report.
final class Observers: Sendable {
    /// The serial queue where every observer of the workload receives its values.
    let queue = DispatchQueue(label: "observers")
    let probe: ObservationProbe
    private let errors = LockedErrors()

    init(count: Int) {
        probe = ObservationProbe(observerCount: count)
    }

    var fail: @Sendable (any Error) -> Void { { [errors] error in errors.append(error) } }

    func receive(_ value: Int64, from observer: Int) {
        probe.receive(value, from: observer)
    }

    /// Waits for the awaited values; throws the first error of an observer.
    func wait() throws {
        try errors.check()
        do {
            try probe.wait()
        } catch {
            try errors.check()
            throw error
        }
        try errors.check()
    }
}

/// How the observer of a latency workload receives its values.
private enum ObservationForm {
    /// `start(in:scheduling:onError:onChange:)`, on the serial queue.
    case callback
    /// `values(in:scheduling:)`, produced on the serial queue, consumed by a task.
    case asyncSequence
    #if !GRDB_WORKLOADS
        /// `publisher(in:scheduling:)` (GRDB has no Combine on Linux), on the serial queue, with `sink`.
        case publisher
    #endif
}

/// Starts the observation of row 1 in the given form; returns what stops it.
private func startLatencyObservation(
    _ writer: any DatabaseWriter, _ observers: Observers, _ form: ObservationForm
) -> @Sendable () -> Void {
    let observation = ValueObservation.tracking { db in try Item.filter(key: 1).fetchOne(db)?.i1 }
    switch form {
    case .callback:
        let cancellable = observation.start(
            in: writer, scheduling: .async(onQueue: observers.queue), onError: observers.fail,
            onChange: { value in observers.receive(value ?? -1, from: 0) })
        return { cancellable.cancel() }
    case .asyncSequence:
        let task = Task {
            do {
                for try await value in observation.values(in: writer, scheduling: .async(onQueue: observers.queue)) {
                    observers.receive(value ?? -1, from: 0)
                }
            } catch {
                observers.fail(error)
            }
        }
        return { task.cancel() }
    #if !GRDB_WORKLOADS
        case .publisher:
            let cancellable = observation.publisher(in: writer, scheduling: .async(onQueue: observers.queue))
                .sink { completion in
                    if case .failure(let error) = completion { observers.fail(error) }
                } receiveValue: { value in
                    observers.receive(value ?? -1, from: 0)
                }
            let box = CancellableBox(cancellable)
            return { box.cancel() }
    #endif
    }
}

#if !GRDB_WORKLOADS
    /// A Combine cancellable, cancelled from the thread that ends the workload.
    private final class CancellableBox: @unchecked Sendable {
        // @unchecked Sendable: `cancel()` of a Combine cancellable may be called from any thread.
        private let cancellable: AnyCancellable
        init(_ cancellable: AnyCancellable) { self.cancellable = cancellable }
        func cancel() { cancellable.cancel() }
    }
#endif

/// The latency of `form` relative to the callback's, measured one after the other in the same run.
private func formLatency(_ scratch: Scratch, _ form: ObservationForm) throws -> (
    duration: Duration, reference: Duration
) {
    let writer = try observedDatabase(scratch, pool: false)
    let reference = try observationLatency(writer, form: .callback)
    return (try observationLatency(writer, form: form), reference)
}

/// `Workload.observationWriteCount` writes of row 1, each waiting until the observer of the row
/// has received its new value on a serial queue: from just before the write to the reception.
private func observationLatency(_ writer: any DatabaseWriter, form: ObservationForm = .callback) throws -> Duration {
    let observers = Observers(count: 1)
    observers.probe.expectAnyValue()
    let stop = startLatencyObservation(writer, observers, form)
    try observers.wait()
    let duration = try measure {
        for index in 1...Workload.observationWriteCount {
            let value = Int64(-index)
            observers.probe.expect([value])
            try update(writer, id: 1, value: value)
            try observers.wait()
        }
    }
    stop()
    return duration
}

/// `Workload.observationWriteCount` one-row inserts, each in its own transaction, each waiting
/// until the observer of the number of rows received its new value on a serial queue. The latency
/// of each: from the end of the write's closure (just before COMMIT) to the reception.
private func commitToValue(_ writer: any DatabaseWriter, isConstantRegion: Bool) throws -> [Duration] {
    let probe = CommitLatencyProbe()
    let errors = LockedErrors()
    let fetch: @Sendable (Database) throws -> Int = { db in try Item.fetchCount(db) }
    let observation =
        isConstantRegion ? ValueObservation.trackingConstantRegion(fetch) : ValueObservation.tracking(fetch)
    // The initial value is awaited as if a commit made it: its latency is left out.
    probe.willCommit(expecting: Int64(Workload.observedRowCount))
    let cancellable = observation.start(
        in: writer, scheduling: .async(onQueue: DispatchQueue(label: "observer")),
        onError: { errors.append($0) }, onChange: { probe.receive(Int64($0)) })
    defer { cancellable.cancel() }
    try probe.wait()
    _ = try measure {
        for index in 1...Workload.observationWriteCount {
            try writer.write { db in
                try db.execute(sql: Workload.oneRowInsertSQL, arguments: [index])
                probe.willCommit(expecting: Int64(Workload.observedRowCount + index))
            }
            try probe.wait()
        }
    }
    try errors.check()
    return Array(probe.latencies.dropFirst())
}

/// `Workload.fanOutObserverCount` observers, observer k of the row of id k (its `i1`, fetched by
/// `fetch`); the writes update each row in turn. Measured: from the first write to the reception,
/// by every observer, of the value of the last write of its row (all values are delivered on one
/// serial queue: the last one is received after all the others); the reference: the same writes
/// without observers, in the same run.
private func fanOut(
    _ writer: any DatabaseWriter, fetch: @escaping @Sendable (Database, Int64) throws -> Int64?
) throws -> (duration: Duration, reference: Duration) {
    let reference = try measure { try fanOutWrites(writer, firstValue: 0) }
    let observers = Observers(count: Workload.fanOutObserverCount)
    observers.probe.expectAnyValue()
    let cancellables = (0..<Workload.fanOutObserverCount).map { index in
        let key = Int64(index + 1)
        return ValueObservation.tracking { db in try fetch(db, key) }
            .start(
                in: writer, scheduling: .async(onQueue: observers.queue), onError: observers.fail,
                onChange: { value in observers.receive(value ?? -1, from: index) })
    }
    try observers.wait()
    let firstValue = Int64(Workload.observationWriteCount)
    observers.probe.expect(Workload.fanOutFinalValues(firstValue: firstValue))
    let duration = try measure {
        try fanOutWrites(writer, firstValue: firstValue)
        try observers.wait()
    }
    for cancellable in cancellables { cancellable.cancel() }
    return (duration, reference)
}

/// What the observers of observation-fan-out (record) fetch, without observation: after each write,
/// the application reads the row it wrote as its observer does (`Item.filter(key:).fetchOne` in a
/// read) and hands its `i1` to the observers' queue. Measured: from the first write to the reception
/// of the last value; the reference: the same writes alone, in the same run.
private func fanOutFetchesAlone(_ writer: any DatabaseWriter) throws -> (duration: Duration, reference: Duration) {
    let reference = try measure { try fanOutWrites(writer, firstValue: 0) }
    let observers = Observers(count: Workload.fanOutObserverCount)
    let firstValue = Int64(Workload.observationWriteCount)
    observers.probe.expect(Workload.fanOutFinalValues(firstValue: firstValue))
    let duration = try measure {
        try fanOutWrites(writer, firstValue: firstValue) { key in
            let value = try writer.read { db in try Item.filter(key: key).fetchOne(db)?.i1 }
            observers.queue.async { observers.receive(value ?? -1, from: Int(key - 1)) }
        }
        try observers.wait()
    }
    return (duration, reference)
}

/// The writes of the fan-out workloads: write `index` sets the `i1` of row
/// `Workload.fanOutRowID(write: index)` to `firstValue + index`, then calls `afterEach` with the row.
private func fanOutWrites(
    _ writer: any DatabaseWriter, firstValue: Int64, afterEach: (Int64) throws -> Void = { _ in }
) throws {
    for index in 0..<Workload.observationWriteCount {
        let key = Workload.fanOutRowID(write: index)
        try update(writer, id: key, value: firstValue + Int64(index))
        try afterEach(key)
    }
}

/// `Workload.otherTableObserverCount` observers of the `other` table, which the writes of `item`
/// do not change. Measured: the writes; the reference: the same writes without observers, in the
/// same run. Before the measure, an insertion into `other` tells that every observer is started;
/// after it, no observer may have been told of a change.
private func otherTableObservation(
    _ writer: any DatabaseWriter, hasInitialValues: Bool,
    start: (any DatabaseWriter, Observers, Int) -> AnyDatabaseCancellable
) throws -> (duration: Duration, reference: Duration) {
    let writeCount = Workload.observationWriteCount
    let writes = { (firstValue: Int64) in
        try measure {
            for index in 0..<writeCount {
                try update(writer, id: Int64(index % Workload.observedRowCount + 1), value: firstValue + Int64(index))
            }
        }
    }
    let reference = try writes(0)
    let observerCount = Workload.otherTableObserverCount
    let observers = Observers(count: observerCount)
    if hasInitialValues { observers.probe.expectAnyValue() }
    let cancellables = (0..<observerCount).map { index in start(writer, observers, index) }
    if hasInitialValues { try observers.wait() }
    observers.probe.expect(Array(repeating: 1, count: observerCount))
    try writer.write { db in try db.execute(sql: "INSERT INTO other (name) VALUES ('a')") }
    try observers.wait()
    let receivedCount = observers.probe.receivedCount
    let duration = try writes(Int64(writeCount))
    observers.queue.sync {}
    guard observers.probe.receivedCount == receivedCount else {
        throw WorkloadFailure(message: "observers of the other table were told of writes of item")
    }
    for cancellable in cancellables { cancellable.cancel() }
    return (duration, reference)
}

private final class LockedErrors: @unchecked Sendable {
    // Sendable: `errors` is only read and written under `lock`.
    private let lock = NSLock()
    private var errors: [any Error] = []
    func append(_ error: any Error) { lock.withLock { errors.append(error) } }
    func check() throws { if let error = lock.withLock({ errors.first }) { throw error } }
}

// MARK: - Diffs

/// The diffs of RSDiff (GRDB has none): each relative to a fetch of the same rows as records.
private func diffCases() -> [BenchmarkCase] {
    #if GRDB_WORKLOADS
        []
    #else
        [
            .relative("diff-primary-key", implementation) { _ in
                let fixture = try DiffFixture()
                let request = Item.order(Column("id"))
                let scanner = try fixture.dbQueue.read { db in
                    try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
                        .tryDiffed(from: fixture.oldRows)
                }
                let reference = try fixture.measureFetch()
                var diff = PrimaryKeyDiff<Item>()
                let duration = try measure { diff = try scanner.tryDiffed(from: fixture.newRows).diff }
                try DiffFixture.check(
                    inserted: diff.inserted.count, updated: diff.updated.count, deleted: diff.deleted.count)
                return (duration, reference)
            },
            .relative("diff-ordered", implementation) { _ in
                let fixture = try DiffFixture()
                let reference = try fixture.measureFetch()
                var diff: OrderedDiff<Item>?
                let duration = measure { diff = OrderedDiff(from: fixture.oldItems, to: fixture.newItems) }
                guard let diff, diff.moves.isEmpty else { throw WorkloadFailure(message: "moves in the ordered diff") }
                try DiffFixture.check(
                    inserted: diff.insertions.count, updated: diff.updates.count, deleted: diff.deletions.count)
                return (duration, reference)
            },
        ]
    #endif
}

#if !GRDB_WORKLOADS
    extension Item: Identifiable, Equatable {}

    /// The rows and records of the diff workloads, before and after a change of 1 % of the rows, 1 %
    /// of rows deleted and 1 % inserted, spread over the table: an in-memory `item` table of
    /// `Workload.rowCount` rows of even ids (2, 4, …); then the rows of index 100k + 50 deleted,
    /// those of index 100k updated (`i1`), and odd ids 200k + 101 inserted, so that every change
    /// is between unchanged rows.
    private struct DiffFixture {
        let dbQueue: DatabaseQueue
        let oldRows: [Row]
        let newRows: [Row]
        let oldItems: [Item]
        let newItems: [Item]
        private static let sql = "SELECT * FROM item ORDER BY id"

        init() throws {
            dbQueue = try DatabaseQueue()
            try dbQueue.write { db in
                try db.execute(sql: Workload.createTableSQL)
                let statement = try db.makeStatement(sql: Workload.insertSQL)
                for index in 0..<Workload.rowCount {
                    let item = ItemValues(id: Int64(2 * index + 2))
                    try statement.execute(arguments: [item.id, item.i1, item.i2, item.i3, item.t1, item.t2, item.d1])
                }
            }
            (oldRows, oldItems) = try dbQueue.read { db in
                (try Row.fetchAll(db, sql: Self.sql), try Item.fetchAll(db, sql: Self.sql))
            }
            try dbQueue.write { db in
                try db.execute(sql: "DELETE FROM item WHERE id % 200 = 102")
                try db.execute(sql: "UPDATE item SET i1 = -i1 WHERE id % 200 = 2")
                let statement = try db.makeStatement(sql: Workload.insertSQL)
                for index in stride(from: 50, to: Workload.rowCount, by: 100) {
                    let item = ItemValues(id: Int64(2 * index + 1))
                    try statement.execute(arguments: [item.id, item.i1, item.i2, item.i3, item.t1, item.t2, item.d1])
                }
            }
            (newRows, newItems) = try dbQueue.read { db in
                (try Row.fetchAll(db, sql: Self.sql), try Item.fetchAll(db, sql: Self.sql))
            }
        }

        /// The reference: the fetch of the new rows as records, measured.
        func measureFetch() throws -> Duration {
            try dbQueue.read { db in
                try measure {
                    guard try Item.fetchAll(db, Item.order(Column("id"))).count == newItems.count else {
                        throw WorkloadFailure(message: "fetched a wrong number of records")
                    }
                }
            }
        }

        /// Throws unless a diff found the 1 % of each change.
        static func check(inserted: Int, updated: Int, deleted: Int) throws {
            let expected = Workload.rowCount / 100
            guard inserted == expected, updated == expected, deleted == expected else {
                throw WorkloadFailure(message: "diff: \(inserted) inserted, \(updated) updated, \(deleted) deleted")
            }
        }
    }
#endif
