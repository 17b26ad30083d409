import Dispatch
import Foundation
import RSCore
import RSObservation
import RSQueryInterface
import RSReactive
import RSTesting

/// Makes a configuration notice outside commits, and wait for locks, as every connection of a file
/// that several connections write should: in rollback-journal mode, a connection that reads (or
/// looks for outside commits) holds a lock that a commit waits for.
private func watching(_ configuration: inout Configuration) {
    configuration.outsideChanges = .fileNotifications
    configuration.busyMode = .timeout(10)
}

/// A database of the check's file that notices outside commits (see `watching`), with a table `t`.
private func makeWatchedDatabase(
    _ factory: DatabaseFactory, detection: OutsideChangeDetection = .fileNotifications
) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter {
        watching(&$0)
        $0.outsideChanges = detection
    }
    try writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY)") }
    return writer
}

/// Observes the row count of `t` in every form (ValueObservation, its publisher, its async
/// sequence, the rx API, and a DatabaseRegionObservation), runs `commit` (which makes another
/// connection or process commit `count` rows), and fails unless every form sees the last count.
public func observeEveryForm(_ writer: any DatabaseWriter, count: Int, commit: () throws -> Void) throws {
    try writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY)") }
    let recorders = [
        rowCount.record(in: writer),
        rowCount.publisher(in: writer, scheduling: .async(onQueue: DispatchQueue(label: "publisher"))).record(),
        rowCount.rx.observe(in: writer, scheduling: .async(onQueue: DispatchQueue(label: "rx"))).record(),
        rowCount.values(in: writer).record(),
    ]
    let regionChange = DispatchSemaphore(value: 0)
    let regionObservation = DatabaseRegionObservation(tracking: Table("t")).start(
        in: writer, onError: { _ in }, onChange: { _ in regionChange.signal() })
    defer { regionObservation.cancel() }
    // The region observer is registered in an access of the writer, which this one follows: it is
    // registered before the commit.
    writer.writeWithoutTransaction { _ in }
    for recorder in recorders { try expectEqual(recorder.waitForNext(), 0) }
    try commit()
    for recorder in recorders { _ = try recorder.waitForNext(where: { $0 == count }) }
    try expectSignal(regionChange, "DatabaseRegionObservation was not told")
}

/// Another connection to the check's file, which waits for locks.
private func makeOtherWriter(_ factory: DatabaseFactory) throws -> DatabaseQueue {
    try factory.makeOtherConnection { $0.busyMode = .timeout(10) }
}

private func insertRow(_ writer: some DatabaseWriter) throws {
    try writer.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
}

private let rowCount = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }

