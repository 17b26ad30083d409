import Dispatch
import RSCore

/// The accesses outside of a read transaction (`unsafeRead` and its async and callback forms), the
/// reentrant ones (`unsafeReentrantRead`, `unsafeReentrantWrite`), and the async forms of the
/// barrier write, `erase()` and `vacuum()`.
let unsafeAccessChecks: [ConformanceCheck] = [
    ConformanceCheck("unsafeRead runs outside of a transaction, in its sync, async and callback forms") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let state: @Sendable (Database) throws -> String = { db in
            "\(db.isInsideTransaction) \(try Int.fetchAll(db, sql: "SELECT a FROM t"))"
        }
        try expectEqual(try writer.unsafeRead(state), "false [1]")
        try expectEqual(try runAsync { try await writer.unsafeRead(state) }, "false [1]")
        let result = try waitForCallback("asyncUnsafeRead did not call its closure", writer.asyncUnsafeRead) {
            database in Result { try state(database.get()) }
        }
        try expectEqual(try result.get(), "false [1]")
        // The closure may open a transaction of its own.
        let inOwnTransaction = try writer.unsafeRead { db in
            try db.inTransaction(.deferred) { .commit }
            return try Int.fetchOne(db, sql: "SELECT a FROM t")
        }
        try expectEqual(inOwnTransaction, 1)
    },
    ConformanceCheck("unsafeReentrantRead runs in the access it is called from, and as unsafeRead elsewhere") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        // From a write: on the writer, in its transaction, which sees its own uncommitted row.
        let inWrite = try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return try writer.unsafeReentrantRead { inner in
                (inner === db, inner.isInsideTransaction, try Int.fetchOne(inner, sql: "SELECT COUNT(*) FROM t"))
            }
        }
        try expect(inWrite == (true, true, 1), "unsafeReentrantRead in a write: \(inWrite)")
        // From a read: on the connection of the read, in its transaction.
        let inRead = try writer.read { db in
            try writer.unsafeReentrantRead { inner in (inner === db, inner.isInsideTransaction) }
        }
        try expect(inRead == (true, true), "unsafeReentrantRead in a read: \(inRead)")
        // Nested twice, and elsewhere.
        let nested = try writer.unsafeReentrantRead { db in
            try writer.unsafeReentrantRead { inner in inner === db && !inner.isInsideTransaction }
        }
        try expect(nested, "a nested unsafeReentrantRead did not run on the connection of the outer one")
    },
    ConformanceCheck(
        "unsafeReentrantWrite runs in the write it is called from, and as writeWithoutTransaction elsewhere"
    ) {
        factory in
        let writer = try factory.makeWriter()
        writer.unsafeReentrantWrite { db in
            // Outside of any access: no transaction, and what it runs commits at once.
            try? db.execute(sql: "CREATE TABLE t (a INTEGER)")
        }
        struct Abort: Error {}
        // Inside a write: in its transaction, which its error rolls back, the inner change with it.
        do {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try writer.unsafeReentrantWrite { inner in
                    try expect(inner === db && inner.isInsideTransaction, "not in the write's transaction")
                    try inner.execute(sql: "INSERT INTO t VALUES (2)")
                }
                throw Abort()
            }
        } catch is Abort {}
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
        try writer.write { db in
            try writer.unsafeReentrantWrite { inner in try inner.execute(sql: "INSERT INTO t VALUES (3)") }
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [3])
        // A closure that cannot throw needs no `try`, as in GRDB.
        let isInsideTransaction = writer.unsafeReentrantWrite { db in db.isInsideTransaction }
        try expect(!isInsideTransaction, "unsafeReentrantWrite opened a transaction")
        let isInTransaction = writer.writeWithoutTransaction { db in db.isInsideTransaction }
        try expect(!isInTransaction, "writeWithoutTransaction opened a transaction")
    },
    ConformanceCheck("the barrier writes, in their sync, async and callback forms, wait for the reads in progress") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (0)") }
        for form in BarrierForm.allCases {
            let readStarted = DispatchSemaphore(value: 0)
            let barrierCalled = DispatchSemaphore(value: 0)
            let barrierRan = DispatchSemaphore(value: 0)
            let events = Locked<[String]>([])
            let read = BackgroundWork {
                try writer.read { _ in
                    readStarted.signal()
                    try expectSignal(barrierCalled, "the \(form) barrier write was not called")
                    try expectNoSignal(barrierRan, "the \(form) barrier write ran during the read")
                    events.withLock { $0.append("read end") }
                }
            }
            try expectSignal(readStarted, "the read did not start")
            let barrier = BackgroundWork {
                barrierCalled.signal()
                try form.run(on: writer) { db in
                    events.withLock { $0.append("barrier") }
                    barrierRan.signal()
                    try db.execute(sql: "UPDATE t SET a = a + 1")
                }
            }
            try read.wait()
            try barrier.wait()
            try expectEqual(events.current, ["read end", "barrier"])
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 3)
    },
    ConformanceCheck("erase(), vacuum() and vacuum(into:) have async forms") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try runAsync { try await writer.vacuum() }
        let copyPath = factory.path(ofFile: "copy.sqlite")
        if factory.driver.capabilities.isAtLeast(3, 27) {
            try runAsync { try await writer.vacuum(into: copyPath) }
            let copy = try DatabaseQueue(
                path: copyPath, configuration: factory.baseConfiguration, driver: factory.driver)
            try expectEqual(try copy.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
            try copy.close()
        } else {
            try expectEqual(try asyncErrorCode { try await writer.vacuum(into: copyPath) }, .SQLITE_ERROR)
        }
        try runAsync { try await writer.erase() }
        try expectEqual(try writer.read { db in try db.tableExists("t") }, false)
    },
    ConformanceCheck("on a closed writer, the async and callback forms fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.close()
        try expectEqual(try asyncErrorCode { _ = try await writer.unsafeRead { _ in 1 } }, .SQLITE_MISUSE)
        try expectEqual(try asyncErrorCode { try await writer.barrierWriteWithoutTransaction { _ in } }, .SQLITE_MISUSE)
        try expectEqual(
            try expectDatabaseError { try BarrierForm.callback.run(on: writer) { _ in } }.resultCode, .SQLITE_MISUSE)
        let failure = try waitForCallback("asyncUnsafeRead did not call its closure", writer.asyncUnsafeRead) {
            result -> (any Error)? in
            if case .failure(let error) = result { return error }
            return nil
        }
        try expectEqual((failure as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
    },
]

/// The three forms of `barrierWriteWithoutTransaction`.
private enum BarrierForm: String, CaseIterable, CustomStringConvertible {
    case sync, async, callback

    var description: String { rawValue }

    /// Runs `updates` in a barrier write of this form, and waits for it.
    func run(on writer: any DatabaseWriter, _ updates: @escaping @Sendable (Database) throws -> Void) throws {
        switch self {
        case .sync:
            try writer.barrierWriteWithoutTransaction(updates)
        case .async:
            try runAsync { try await writer.barrierWriteWithoutTransaction(updates) }
        case .callback:
            try waitForCallback(
                "asyncBarrierWriteWithoutTransaction did not call its closure",
                writer.asyncBarrierWriteWithoutTransaction
            ) { database in Result { try updates(database.get()) } }.get()
        }
    }
}
