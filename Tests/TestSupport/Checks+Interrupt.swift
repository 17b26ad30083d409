import Dispatch
import Foundation
import RSCore

/// `interrupt()`: the statement that runs fails with `SQLITE_INTERRUPT`, its transaction leaves the
/// database as it was, and the connection works on.
let interruptChecks: [ConformanceCheck] = [
    ConformanceCheck("interrupt() fails the statement of a write with SQLITE_INTERRUPT; the transaction rolls back") {
        factory in
        let longStatement = LongStatement()
        let writer = try factory.makeWriter(longStatement.register)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (0)") }
        // The library rolls back the transaction of a select, SQLite the one of an insert.
        for sql in [longStatement.select, longStatement.insert(into: "t")] {
            let write = BackgroundWork {
                try expectDatabaseError {
                    try writer.write { db in
                        try db.execute(sql: "INSERT INTO t VALUES (1)")
                        try db.execute(sql: sql)
                    }
                }
            }
            try longStatement.waitUntilRunning()
            writer.interrupt()
            try expectEqual(try write.wait().resultCode, .SQLITE_INTERRUPT)
            try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [0])
        }
        // An interruption while nothing runs changes nothing either.
        writer.interrupt()
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [0, 2])
    },
    ConformanceCheck("interrupt() fails the statement of a read with SQLITE_INTERRUPT; the connection works on") {
        factory in
        let longStatement = LongStatement()
        let writer = try factory.makeWriter(longStatement.register)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (0)") }
        let read = BackgroundWork {
            try expectDatabaseError { _ = try writer.read { db in try Int.fetchOne(db, sql: longStatement.select) } }
        }
        try longStatement.waitUntilRunning()
        writer.interrupt()
        try expectEqual(try read.wait().resultCode, .SQLITE_INTERRUPT)
        // The read's connection is not left read-only, nor in a transaction.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [0, 1])
    },
    ConformanceCheck("a pool's interrupt() fails the statements of its writer and of its readers", kinds: [.pool]) {
        factory in
        let longStatement = LongStatement()
        let pool = try factory.makeWriter(longStatement.register)
        let accesses = [
            BackgroundWork {
                try expectDatabaseError { try pool.write { db in try db.execute(sql: longStatement.select) } }
            },
            BackgroundWork {
                try expectDatabaseError { _ = try pool.read { db in try Int.fetchOne(db, sql: longStatement.select) } }
            },
        ]
        try longStatement.waitUntilRunning()
        try longStatement.waitUntilRunning()
        pool.interrupt()
        try expectEqual(try accesses.map { try $0.wait().resultCode }, [.SQLITE_INTERRUPT, .SQLITE_INTERRUPT])
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }, 1)
    },
]

/// Statements that run until they are interrupted: they count with a recursive common table
/// expression that calls the function `keep_running(x)` for each number. The function reports
/// that a statement runs, and ends it `checkTimeout` after it started, so that an interruption
/// that does not work fails the check instead of hanging it.
private final class LongStatement: Sendable {
    /// Signaled once by each statement, when it runs (and the insertion has inserted its rows).
    private let running = DispatchSemaphore(value: 0)
    /// When the last statement that started ends by itself.
    private let deadline = Locked(Date.distantFuture)
    private static let runningNumber = 1000
    private static let numbers =
        "WITH RECURSIVE numbers(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM numbers WHERE keep_running(x))"

    /// A select that runs until it is interrupted.
    let select = "\(LongStatement.numbers) SELECT COUNT(*) FROM numbers"

    /// An insertion of rows into `table` (an integer column), that then runs until it is interrupted.
    func insert(into table: String) -> String {
        "INSERT INTO \(table) \(Self.numbers) SELECT x FROM numbers WHERE x <= 100"
    }

    /// Adds the function to each connection.
    func register(_ configuration: inout Configuration) {
        let function = DatabaseFunction("keep_running", argumentCount: 1) { [running, deadline] values in
            switch Int.fromDatabaseValue(values[0]) {
            case 1:
                deadline.current = Date() + checkTimeout
            case Self.runningNumber:
                running.signal()
            default:
                break
            }
            return Date() < deadline.current
        }
        configuration.prepareDatabase { db in db.add(function: function) }
    }

    /// Waits until a statement runs (a statement reports it once).
    func waitUntilRunning(file: StaticString = #fileID, line: UInt = #line) throws {
        try expectSignal(running, "the long statement did not run", file: file, line: line)
    }
}
