import Foundation
import RSCore

/// `Configuration.journalMode`: a DatabaseQueue configured for WAL puts its file in WAL mode.
let journalModeChecks: [ConformanceCheck] = [
    ConformanceCheck("a writer in WAL mode commits with synchronous = NORMAL, a rollback journal with FULL") {
        factory in
        // SQLite's values of PRAGMA synchronous: 1 is NORMAL, 2 is FULL (its default).
        func synchronous(_ writer: any DatabaseWriter) throws -> Int? {
            try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        }
        switch factory.kind {
        case .queueOnDisk:
            try expectEqual(try synchronous(factory.makeWriter()), 2)
            try expectEqual(try synchronous(factory.makeWriter { $0.journalMode = .wal }), 1)
        case .queueInMemory:
            try expectEqual(try synchronous(factory.makeWriter()), 2)
        case .pool:
            try expectEqual(try synchronous(factory.makeWriter()), 1)
        }
    },
    ConformanceCheck("a DatabaseQueue configured for WAL puts its file in WAL mode", kinds: [.queueOnDisk]) {
        factory in
        do {
            let queue = try factory.makeWriter { $0.journalMode = .wal }
            try expectEqual(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "wal")
            try queue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
            try expect(FileManager.default.fileExists(atPath: factory.path + "-wal"), "no write-ahead log")
            try expectEqual(try queue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])

            // What WAL allows, and a rollback journal does not: a write commits while another
            // connection reads, and the reader keeps seeing the database as it was.
            let reader = try factory.makeOtherConnection()
            try reader.read { db in
                try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
                try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
                try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
            }
            try expectEqual(try reader.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
            try reader.close()
            try queue.close()
        }
        // The mode is a property of the file: a queue that does not ask for it finds it.
        let reopened = try factory.makeWriter()
        try expectEqual(try reopened.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "wal")
        try reopened.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        try expectEqual(try reopened.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2, 3])
    },
    ConformanceCheck(
        "a DatabaseQueue in rollback-journal mode cannot commit while another connection reads",
        kinds: [.queueOnDisk]
    ) { factory in
        // The counterpart of the WAL check above: the difference it sees is WAL's.
        let queue = try factory.makeWriter()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try expectEqual(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "delete")
        let reader = try factory.makeOtherConnection()
        try reader.read { db in
            try expectEqual(try Int.fetchAll(db, sql: "SELECT a FROM t"), [1])
            let error = try expectDatabaseError {
                try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
            }
            try expectEqual(error.resultCode, .SQLITE_BUSY)
        }
        try expectEqual(try queue.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck("a read-only DatabaseQueue ignores the WAL configuration, as in GRDB", kinds: [.queueOnDisk]) {
        factory in
        let setUp = try factory.makeWriter()
        try setUp.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try setUp.close()
        let readonly = try factory.makeWriter {
            $0.readonly = true
            $0.journalMode = .wal
        }
        try expectEqual(try readonly.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try expectEqual(try readonly.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "delete")
    },
    ConformanceCheck("an in-memory DatabaseQueue configured for WAL fails to open", kinds: [.queueInMemory]) {
        factory in
        let error = try expectDatabaseError(.SQLITE_ERROR, sql: "PRAGMA journal_mode = WAL", messageContains: "WAL") {
            _ = try factory.makeWriter { $0.journalMode = .wal }
        }
    },
]