/// Observations see the commits that other connections make to their file, when the configuration
/// asks for it (`Configuration.outsideChanges`), and nothing changes when it does not. The commits
/// of other processes are checked by the reliability suite (OutsideProcessTests).
let outsideChangeChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "a commit of another connection reaches ValueObservation, DatabaseRegionObservation, publishers, async sequences and rx",
        kinds: DatabaseKind.onDisk
    ) { factory in
        let writer = try makeWatchedDatabase(factory)
        let other = try makeOtherWriter(factory)
        try observeEveryForm(writer, count: 1) { try insertRow(other) }
    },
    ConformanceCheck("a burst of outside commits ends with the last committed value", kinds: DatabaseKind.onDisk) {
        factory in
        let writer = try makeWatchedDatabase(factory)
        let other = try makeOtherWriter(factory)
        let recorder = rowCount.record(in: writer)
        try expectEqual(recorder.waitForNext(), 0)
        for _ in 1...50 { try insertRow(other) }
        _ = try recorder.waitForNext(where: { $0 == 50 })
    },
    ConformanceCheck("with polling, a commit of another connection reaches observations", kinds: DatabaseKind.onDisk) {
        factory in
        let writer = try makeWatchedDatabase(factory, detection: .polling(interval: 0.01))
        let other = try makeOtherWriter(factory)
        let recorder = rowCount.record(in: writer)
        try expectEqual(recorder.waitForNext(), 0)
        try insertRow(other)
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck(
        "a read-only database that notices outside commits tells its observations", kinds: DatabaseKind.onDisk
    ) { factory in
        _ = try makeWatchedDatabase(factory)
        let reader = try factory.makeWriter {
            watching(&$0)
            $0.readonly = true
        }
        let other = try makeOtherWriter(factory)
        let recorder = rowCount.record(in: reader)
        try expectEqual(recorder.waitForNext(), 0)
        try insertRow(other)
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck(
        "an outside change of the schema refreshes what the writer knows of it", kinds: DatabaseKind.onDisk
    ) { factory in
        let writer = try makeWatchedDatabase(factory)
        let other = try makeOtherWriter(factory)
        let columns = ValueObservation.tracking { db in try Row.fetchOne(db, sql: "SELECT * FROM t")?.columnNames ?? []
        }
        let recorder = columns.record(in: writer)
        _ = try recorder.waitForNext()
        try other.write { db in
            try db.execute(sql: "ALTER TABLE t ADD COLUMN name TEXT; INSERT INTO t (name) VALUES ('a')")
        }
        _ = try recorder.waitForNext(where: { $0 == ["id", "name"] })
    },
    ConformanceCheck(
        "without the opt-in, a database runs no statement when another connection commits", kinds: DatabaseKind.onDisk
    ) { factory in
        let writer = try makeWatchedDatabase(factory, detection: .ignored)
        let statements = Locked<[String]>([])
        writer.writeWithoutTransaction { db in
            db.trace { event in
                if case .statement(let statement) = event { statements.withLock { $0.append(statement.sql) } }
            }
        }
        let recorder = rowCount.record(in: writer)
        try expectEqual(recorder.waitForNext(), 0)
        // A database of the same file that notices outside commits sees the commit: the one
        // without the opt-in had the time to react, and must not have.
        let witness = try factory.makeOtherConnection(watching)
        let watchingRecorder = rowCount.record(in: witness)
        try expectEqual(watchingRecorder.waitForNext(), 0)
        statements.withLock { $0 = [] }
        try insertRow(try makeOtherWriter(factory))
        _ = try watchingRecorder.waitForNext(where: { $0 == 1 })
        writer.writeWithoutTransaction { db in db.trace(nil) }
        try expectEqual(statements.current, [])
    },
    ConformanceCheck(
        "a database whose writer is busy does not delay the outside changes of another database",
        kinds: DatabaseKind.onDisk
    ) { factory in
        let busy = try makeWatchedDatabase(factory)
        let otherFile = factory.path(ofFile: "other.sqlite")
        let watched = try factory.kind.openWriter(
            path: otherFile,
            configuration: {
                var configuration = factory.baseConfiguration
                watching(&configuration)
                return configuration
            }(), driver: factory.driver)
        try watched.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let recorder = rowCount.record(in: watched)
        try expectEqual(recorder.waitForNext(), 0)
        let release = DispatchSemaphore(value: 0)
        let busyWriteStarted = DispatchSemaphore(value: 0)
        busy.asyncWriteWithoutTransaction { _ in
            busyWriteStarted.signal()
            release.wait()
        }
        defer { release.signal() }
        try expectSignal(busyWriteStarted, "the busy write started")
        var otherConfiguration = factory.baseConfiguration
        otherConfiguration.busyMode = .timeout(10)
        let other = try DatabaseQueue(path: otherFile, configuration: otherConfiguration, driver: factory.driver)
        try insertRow(other)
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck(
        "an outside commit during the initial fetch of a pool observation, seen before the observer is registered, is not missed",
        kinds: [.pool]
    ) { factory in
        let writer = try makeWatchedDatabase(factory)
        let fetchStarted = DispatchSemaphore(value: 0)
        let releaseFetch = DispatchSemaphore(value: 0)
        let isFirstFetch = Locked(true)
        let observation = ValueObservation.tracking { db -> Int in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
            if isFirstFetch.withLock({ isFirst in
                defer { isFirst = false }
                return isFirst
            }) {
                fetchStarted.signal()
                releaseFetch.wait()
            }
            return count
        }
        let recorder = observation.record(in: writer)
        try expectSignal(fetchStarted, "the initial fetch started")
        // The commit lands after the snapshot of the initial fetch, and the writer notices it
        // before the observer is registered (which waits for the end of the fetch).
        let witness = try factory.makeOtherConnection(watching)
        let witnessRecorder = rowCount.record(in: witness)
        try expectEqual(witnessRecorder.waitForNext(), 0)
        try insertRow(makeOtherWriter(factory))
        _ = try witnessRecorder.waitForNext(where: { $0 == 1 })
        writer.writeWithoutTransaction { _ in }
        releaseFetch.signal()
        try expectEqual(recorder.waitForNext(), 0)
        try expectEqual(recorder.waitForNext(), 1)
    },
    ConformanceCheck(
        "a polling interval that is not a positive number of seconds fails the opening with SQLITE_MISUSE",
        kinds: DatabaseKind.onDisk
    ) { factory in
        for interval in [0, -1, .nan, .infinity] as [TimeInterval] {
            try expectDatabaseError(.SQLITE_MISUSE, messageContains: "polling interval") {
                try factory.makeWriter { $0.outsideChanges = .polling(interval: interval) }
            }
        }
    },
]
