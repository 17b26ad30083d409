import Dispatch
import RSCore

/// `DatabasePool.invalidateReadOnlyConnections()`: later reads use new connections, prepared with
/// the configuration in force then, and a read that runs meanwhile ends undisturbed.
let readerInvalidationChecks: [ConformanceCheck] = [
    ConformanceCheck("invalidating the readers of a pool makes later reads open new connections", kinds: [.pool]) {
        factory in
        // Each connection records the value of `generation` when it is prepared.
        let generation = Locked(0)
        let preparedGenerations = Locked<[Int]>([])
        let pool = try factory.makeWriter { config in
            config.prepareDatabase { _ in
                let current = generation.current
                preparedGenerations.withLock { $0.append(current) }
            }
        }
        guard let pool = pool as? DatabasePool else {
            throw ConformanceFailure(description: "the pool kind did not make a DatabasePool", location: #fileID)
        }
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        // The writer, then one reader, reused by the second read.
        try expectEqual(preparedGenerations.current, [0, 0])

        generation.withLock { $0 = 1 }
        pool.invalidateReadOnlyConnections()
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        try expectEqual(preparedGenerations.current, [0, 0, 1])

        // A read that runs during the invalidation ends normally; its connection is not reused.
        let readStarted = DispatchSemaphore(value: 0)
        let invalidated = DispatchSemaphore(value: 0)
        let read = BackgroundWork { () -> Int? in
            try pool.read { db in
                readStarted.signal()
                guard invalidated.wait(timeout: .now() + checkTimeout) == .success else {
                    throw ConformanceFailure(description: "timed out: the invalidation", location: #fileID)
                }
                return try Int.fetchOne(db, sql: "SELECT a FROM t")
            }
        }
        try expectSignal(readStarted, "the read did not start")
        generation.withLock { $0 = 2 }
        pool.invalidateReadOnlyConnections()
        invalidated.signal()
        try expectEqual(try read.wait(), 1)
        try expectEqual(preparedGenerations.current, [0, 0, 1])
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 1)
        try expectEqual(preparedGenerations.current, [0, 0, 1, 2])
    }
]
