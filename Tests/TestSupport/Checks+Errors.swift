import Foundation
import RSCore

/// Errors: each failure is a `DatabaseError` with its result code, a message, and the SQL involved.
let errorChecks: [ConformanceCheck] = [
    ConformanceCheck("invalid SQL fails with SQLITE_ERROR, a message and the SQL") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            let error = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELEC * FROM nowhere", messageContains: "syntax error"
            ) { try db.execute(sql: "SELEC * FROM nowhere") }

            let missingTable = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELECT * FROM nowhere", messageContains: "no such table"
            ) { _ = try Row.fetchAll(db, sql: "SELECT * FROM nowhere") }

            let prepared = try expectDatabaseError(.SQLITE_ERROR, sql: "INSERT INTO") {
                _ = try db.makeStatement(sql: "INSERT INTO")
            }
        }
    },
    ConformanceCheck("an invalid statement among several reports its own SQL, and the write rolls back") { factory in
        let writer = try factory.makeWriter()
        let error = try expectDatabaseError {
            try writer.write { db in
                try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1); SELEC 2")
            }
        }
        try expectEqual(error.resultCode, .SQLITE_ERROR)
        try expect(error.sql?.hasPrefix("SELEC 2") == true, "sql of \(error)")
        try expectEqual(try writer.read { db in try db.tableExists("t") }, false)
    },
    ConformanceCheck("too many positional arguments fail with SQLITE_MISUSE and change nothing") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let sql = "INSERT INTO t (a) VALUES (?)"
        let executeError = try expectDatabaseError(.SQLITE_MISUSE, sql: sql) {
            try writer.write { db in try db.execute(sql: sql, arguments: [1, 2]) }
        }
        try writer.write { db in
            let statement = try db.makeStatement(sql: sql)
            let error = try expectDatabaseError(.SQLITE_MISUSE, sql: sql) { try statement.execute(arguments: [1, 2]) }
            let fetchError = try expectDatabaseError(.SQLITE_MISUSE, sql: "SELECT ?") {
                _ = try Int.fetchAll(db, sql: "SELECT ?", arguments: [1, 2])
            }
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    },
    ConformanceCheck("too few positional arguments fail with SQLITE_MISUSE and change nothing") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER, b INTEGER)") }
        let sql = "INSERT INTO t (a, b) VALUES (?, ?)"
        let executeError = try expectDatabaseError(.SQLITE_MISUSE, sql: sql) {
            try writer.write { db in try db.execute(sql: sql, arguments: [1]) }
        }
        try writer.write { db in
            let noArguments = try expectDatabaseError(.SQLITE_MISUSE, sql: sql) { try db.execute(sql: sql) }
            let fetchError = try expectDatabaseError(.SQLITE_MISUSE, sql: "SELECT ?, ?") {
                _ = try Row.fetchOne(db, sql: "SELECT ?, ?", arguments: [1])
            }
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    },
    ConformanceCheck("a missing named argument fails with SQLITE_MISUSE, naming the argument") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER, b INTEGER)") }
        let sql = "INSERT INTO t (a, b) VALUES (:alpha, :beta)"
        let error = try expectDatabaseError(.SQLITE_MISUSE, sql: sql, messageContains: "beta") {
            try writer.write { db in try db.execute(sql: sql, arguments: ["alpha": 1]) }
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    },
    ConformanceCheck("NULL decoded into a non-optional record property fails with SQLITE_MISMATCH") { factory in
        let writer = try factory.makeWriter()
        let sql = "SELECT 1 AS id, NULL AS name"
        try writer.read { db in
            let handWritten = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql, messageContains: "name") {
                _ = try HandWrittenName.fetchOne(db, sql: sql)
            }
            let decodable = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql, messageContains: "name") {
                _ = try DecodableName.fetchAll(db, sql: sql)
            }
            let row = try Row.fetchOne(db, sql: sql)!
            let rowError = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql) {
                _ = try row.decode(String.self, forColumn: "name")
            }
            try expectEqual(try row.decode(String?.self, forColumn: "name"), nil)
        }
    },
    ConformanceCheck("text decoded as an integer fails with SQLITE_MISMATCH") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES ('abc')")
        }
        try writer.read { db in
            let sql = "SELECT a FROM t"
            let valueError = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql) { _ = try Int.fetchOne(db, sql: sql) }
            let allError = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql) { _ = try Int.fetchAll(db, sql: sql) }
            let recordError = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql) {
                _ = try DecodableInteger.fetchOne(db, sql: sql)
            }
            let row = try Row.fetchOne(db, sql: sql)!
            let rowError = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql) {
                _ = try row.decode(Int.self, atIndex: 0)
            }
        }
    },
    ConformanceCheck("a UNIQUE violation fails with SQLITE_CONSTRAINT_UNIQUE and leaves no row") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: constraintSchema) }
        let sql = "INSERT INTO parent (id, name) VALUES (2, 'Arthur')"
        let error = try expectDatabaseError(.SQLITE_CONSTRAINT_UNIQUE, sql: sql, messageContains: "parent.name") {
            try writer.write { db in try db.execute(sql: sql) }
        }
        try expect(error.isUniqueConstraintViolation)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT id FROM parent") }, [1])
    },
    ConformanceCheck("a duplicate primary key fails with SQLITE_CONSTRAINT_PRIMARYKEY") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: constraintSchema) }
        let sql = "INSERT INTO parent (id, name) VALUES (1, 'Barbara')"
        let error = try expectDatabaseError(.SQLITE_CONSTRAINT_PRIMARYKEY, sql: sql) {
            try writer.write { db in try db.execute(sql: sql) }
        }
        try expect(!error.isUniqueConstraintViolation)
    },
    ConformanceCheck("a NOT NULL violation fails with SQLITE_CONSTRAINT_NOTNULL") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: constraintSchema) }
        let sql = "INSERT INTO parent (name) VALUES (?)"
        let error = try expectDatabaseError(.SQLITE_CONSTRAINT_NOTNULL, sql: sql, messageContains: "parent.name") {
            try writer.write { db in try db.execute(sql: sql, arguments: [nil]) }
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM parent") }, 1)
    },
    ConformanceCheck("a CHECK violation fails with SQLITE_CONSTRAINT_CHECK") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: constraintSchema) }
        let sql = "INSERT INTO parent (name, score) VALUES ('Barbara', -1)"
        let error = try expectDatabaseError(.SQLITE_CONSTRAINT_CHECK, sql: sql) {
            try writer.write { db in try db.execute(sql: sql) }
        }
    },
    ConformanceCheck("foreign keys are enforced by default: a violation fails with SQLITE_CONSTRAINT_FOREIGNKEY") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: constraintSchema) }
        try expectEqual(try writer.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }, true)
        let sql = "INSERT INTO child (parentId) VALUES (42)"
        let error = try expectDatabaseError(.SQLITE_CONSTRAINT_FOREIGNKEY, sql: sql, messageContains: "FOREIGN KEY") {
            try writer.write { db in try db.execute(sql: sql) }
        }
        let deleteError = try expectDatabaseError {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO child (parentId) VALUES (1)")
                try db.execute(sql: "DELETE FROM parent")
            }
        }
        try expectEqual(deleteError.extendedResultCode, .SQLITE_CONSTRAINT_FOREIGNKEY)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child") }, 0)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM parent") }, 1)
    },
    ConformanceCheck("foreign keys are not enforced when the configuration disables them") { factory in
        let writer = try factory.makeWriter { $0.foreignKeysEnabled = false }
        try writer.write { db in
            try db.execute(sql: constraintSchema)
            try db.execute(sql: "INSERT INTO child (parentId) VALUES (42)")
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM child") }, 1)
    },
    ConformanceCheck("a file that is not a database fails to open with SQLITE_NOTADB", kinds: [.queueOnDisk, .pool]) {
        factory in
        let garbage = Data(String(repeating: "This is not a SQLite database. ", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: factory.path))
        let error = try expectDatabaseError { _ = try factory.makeWriter() }
        try expectEqual(error.resultCode, .SQLITE_NOTADB)
        try expect(error.message?.isEmpty == false, "message of \(error)")
        try expectEqual(try Data(contentsOf: URL(fileURLWithPath: factory.path)), garbage)
    },
    ConformanceCheck("writing to a read-only database fails with SQLITE_READONLY", kinds: [.queueOnDisk, .pool]) {
        factory in
        let writable = try factory.makeWriter()
        try writable.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let readonly = try factory.makeWriter { $0.readonly = true }
        try expectEqual(try readonly.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        let error = try expectDatabaseError {
            try readonly.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        }
        try expectEqual(error.resultCode, .SQLITE_READONLY)
        try expect(error.message?.isEmpty == false, "message of \(error)")
        let withoutTransaction = try expectDatabaseError(.SQLITE_READONLY, sql: "INSERT INTO t VALUES (3)") {
            try readonly.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        }
        try expectEqual(try writable.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck(
        "a read-only connection opens a database in rollback-journal mode, and leaves its mode as it is",
        kinds: [.queueOnDisk, .pool]
    ) { factory in
        let setUp = try DatabaseQueue(
            path: factory.path, configuration: factory.baseConfiguration, driver: factory.driver)
        try setUp.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        try setUp.close()
        let readonly = try factory.makeWriter { $0.readonly = true }
        try expectEqual(try readonly.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try expectEqual(try readonly.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }, "delete")
    },
    ConformanceCheck("writing inside read fails with SQLITE_READONLY, and the connection can write afterwards") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let error = try expectDatabaseError {
            try writer.read { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        }
        try expectEqual(error.resultCode, .SQLITE_READONLY)
        let schemaError = try expectDatabaseError {
            try writer.read { db in try db.execute(sql: "CREATE TABLE u (b INTEGER)") }
        }
        try expectEqual(schemaError.resultCode, .SQLITE_READONLY)
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 3])
        try expectEqual(try writer.read { db in try db.tableExists("u") }, false)
    },
    ConformanceCheck("a read inside a write fails with SQLITE_MISUSE instead of deadlocking") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let work = BackgroundWork { () -> DatabaseError in
            try expectDatabaseError {
                try writer.write { db in
                    try db.execute(sql: "INSERT INTO t VALUES (1)")
                    _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
                }
            }
        }
        let error = try work.wait("the reentrant read deadlocked")
        try expectEqual(error.resultCode, .SQLITE_MISUSE)
        try expect(error.message?.isEmpty == false, "message of \(error)")
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    },
    ConformanceCheck("a write inside a write or a read fails with SQLITE_MISUSE instead of deadlocking") { factory in
        let writer = try factory.makeWriter()
        let work = BackgroundWork { () -> [DatabaseError] in
            let inWrite = try expectDatabaseError { try writer.write { _ in try writer.write { _ in } } }
            let inRead = try expectDatabaseError {
                try writer.read { _ in try writer.write { _ in } }
            }
            let readInRead = try expectDatabaseError { try writer.read { _ in try writer.read { _ in } } }
            return [inWrite, inRead, readInRead]
        }
        let errors = try work.wait("a reentrant access deadlocked")
        try expectEqual(errors.map(\.resultCode), [.SQLITE_MISUSE, .SQLITE_MISUSE, .SQLITE_MISUSE])
    },
    ConformanceCheck("statement arguments are hidden from descriptions unless publicStatementArguments is true") {
        factory in
        let sql = "INSERT INTO t (a) VALUES (?)"
        let secret = "secret-4F2A"
        for isPublic in [false, true] {
            let writer = try factory.makeWriter { $0.publicStatementArguments = isPublic }
            try writer.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a TEXT UNIQUE); DELETE FROM t")
                try db.execute(sql: sql, arguments: [secret])
            }
            let error = try expectDatabaseError(.SQLITE_CONSTRAINT_UNIQUE, sql: sql) {
                try writer.write { db in try db.execute(sql: sql, arguments: [secret]) }
            }
            try expectEqual(error.arguments, [secret])
            try expect(error.description.contains(sql), "the description shows the SQL: \(error)")
            try expectEqual(error.description.contains(secret), isPublic)
            try expectEqual("\(error)".contains(secret), isPublic)

            let countError = try expectDatabaseError(.SQLITE_MISUSE, sql: "SELECT ?") {
                _ = try writer.read { db in try Row.fetchAll(db, sql: "SELECT ?", arguments: [secret, "other-7C1B"]) }
            }
            try expectEqual(countError.description.contains("other-7C1B"), isPublic)
        }
    },
    ConformanceCheck("catch DatabaseError.SQLITE_CONSTRAINT matches constraint violations only") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: constraintSchema) }
        func outcome(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "no error"
            } catch DatabaseError.SQLITE_ERROR {
                return "SQLITE_ERROR"
            } catch ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY {
                return "SQLITE_CONSTRAINT_FOREIGNKEY"
            } catch DatabaseError.SQLITE_CONSTRAINT {
                return "SQLITE_CONSTRAINT"
            } catch {
                return "other: \(error)"
            }
        }
        try expectEqual(
            outcome { try writer.write { db in try db.execute(sql: "INSERT INTO parent (name) VALUES ('Arthur')") } },
            "SQLITE_CONSTRAINT")
        try expectEqual(
            outcome { try writer.write { db in try db.execute(sql: "INSERT INTO child (parentId) VALUES (9)") } },
            "SQLITE_CONSTRAINT_FOREIGNKEY")
        try expectEqual(outcome { try writer.write { db in try db.execute(sql: "SELEC 1") } }, "SQLITE_ERROR")
        try expectEqual(outcome { throw CocoaError(.fileNoSuchFile) }.hasPrefix("other"), true)
        try expectEqual(outcome { try writer.write { db in try db.execute(sql: "SELECT 1") } }, "no error")
        let error = try expectDatabaseError {
            try writer.write { db in try db.execute(sql: "INSERT INTO parent (name) VALUES ('Arthur')") }
        }
        try expect(ResultCode.SQLITE_CONSTRAINT ~= error.extendedResultCode)
        try expect(ResultCode.SQLITE_CONSTRAINT_UNIQUE ~= error.extendedResultCode)
        try expect(!(ResultCode.SQLITE_CONSTRAINT_NOTNULL ~= error.extendedResultCode))
        try expect(!(ResultCode.SQLITE_ERROR ~= error.extendedResultCode))
    },
]

/// A parent table with UNIQUE, NOT NULL and CHECK constraints, one row (1, 'Arthur'), and a child
/// table with a foreign key to it.
private let constraintSchema = """
    CREATE TABLE parent (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        score INTEGER NOT NULL DEFAULT 0 CHECK (score >= 0));
    CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id));
    INSERT INTO parent (id, name) VALUES (1, 'Arthur');
    """

/// A record with a hand-written `init(row:)` and a non-optional name.
private struct HandWrittenName: FetchableRecord {
    var id: Int64
    var name: String

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }
}

/// A Decodable record with a non-optional name.
private struct DecodableName: Decodable, FetchableRecord {
    var id: Int64
    var name: String
}

/// A Decodable record with an integer column.
private struct DecodableInteger: Decodable, FetchableRecord {
    var a: Int
}
