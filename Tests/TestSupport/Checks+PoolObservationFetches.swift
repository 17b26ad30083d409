import Foundation
import RSCore
import RSObservation
import RSTesting

/// Where the fetches of a DatabasePool observation run after the initial one: a fetch that would
/// keep the writer busy for long runs on a reader.
let poolObservationFetchChecks: [ConformanceCheck] = [
    ConformanceCheck("a long fetch of a pool observation runs on readers, and never on the writer", kinds: [.pool]) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let connections = Locked<[String]>([])
        let observation = ValueObservation.tracking { db -> Int in
            connections.withLock { $0.append(db.description) }
            // Not a wait: a fetch that lasts longer than the writer may wait for it.
            Thread.sleep(forTimeInterval: 0.002)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
        }
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext()
        for count in 1...3 {
            try writer.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
            _ = try recorder.waitForNext(where: { $0 == count })
        }
        try expectEqual(connections.current.filter { $0.hasSuffix(".writer") }, [])
        try expect(connections.current.count >= 4, "\(connections.current)")
    }
]
