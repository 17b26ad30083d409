import Dispatch
import RSCore
import RSObservation
import RSQueryInterface
import RSReactive
import RSTesting

/// Transactions that SQLite ends by itself (after an interruption, `INSERT OR ROLLBACK`,
/// `RAISE(ROLLBACK)`, some disk errors), inside a write that catches the error and goes on: every
/// later statement of the write throws `SQLITE_ABORT` without running, the write fails with
/// `SQLITE_ABORT`, nothing is committed, and observers see nothing but the rollback.
let abortedTransactionChecks: [ConformanceCheck] = [
    ConformanceCheck("a write goes on after SQLite rolled its transaction back: nothing after it runs or commits") {
        factory in
        let writer = try makeAbortingDatabase(factory)
        for abort in TransactionAbort.allCases {
            let strayErrors = Locked<[ResultCode]>([])
            let error = try expectDatabaseError {
                try writer.write { db in try abortThenGoOn(db, abort, strayErrors: strayErrors) }
            }
            try expectEqual(error.resultCode, .SQLITE_ABORT)
            try expectEqual(strayErrors.current, [.SQLITE_ABORT, .SQLITE_ABORT])
            try expectEqual(try playerNames(writer), ["Arthur"])
        }
        // The connection works on.
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        try expectEqual(try playerNames(writer), ["Arthur", "Barbara"])
    },
    ConformanceCheck("inTransaction after SQLite rolled back: .commit fails with SQLITE_ABORT, .rollback does not") {
        factory in
        let writer = try makeAbortingDatabase(factory)
        try writer.writeWithoutTransaction { db in
            let strayErrors = Locked<[ResultCode]>([])
            let error = try expectDatabaseError {
                try db.inTransaction {
                    try abortThenGoOn(db, .orRollback, strayErrors: strayErrors)
                    return .commit
                }
            }
            try expectEqual(error.resultCode, .SQLITE_ABORT)
            try db.inTransaction {
                try abortThenGoOn(db, .raiseRollback, strayErrors: strayErrors)
                return .rollback
            }
            try expectEqual(strayErrors.current, Array(repeating: .SQLITE_ABORT, count: 4))
            try expectEqual(db.isInsideTransaction, false)
            // Outside of the transaction block, statements run in autocommit mode, as they should.
            try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
        }
        try expectEqual(try playerNames(writer), ["Arthur", "Barbara"])
    },
    ConformanceCheck("a savepoint whose transaction SQLite rolled back fails, and so does the write around it") {
        factory in
        let writer = try makeAbortingDatabase(factory)
        let strayErrors = Locked<[ResultCode]>([])
        let savepointError = Locked<ResultCode?>(nil)
        let error = try expectDatabaseError {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Cecile')")
                do {
                    try db.inSavepoint {
                        try abortThenGoOn(db, .interrupt, strayErrors: strayErrors)
                        return .commit
                    }
                } catch let error as DatabaseError {
                    savepointError.current = error.resultCode
                }
                try db.execute(sql: "INSERT INTO player (name) VALUES ('Stray after the savepoint')")
            }
        }
        try expectEqual(error.resultCode, .SQLITE_ABORT)
        try expectEqual(savepointError.current, .SQLITE_ABORT)
        try expectEqual(strayErrors.current, [.SQLITE_ABORT, .SQLITE_ABORT])
        try expectEqual(try playerNames(writer), ["Arthur"])
    },
    ConformanceCheck("the async and callback forms of a write do not commit after SQLite rolled back") { factory in
        let writer = try makeAbortingDatabase(factory)
        let strayErrors = Locked<[ResultCode]>([])
        let asyncCode = try asyncErrorCode {
            _ = try await writer.write { db in try abortThenGoOn(db, .orRollback, strayErrors: strayErrors) }
        }
        try expectEqual(asyncCode, .SQLITE_ABORT)

        let callbackResult = BackgroundWork<ResultCode?> {
            let done = DispatchSemaphore(value: 0)
            let code = Locked<ResultCode?>(nil)
            writer.asyncWrite({ db in try abortThenGoOn(db, .raiseRollback, strayErrors: strayErrors) }) { _, result in
                if case .failure(let error as DatabaseError) = result { code.current = error.resultCode }
                done.signal()
            }
            try expectSignal(done, "asyncWrite did not complete")
            return code.current
        }
        try expectEqual(try callbackResult.wait(), .SQLITE_ABORT)

        let recorder = writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try abortThenGoOn(db, .interrupt, strayErrors: strayErrors)
        }.record()
        try expectEqual((try recorder.waitForCompletion().failure as? DatabaseError)?.resultCode, .SQLITE_ABORT)

        try expectEqual(strayErrors.current, Array(repeating: .SQLITE_ABORT, count: 6))
        try expectEqual(try playerNames(writer), ["Arthur"])
    },
    ConformanceCheck("observers see nothing of a write that goes on after SQLite rolled back") { factory in
        let writer = try makeAbortingDatabase(factory)
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        let recorder =
            ValueObservation
            .tracking { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY rowid") }
            .record(in: writer)
        defer { recorder.cancel() }
        _ = try recorder.waitForNext(where: { $0 == ["Arthur"] })

        for abort in TransactionAbort.allCases {
            _ = try expectDatabaseError {
                try writer.write { db in try abortThenGoOn(db, abort, strayErrors: Locked([])) }
            }
            // The observer was told of the changes that SQLite rolled back (the insertion, and the
            // update of the interrupted statement), then of the rollback.
            let rolledBackChanges = ["insert player 2"] + (abort == .interrupt ? ["update player 1"] : [])
            try expectEqual(observer.takeLog(), rolledBackChanges + ["rollback"])
        }
        // A later commit is seen, and it is the first change that the observation notifies.
        try writer.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Zoe')") }
        _ = try recorder.waitForNext(where: { $0 == ["Arthur", "Zoe"] })
        let values = recorder.values
        try expect(!values.joined().contains { $0.hasPrefix("Stray") }, "a value holds a stray row: \(values)")
        try expectEqual(observer.takeLog().suffix(1), ["commit"])
    },
]

