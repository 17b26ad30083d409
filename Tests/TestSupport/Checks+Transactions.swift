import Foundation
import RSCore

/// Transactions and savepoints.
let transactionChecks: [ConformanceCheck] = [
    ConformanceCheck("a write whose closure throws leaves the database as it was") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        struct Failure: Error {}
        do {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "DELETE FROM t WHERE a = 1")
                try db.execute(sql: "CREATE TABLE u (b INTEGER); INSERT INTO u VALUES (3)")
                try db.execute(sql: "ALTER TABLE t ADD COLUMN c TEXT")
                throw Failure()
            }
            throw ConformanceFailure(description: "the write did not throw", location: #fileID)
        } catch is Failure {}
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try expectEqual(try writer.read { db in try db.tableExists("u") }, false)
        try expectEqual(try writer.read { db in try Row.fetchOne(db, sql: "SELECT * FROM t")?.columnNames }, ["a"])
        try writer.writeWithoutTransaction { db in try expectEqual(db.isInsideTransaction, false) }
    },
    ConformanceCheck("a write that fails on a database error undoes its earlier statements") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER UNIQUE); INSERT INTO t VALUES (1)") }
        let error = try expectDatabaseError {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "UPDATE t SET a = 10 WHERE a = 1")
                try db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_UNIQUE)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
    },
    ConformanceCheck("inTransaction returning .rollback undoes its changes") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try writer.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "DELETE FROM t WHERE a = 1")
                try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [2])
                return .rollback
            }
            try expectEqual(db.isInsideTransaction, false)
            try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck("inTransaction returning .commit keeps its changes, and a thrown error rolls it back") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        struct Failure: Error {}
        try writer.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
            _ = try expectError(Failure.self) {
                try db.inTransaction {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            }
            try expectEqual(db.isInsideTransaction, false)
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck("a savepoint rolled back inside a transaction keeps the changes around it") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "DELETE FROM t WHERE a = 1")
                return .rollback
            }
            try expectEqual(db.isInsideTransaction, true)
            try db.execute(sql: "INSERT INTO t VALUES (3)")
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 3])
    },
    ConformanceCheck("a savepoint whose block throws undoes its changes, and the transaction goes on") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        struct Failure: Error {}
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            _ = try expectError(Failure.self) {
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    throw Failure()
                }
            }
            try db.execute(sql: "INSERT INTO t VALUES (3)")
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 3])
    },
    ConformanceCheck("a committed savepoint releases its changes into the transaction, which can still undo them") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try writer.write { db in
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .commit
            }
            try expectEqual(db.isInsideTransaction, true)
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try writer.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    return .commit
                }
                try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a"), [1, 2])
                return .rollback
            }
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck("nested savepoints: an inner rollback keeps the outer savepoint's changes") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try writer.write { db in
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try db.inSavepoint {
                    try db.execute(sql: "INSERT INTO t VALUES (2)")
                    try db.inSavepoint {
                        try db.execute(sql: "INSERT INTO t VALUES (3)")
                        return .commit
                    }
                    return .rollback
                }
                try db.execute(sql: "INSERT INTO t VALUES (4)")
                return .commit
            }
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 4])
    },
    ConformanceCheck("a savepoint outside of a transaction is a transaction of its own") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try writer.writeWithoutTransaction { db in
            try db.inSavepoint {
                try expectEqual(db.isInsideTransaction, true)
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .rollback
            }
            try expectEqual(db.isInsideTransaction, false)
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                return .commit
            }
            try expectEqual(db.isInsideTransaction, false)
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [2])
    },
    ConformanceCheck("each transaction kind opens a transaction that commits or rolls back") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (kind TEXT)") }
        let kinds: [Database.TransactionKind] = [.deferred, .immediate, .exclusive]
        for kind in kinds {
            try writer.writeWithoutTransaction { db in
                for completion in [Database.TransactionCompletion.rollback, .commit] {
                    try db.inTransaction(kind) {
                        try expectEqual(db.isInsideTransaction, true)
                        try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [kind.rawValue])
                        return completion
                    }
                    try expectEqual(db.isInsideTransaction, false)
                }
            }
        }
        try expectEqual(
            try writer.read { db in try String.fetchAll(db, sql: "SELECT kind FROM t ORDER BY rowid") },
            ["DEFERRED", "IMMEDIATE", "EXCLUSIVE"])
    },
    ConformanceCheck(
        "immediate and exclusive transactions take the write lock at once, deferred ones do not",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        // A pool waits for locks (10 s by default): the other connection gives up sooner.
        let other = try factory.makeWriter { $0.busyMode = .timeout(0.05) }
        let kinds: [Database.TransactionKind] = [.deferred, .immediate, .exclusive]
        for kind in kinds {
            let otherCouldWrite = try writer.writeWithoutTransaction { db -> Bool in
                var otherCouldWrite = false
                try db.inTransaction(kind) {
                    do {
                        try other.write { db in try db.execute(sql: "INSERT INTO t VALUES (0)") }
                        otherCouldWrite = true
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                        otherCouldWrite = false
                    }
                    try db.execute(sql: "INSERT INTO t VALUES (1)")
                    return .commit
                }
                return otherCouldWrite
            }
            try expect(otherCouldWrite == (kind == .deferred), "another connection could write: \(kind)")
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT SUM(a) FROM t") }, 3)
    },
    ConformanceCheck(
        "a busy callback is asked, with the number of its earlier tries, whether a locked access waits",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        // A callback that gives up after three tries: the write fails with SQLITE_BUSY.
        let tries = Locked<[Int]>([])
        let impatient = try factory.makeWriter {
            $0.busyMode = .callback { numberOfTries in
                tries.withLock { $0.append(numberOfTries) }
                return numberOfTries < 3
            }
        }
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                try expectDatabaseError(.SQLITE_BUSY) {
                    try impatient.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                }
                return .commit
            }
        }
        try expectEqual(tries.current, [0, 1, 2, 3])
        // A callback that waits: the write succeeds once the lock is released.
        let locked = DispatchSemaphore(value: 0)
        let asked = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.writeWithoutTransaction { db in
                try db.inTransaction(.exclusive) {
                    locked.signal()
                    _ = asked.wait(timeout: .now() + checkTimeout)
                    return .commit
                }
            }
        }
        try expectSignal(locked, "the other connection did not lock the database")
        let patient = try factory.makeWriter {
            $0.busyMode = .callback { numberOfTries in
                if numberOfTries == 0 { asked.signal() }
                Thread.sleep(forTimeInterval: 0.001)
                return true
            }
        }
        try patient.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [2])
    },
    ConformanceCheck("a COMMIT that fails on a deferred foreign key leaves nothing behind") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE child (parentId INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                    CREATE TABLE log (a INTEGER);
                    """)
        }
        let error = try expectDatabaseError {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO log VALUES (1)")
                try db.execute(sql: "INSERT INTO child VALUES (42)")
            }
        }
        try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        try expect(error.message?.isEmpty == false, "message of \(error)")
        try writer.writeWithoutTransaction { db in
            try expectEqual(db.isInsideTransaction, false)
            let error = try expectDatabaseError {
                try db.inTransaction {
                    try db.execute(sql: "INSERT INTO log VALUES (2)")
                    try db.execute(sql: "INSERT INTO child VALUES (43)")
                    return .commit
                }
            }
            try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
            try expectEqual(db.isInsideTransaction, false)
        }
        try writer.read { db in
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM log"), 0)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child"), 0)
        }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO child VALUES (1); INSERT INTO parent VALUES (1)")
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT parentId FROM child") }, [1])
    },
    ConformanceCheck("isInsideTransaction tells whether a transaction is open") { factory in
        let writer = try factory.makeWriter()
        try writer.writeWithoutTransaction { db in
            try expectEqual(db.isInsideTransaction, false)
            try db.beginTransaction()
            try expectEqual(db.isInsideTransaction, true)
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            try db.commit()
            try expectEqual(db.isInsideTransaction, false)
            try db.beginTransaction(.immediate)
            try expectEqual(db.isInsideTransaction, true)
            try db.rollback()
            try expectEqual(db.isInsideTransaction, false)
        }
        try writer.write { db in try expectEqual(db.isInsideTransaction, true) }
        try writer.read { db in try expectEqual(db.isInsideTransaction, true) }
        try expectEqual(try writer.read { db in try db.tableExists("t") }, true)
    },
    ConformanceCheck("a transaction left open at the end of an access is rolled back, and the access fails") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        // The synchronous writeWithoutTransaction rethrows: it stops the program instead (see
        // RethrowingAccessPreconditionTests). The barrier write throws.
        let error = try expectDatabaseError {
            try writer.barrierWriteWithoutTransaction { db in
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO t VALUES (1)")
            }
        }
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
        let code = try asyncErrorCode {
            try await writer.writeWithoutTransaction { db in
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        try expectEqual(code, .SQLITE_MISUSE)
        // An access that throws with a transaction open fails with its own error, and the
        // transaction is rolled back too.
        struct AccessError: Error {}
        try expectError(AccessError.self) {
            try writer.barrierWriteWithoutTransaction { db in
                try db.beginTransaction()
                try db.execute(sql: "INSERT INTO t VALUES (4)")
                throw AccessError()
            }
        }
        // The database is as it was, and the connection opens transactions again.
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [3])
    },
    ConformanceCheck("with allowsUnsafeTransactions, a transaction ends in a later access") { factory in
        let writer = try factory.makeWriter { $0.allowsUnsafeTransactions = true }
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            try db.beginTransaction()
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try writer.writeWithoutTransaction { db in try db.commit() }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck("erase() drops every table, view, trigger and index, and leaves foreign keys as they were") {
        factory in
        let writer = try factory.makeWriter()
        for foreignKeys in [true, false] {
            try writer.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = \(foreignKeys ? "ON" : "OFF")")
                // With foreign keys on, dropping the parent first fails, unless erase() turns them off.
                try db.execute(
                    sql: """
                        CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
                        CREATE TABLE child (parentId INTEGER REFERENCES parent(id));
                        CREATE INDEX childParent ON child (parentId);
                        CREATE VIEW parentName AS SELECT name FROM parent;
                        CREATE TRIGGER childInserted AFTER INSERT ON child BEGIN SELECT 1; END;
                        INSERT INTO parent VALUES (1, 'a');
                        INSERT INTO child VALUES (1);
                        """)
            }
            try writer.erase()
            try writer.writeWithoutTransaction { db in
                try expectEqual(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys"), foreignKeys)
                try expectEqual(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master"), [])
            }
            try expectEqual(
                try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }, 0)
        }
    },
]
