import Foundation
import RSCore

/// `Database.transactionDate` and `Configuration.transactionClock`: one date for each transaction,
/// taken when it begins, and a new date on each call outside of transactions.
let transactionDateChecks: [ConformanceCheck] = [
    ConformanceCheck("transactionDate: outside of a transaction, each call asks the clock for a new date") { factory in
        let clock = CountingClock()
        let writer = try factory.makeWriter { $0.transactionClock = clock.transactionClock }
        try writer.writeWithoutTransaction { db in
            let start = clock.count
            try expectEqual(try db.transactionDate, clock.date(start + 1))
            try expectEqual(try db.transactionDate, clock.date(start + 2))
            try db.execute(sql: "CREATE TABLE t (a)")
            try expectEqual(try db.transactionDate, clock.date(start + 3))
        }
    },
    ConformanceCheck("transactionDate: one date for the whole transaction, taken once when it begins") { factory in
        let clock = CountingClock()
        let writer = try factory.makeWriter { $0.transactionClock = clock.transactionClock }
        try writer.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let dates = try writer.write { db in
            let start = clock.count
            let first = try db.transactionDate
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            _ = try Int.fetchAll(db, sql: "SELECT a FROM t")
            try db.execute(sql: "SAVEPOINT inner; INSERT INTO t VALUES (2); RELEASE inner")
            try expectEqual(try db.transactionDate, first)
            try expectEqual(clock.count, start)  // The clock was asked at BEGIN, before the closure.
            return (first, start)
        }
        try expectEqual(dates.0, clock.date(dates.1))
        // The clock is asked once per transaction, even when no one reads the date.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        try expectEqual(clock.count, dates.1 + 1)
        let next = try writer.write { db in try db.transactionDate }
        try expectEqual(next, clock.date(dates.1 + 2))
    },
    ConformanceCheck("transactionDate: BEGIN, SAVEPOINT, COMMIT and ROLLBACK take and forget the date") { factory in
        let clock = CountingClock()
        let writer = try factory.makeWriter { $0.transactionClock = clock.transactionClock }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY ON CONFLICT ROLLBACK)")
            let start = clock.count
            try db.execute(sql: "BEGIN")
            try expectEqual(try db.transactionDate, clock.date(start + 1))
            try db.execute(sql: "COMMIT")
            try expectEqual(try db.transactionDate, clock.date(start + 2))
            try db.execute(sql: "SAVEPOINT outer")
            try expectEqual(try db.transactionDate, clock.date(start + 3))
            try db.execute(sql: "ROLLBACK")
            try expectEqual(try db.transactionDate, clock.date(start + 4))
            // A failed statement that rolls the transaction back ends it too.
            try db.execute(sql: "BEGIN; INSERT INTO t VALUES (1)")
            try expectEqual(try db.transactionDate, clock.date(start + 5))
            _ = try expectDatabaseError { try db.execute(sql: "INSERT INTO t VALUES (1)") }
            try expect(!db.isInsideTransaction, "the failed insert rolled back")
            try expectEqual(try db.transactionDate, clock.date(start + 6))
        }
    },
    ConformanceCheck("transactionDate: a clock may query the database, and its error is thrown by transactionDate") {
        factory in
        let fixedDate = Date(timeIntervalSinceReferenceDate: 123_456)
        let queryingWriter = try factory.makeWriter { config in
            config.transactionClock = .custom { db in
                try expectEqual(try Int.fetchOne(db, sql: "SELECT 1"), 1)
                return fixedDate
            }
        }
        try expectEqual(try queryingWriter.write { db in try db.transactionDate }, fixedDate)
        try queryingWriter.close()
        let failingWriter = try factory.makeWriter { config in
            config.transactionClock = .custom { _ in throw ClockFailure() }
        }
        for _ in 0..<2 {
            let outcome = try failingWriter.write { db -> Result<Date, any Error> in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a); INSERT INTO t VALUES (1)")
                return Result { try db.transactionDate }
            }
            try expect(
                { if case .failure(let error) = outcome { return error is ClockFailure } else { return false } }(),
                "\(outcome) is the failure of the clock")
        }
        try failingWriter.writeWithoutTransaction { db in
            do {
                _ = try db.transactionDate
                throw ConformanceFailure(description: "the error of the clock was not thrown", location: #fileID)
            } catch is ClockFailure {}
        }
    },
    ConformanceCheck("transactionDate: a clock that asks for the transaction date gets a misuse error") { factory in
        let writer = try factory.makeWriter { config in
            config.transactionClock = .custom { db in try db.transactionDate }
        }
        let outcome = try writer.write { db in Result { try db.transactionDate } }
        guard case .failure(let error as DatabaseError) = outcome else {
            throw ConformanceFailure(description: "\(outcome) is not a DatabaseError", location: #fileID)
        }
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
        try expectEqual(error.message, "the transaction clock asked for the transaction date")
    },
    ConformanceCheck("transactionDate: the default clock gives the date when the transaction began") { factory in
        let writer = try factory.makeWriter()
        let before = Date()
        let (first, last) = try writer.write { db in
            let first = try db.transactionDate
            try db.execute(sql: "CREATE TABLE t (a)")
            return (first, try db.transactionDate)
        }
        try expectEqual(first, last)
        try expect(before <= first && first <= Date(), "\(first) is a date of the transaction")
        let outside = try writer.writeWithoutTransaction { db in try db.transactionDate }
        try expect(outside > first, "a new date outside of the transaction")
    },
]

/// A clock whose dates count its calls: its nth date is `date(n)`.
private final class CountingClock: Sendable {
    private let calls = Locked(0)

    /// The number of calls so far.
    var count: Int { calls.current }

    /// The clock to configure.
    var transactionClock: CustomTransactionClock {
        .custom { [calls] _ in
            CountingClock.date(
                calls.withLock { count in
                    count += 1
                    return count
                })
        }
    }

    /// The date of the nth call.
    func date(_ call: Int) -> Date { Self.date(call) }

    private static func date(_ call: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: TimeInterval(call))
    }
}

/// The error of a clock that fails.
private struct ClockFailure: Error {}
