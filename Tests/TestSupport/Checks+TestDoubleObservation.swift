import Dispatch
import RSCore
import RSObservation
import RSQueryInterface

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
    }
]
