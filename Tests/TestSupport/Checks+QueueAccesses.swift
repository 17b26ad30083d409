import RSCore

/// GRDB's `DatabaseQueue.inDatabase` and `DatabaseQueue.inTransaction`, the accesses of the RxGRDB
/// samples, and `DatabasePool.writeInTransaction`, the pool's spelling of `inTransaction`.
let queueAccessChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "DatabaseQueue.inDatabase runs outside of any transaction and returns the value of its closure",
        kinds: queueKinds
    ) { factory in
        let queue = try makeQueue(factory)
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let count = try queue.inDatabase { db -> Int? in
            try expectEqual(db.isInsideTransaction, false)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try expectEqual(db.isInsideTransaction, false)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
        }
        try expectEqual(count, 1)
        // Each statement commits on its own: the error of the closure, rethrown, undoes nothing.
        struct Failure: Error {}
        do {
            try queue.inDatabase { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                throw Failure()
            }
            throw ConformanceFailure(description: "inDatabase did not rethrow", location: #fileID)
        } catch is Failure {}
        try expectEqual(try queue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
        // A closure that cannot throw needs no `try`.
        try expectEqual(queue.inDatabase { _ in "value" }, "value")
    },
    ConformanceCheck(
        "DatabaseQueue.inDatabase lets its closure run a transaction, and rolls back one it leaves open as it throws",
        kinds: queueKinds
    ) { factory in
        let queue = try makeQueue(factory)
        try queue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
        }
        struct Failure: Error {}
        do {
            try queue.inDatabase { db in
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                throw Failure()
            }
            throw ConformanceFailure(description: "inDatabase did not rethrow", location: #fileID)
        } catch is Failure {}
        try queue.inDatabase { db in
            try expectEqual(db.isInsideTransaction, false)
            try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
        }
    },
    ConformanceCheck(
        "DatabaseQueue.inDatabase keeps a transaction left open when Configuration.allowsUnsafeTransactions is true",
        kinds: queueKinds
    ) { factory in
        let queue = try makeQueue(factory) { $0.allowsUnsafeTransactions = true }
        try queue.inDatabase { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        struct Failure: Error {}
        do {
            try queue.inDatabase { db in
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Failure()
            }
        } catch is Failure {}
        try queue.inDatabase { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            try expectEqual(db.isInsideTransaction, true)
        }
        try queue.inDatabase { db in try db.commit() }
        try expectEqual(try queue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
    },
    ConformanceCheck(
        "DatabaseQueue.inTransaction commits on .commit, and rolls back on .rollback and on an error, which it rethrows",
        kinds: queueKinds
    ) { factory in
        let queue = try makeQueue(factory)
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try queue.inTransaction { db in
            try expectEqual(db.isInsideTransaction, true)
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return .commit
        }
        try queue.inTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a"), [1, 2])
            return .rollback
        }
        struct Failure: Error {}
        do {
            try queue.inTransaction { db in
                try db.execute(sql: "INSERT INTO t VALUES (3)")
                throw Failure()
            }
            throw ConformanceFailure(description: "inTransaction did not rethrow", location: #fileID)
        } catch is Failure {}
        try queue.writeWithoutTransaction { db in
            try expectEqual(db.isInsideTransaction, false)
            try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
        }
    },
    ConformanceCheck(
        "DatabaseQueue.inTransaction opens a transaction of the given kind, of the configured one by default",
        kinds: queueKinds
    ) { factory in
        for configuredKind in [Database.TransactionKind.deferred, .immediate] {
            let queue = try makeQueue(factory) { $0.defaultTransactionKind = configuredKind }
            let begins = try tracedBegins(queue) {
                try queue.inTransaction { _ in .commit }
                try queue.inTransaction(.immediate) { _ in .commit }
                try queue.inTransaction(.exclusive) { _ in .rollback }
                try queue.inTransaction(.deferred) { _ in .commit }
            }
            try expectEqual(
                begins,
                [
                    "BEGIN \(configuredKind.rawValue) TRANSACTION", "BEGIN IMMEDIATE TRANSACTION",
                    "BEGIN EXCLUSIVE TRANSACTION", "BEGIN DEFERRED TRANSACTION",
                ])
            try queue.close()
        }
    },
    ConformanceCheck(
        "DatabaseQueue.inTransaction fails with SQLITE_MISUSE from inside an access of its queue, and once closed",
        kinds: queueKinds
    ) { factory in
        let queue = try makeQueue(factory)
        let work = BackgroundWork { () -> DatabaseError in
            try expectDatabaseError {
                try queue.inDatabase { _ in try queue.inTransaction { _ in .commit } }
            }
        }
        try expectEqual(try work.wait("the reentrant inTransaction deadlocked").resultCode, .SQLITE_MISUSE)
        try queue.close()
        let error = try expectDatabaseError { try queue.inTransaction { _ in .commit } }
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
    },
    ConformanceCheck(
        "DatabasePool.writeInTransaction commits on .commit, rolls back on .rollback and on an error, "
            + "in an IMMEDIATE transaction unless told another kind",
        kinds: [.pool]
    ) { factory in
        guard let pool = try factory.makeWriter() as? DatabasePool else {
            throw ConformanceFailure(description: "the pool kind did not make a DatabasePool", location: #fileID)
        }
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        struct Failure: Error {}
        let begins = try tracedBegins(pool) {
            try pool.writeInTransaction { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
            try pool.writeInTransaction(.deferred) { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                return .rollback
            }
            do {
                try pool.writeInTransaction(.exclusive) { db in
                    try db.execute(sql: "INSERT INTO t VALUES (3)")
                    throw Failure()
                }
                throw ConformanceFailure(description: "writeInTransaction did not rethrow", location: #fileID)
            } catch is Failure {}
        }
        try expectEqual(
            begins, ["BEGIN IMMEDIATE TRANSACTION", "BEGIN DEFERRED TRANSACTION", "BEGIN EXCLUSIVE TRANSACTION"])
        try expectEqual(try pool.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try pool.writeWithoutTransaction { db in try expectEqual(db.isInsideTransaction, false) }
    },
]

/// The kinds of databases that are a DatabaseQueue.
private let queueKinds: [DatabaseKind] = [.queueOnDisk, .queueInMemory]

/// The DatabaseQueue of a check of a queue kind.
private func makeQueue(
    _ factory: DatabaseFactory, _ configure: (inout Configuration) -> Void = { _ in }
) throws -> DatabaseQueue {
    guard let queue = try factory.makeWriter(configure) as? DatabaseQueue else {
        throw ConformanceFailure(
            description: "the \(factory.kind) kind did not make a DatabaseQueue", location: #fileID)
    }
    return queue
}

/// The BEGIN statements that the writer's connection runs during `body`, as its trace reports them.
private func tracedBegins(_ writer: some DatabaseWriter, during body: () throws -> Void) throws -> [String] {
    let begins = Locked<[String]>([])
    writer.writeWithoutTransaction { db in
        db.trace { event in
            if case .statement(let statement) = event, statement.sql.hasPrefix("BEGIN") {
                begins.withLock { $0.append(statement.sql) }
            }
        }
    }
    defer { writer.writeWithoutTransaction { db in db.trace(nil) } }
    try body()
    return begins.current
}
