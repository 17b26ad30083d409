import Dispatch
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

/// Observations over an application's hand-written test double, which forwards to a real database.
let testDoubleObservationChecks: [ConformanceCheck] = [
    ConformanceCheck("observations work over a hand-written double that forwards to a real database") { factory in
        let writer = ForwardingWriter(try factory.makeWriter())
        try writer.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        let changes = Locked(0)
        let failure = Locked<(any Error)?>(nil)
        let regionCancellable = DatabaseRegionObservation(tracking: Table("player")).start(in: writer) { error in
            failure.current = error
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        let observation = ValueObservation.tracking { db in
            try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY id")
        }
        let queue = DispatchQueue(label: "values")
        let names = try runAsync { () -> [[String]] in
            var names: [[String]] = []
            for try await value in observation.removeDuplicates().values(in: writer, scheduling: .async(onQueue: queue))
            {
                names.append(value)
                if value.count == 2 { break }
                try await writer.write { db in
                    try db.execute(
                        sql: "INSERT INTO player (name) VALUES (?)", arguments: [value.isEmpty ? "Arthur" : "Barbara"])
                }
            }
            return names
        }
        try expectEqual(names, [[], ["Arthur"], ["Arthur", "Barbara"]])
        try expectEqual(changes.current, 2)
        try expect(failure.current == nil, "the region observation failed: \(failure.current!)")
        withExtendedLifetime(regionCancellable) {}
    },
    ConformanceCheck("an observation over a double fetches where it does over the writer it forwards to") { factory in
        // On a pool, on readers; on a queue, on the writer's connection.
        let base = try factory.makeWriter()
        let writer = ForwardingWriter(base)
        let observation = ValueObservation.tracking { db in db.observesTransactions }
        var connections: [Bool] = []
        for reader in [base, writer] as [any DatabaseWriter] {
            let recorder = observation.record(in: reader)
            connections.append(try recorder.waitForNext())
            recorder.cancel()
        }
        try expectEqual(connections[1], connections[0])
    },
    ConformanceCheck("observations of a closed double fail with SQLITE_MISUSE, as over the writer it forwards to") {
        factory in
        let writer = ForwardingWriter(try factory.makeWriter())
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try writer.close()
        var observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
        observation.requiresWriteAccess = true
        let recorder = observation.record(in: writer)
        try expectEqual(
            recorder.waitForCompletion().failure.flatMap { $0 as? DatabaseError }?.resultCode, .SQLITE_MISUSE)
        recorder.cancel()
        try expectEqual(try regionObservationError(in: writer)?.resultCode, .SQLITE_MISUSE)
    },
]
