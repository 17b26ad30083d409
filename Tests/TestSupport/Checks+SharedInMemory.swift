import Foundation
import RSCore

/// `DatabaseQueue(named:)`: the queues of one name share an in-memory database, which lives while
/// one of them is open. (The checks do not depend on the kind: they run once, with the in-memory one.)
let sharedInMemoryChecks: [ConformanceCheck] = [
    ConformanceCheck("DatabaseQueues of the same name share an in-memory database", kinds: [.queueInMemory]) {
        factory in
        // Names are shared by the whole process: each check takes names of its own.
        let name = "shared-\(UUID().uuidString)"
        let first = try makeNamedQueue(factory, name)
        let second = try makeNamedQueue(factory, name)
        try first.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try expectEqual(try second.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try second.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try expectEqual(try first.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])

        // Another name, or no name, is another database.
        let otherName = try makeNamedQueue(factory, "\(name)-other")
        try expectEqual(try otherName.read { db in try db.tableExists("t") }, false)
        let unnamed = try makeNamedQueue(factory, nil)
        try expectEqual(try unnamed.read { db in try db.tableExists("t") }, false)
        let secondUnnamed = try makeNamedQueue(factory, nil)
        try unnamed.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try expectEqual(try secondUnnamed.read { db in try db.tableExists("t") }, false)
    },
    ConformanceCheck(
        "a shared in-memory database lives while a DatabaseQueue of its name is open", kinds: [.queueInMemory]
    ) { factory in
        let name = "shared-\(UUID().uuidString)"
        var holder: DatabaseQueue? = try makeNamedQueue(factory, name)
        do {
            let first = try makeNamedQueue(factory, name)
            try first.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
            try first.close()
        }
        // The first queue is closed: the holder keeps the database alive for the queues opened later.
        let later = try makeNamedQueue(factory, name)
        try expectEqual(try later.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try later.close()
        try expectEqual(try holder?.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])

        // Once the last queue of the name is gone (deallocated, here), the database is gone too.
        holder = nil
        let afterwards = try makeNamedQueue(factory, name)
        try expectEqual(try afterwards.read { db in try db.tableExists("t") }, false)
    },
]

/// Opens a DatabaseQueue on the in-memory database of the given name (a private one for nil),
/// with the configuration and the driver of the check.
private func makeNamedQueue(_ factory: DatabaseFactory, _ name: String?) throws -> DatabaseQueue {
    try DatabaseQueue(named: name, configuration: factory.baseConfiguration, driver: factory.driver)
}
