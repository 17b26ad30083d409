import Dispatch
import RSCore

/// `close()`: it waits for the accesses that run, and later accesses fail with `SQLITE_MISUSE`.
let closeChecks: [ConformanceCheck] = [
    ConformanceCheck("after close(), reads and writes fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try writer.close()
        let readError = try expectDatabaseError {
            _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        try expectEqual(readError.resultCode, .SQLITE_MISUSE)
        let writeError = try expectDatabaseError {
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        try expectEqual(writeError.resultCode, .SQLITE_MISUSE)
        try writer.close()
    },
    ConformanceCheck("after close(), every kind of read fails with SQLITE_MISUSE, even after earlier reads") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
        try writer.close()
        let readError = try expectDatabaseError {
            _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        try expectEqual(readError.resultCode, .SQLITE_MISUSE)

        let done = DispatchSemaphore(value: 0)
        let asyncReadCode = Locked<ResultCode?>(nil)
        writer.asyncRead { result in
            if case .failure(let error as DatabaseError) = result {
                asyncReadCode.withLock { $0 = error.resultCode }
            }
            done.signal()
        }
        try expectSignal(done, "the asyncRead closure was not called")
        try expectEqual(asyncReadCode.current, .SQLITE_MISUSE)

        let awaitCode = try asyncErrorCode {
            _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        try expectEqual(awaitCode, .SQLITE_MISUSE)
    },
    ConformanceCheck("after close(), async/await writes fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.close()
        let codes = [
            try asyncErrorCode { try await writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") } },
            try asyncErrorCode {
                try await writer.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
            },
        ]
        try expectEqual(codes, [.SQLITE_MISUSE, .SQLITE_MISUSE])
    },
    ConformanceCheck("close() from inside an access fails with SQLITE_MISUSE, and the database stays open") {
        factory in
        let writer = try factory.makeWriter()
        // On a thread of its own: a regression would deadlock, which the timeout turns into a failure.
        try BackgroundWork {
            let readError = try writer.read { _ in try expectDatabaseError { try writer.close() } }
            try expectEqual(readError.resultCode, .SQLITE_MISUSE)
            let writeError = try writer.write { _ in try expectDatabaseError { try writer.close() } }
            try expectEqual(writeError.resultCode, .SQLITE_MISUSE)
        }.wait("close() from inside an access did not return")
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }, 1)
    },
    ConformanceCheck("close() while another thread writes waits for the write, which commits") { factory in
        try checkCloseDuringAccess(factory, statement: "INSERT INTO t VALUES (1)") { writer, body in
            try writer.write(body)
        }
        if factory.kind.isOnDisk {
            let reopened = try factory.makeWriter()
            try expectEqual(try reopened.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        }
    },
    ConformanceCheck("close() while another thread reads waits for the read, which ends normally") { factory in
        try checkCloseDuringAccess(factory, statement: "SELECT COUNT(*) FROM t") { writer, body in
            try writer.read(body)
        }
    },
]

/// Runs `access` on a thread of its own and, while it runs, `close()` on another: close() returns
/// once the access has ended, and the access can still run `statement` meanwhile. Later accesses
/// fail with `SQLITE_MISUSE`, and `interrupt()` does nothing.
private func checkCloseDuringAccess(
    _ factory: DatabaseFactory, statement: String,
    access: @escaping @Sendable (any DatabaseWriter, (Database) throws -> Void) throws -> Void,
    file: StaticString = #fileID, line: UInt = #line
) throws {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
    let accessStarted = DispatchSemaphore(value: 0)
    let closeCalled = DispatchSemaphore(value: 0)
    let closeReturned = DispatchSemaphore(value: 0)
    let events = Locked<[String]>([])
    let accessWork = BackgroundWork {
        try access(writer) { db in
            accessStarted.signal()
            try expectSignal(closeCalled, "close() was not called")
            try expectNoSignal(closeReturned, "close() returned while an access ran")
            try db.execute(sql: statement)
            events.withLock { $0.append("access ends") }
        }
    }
    try expectSignal(accessStarted, "the access did not start")
    let closing = BackgroundWork {
        closeCalled.signal()
        try writer.close()
        events.withLock { $0.append("closed") }
        closeReturned.signal()
    }
    try accessWork.wait(file: file, line: line)
    try closing.wait(file: file, line: line)
    try expectEqual(events.current, ["access ends", "closed"], file: file, line: line)

    let readError = try expectDatabaseError { _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") } }
    let writeError = try expectDatabaseError { try writer.write { db in try db.execute(sql: "DELETE FROM t") } }
    try expectEqual(
        [readError.resultCode, writeError.resultCode], [.SQLITE_MISUSE, .SQLITE_MISUSE], file: file, line: line)
    writer.interrupt()
}