/// The ways SQLite ends a transaction by itself, each after an insertion of "Barbara".
private enum TransactionAbort: CaseIterable {
    /// `INSERT OR ROLLBACK` that violates a constraint.
    case orRollback
    /// A trigger that runs `RAISE(ROLLBACK, …)`.
    case raiseRollback
    /// A statement that changes the database, interrupted (`sqlite3_interrupt`).
    case interrupt

    var sql: String {
        switch self {
        case .orRollback: "INSERT OR ROLLBACK INTO player (name) VALUES ('Arthur')"
        case .raiseRollback: "INSERT INTO player (name) VALUES ('Rollback')"
        case .interrupt: "UPDATE player SET name = name || interrupt_now()"
        }
    }
}

/// A database with the table `player` holding "Arthur", a trigger that rolls back an insertion of
/// "Rollback", and the function `interrupt_now()`, which interrupts its own statement.
private func makeAbortingDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter { configuration in
        configuration.prepareDatabase { db in
            // The connection, as an address: the function interrupts the connection that runs it.
            let connection = UInt(bitPattern: db.sqliteConnection)
            let interrupt = db.driver.api.interrupt
            db.add(
                function: DatabaseFunction("interrupt_now", argumentCount: 0) { _ in
                    interrupt(OpaquePointer(bitPattern: connection))
                    return ""
                })
        }
    }
    try writer.write { db in
        try db.execute(
            sql: """
                CREATE TABLE player (name TEXT NOT NULL UNIQUE);
                CREATE TRIGGER rollback_insertion BEFORE INSERT ON player WHEN NEW.name = 'Rollback'
                BEGIN SELECT RAISE(ROLLBACK, 'rolled back by the trigger'); END;
                INSERT INTO player (name) VALUES ('Arthur');
                """)
    }
    return writer
}

/// Inserts "Barbara", runs the statement that makes SQLite roll back the transaction, catches its
/// error, then tries two more insertions, recording their errors: what an application that ignores
/// an error does.
private func abortThenGoOn(_ db: Database, _ abort: TransactionAbort, strayErrors: Locked<[ResultCode]>) throws {
    try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')")
    do {
        try db.execute(sql: abort.sql)
        throw ConformanceFailure(description: "\(abort) did not fail", location: #fileID)
    } catch let error as DatabaseError {
        try expect(!db.isInsideTransaction, "\(abort) did not end the transaction: \(error)")
    }
    for name in ["Stray", "Stray again"] {
        do {
            try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: [name])
        } catch let error as DatabaseError {
            strayErrors.withLock { $0.append(error.resultCode) }
        }
    }
}

private func playerNames(_ reader: any DatabaseReader) throws -> [String] {
    try reader.read { db in try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY rowid") }
}
