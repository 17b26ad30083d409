import ReactiveSQLite
import Testing

/// The result codes keep SQLite's values (sqlite3.h), a primary code matches the extended codes of
/// its family, and `catch` patterns read the code of a `DatabaseError`, as in GRDB.
@Suite struct ResultCodeTests {
    @Test func codesKeepTheValuesOfSQLite() {
        #expect(ResultCode.SQLITE_NOTFOUND.rawValue == 12)
        #expect(ResultCode.SQLITE_DONE.rawValue == 101)
        #expect(ResultCode.SQLITE_IOERR_READ.rawValue == 266)
        #expect(ResultCode.SQLITE_ABORT_ROLLBACK.rawValue == 516)
        #expect(ResultCode.SQLITE_BUSY_SNAPSHOT.rawValue == 517)
        #expect(ResultCode.SQLITE_READONLY_DBMOVED.rawValue == 1032)
        #expect(ResultCode.SQLITE_CONSTRAINT_DATATYPE.rawValue == 3091)
        #expect(ResultCode.SQLITE_OK_SYMLINK.rawValue == 512)
        #expect(DatabaseError.SQLITE_IOERR_FSYNC == ResultCode.SQLITE_IOERR_FSYNC)
    }

    @Test func aPrimaryCodeMatchesItsFamily() {
        #expect(ResultCode.SQLITE_IOERR ~= .SQLITE_IOERR_SHORT_READ)
        #expect(!(ResultCode.SQLITE_IOERR_READ ~= .SQLITE_IOERR_SHORT_READ))
        #expect(!(ResultCode.SQLITE_BUSY ~= .SQLITE_LOCKED_SHAREDCACHE))
    }

    @Test func catchPatternsReadTheExtendedCodeOfTheError() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a NOT NULL UNIQUE)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        func caught(_ sql: String) -> String {
            do {
                try dbQueue.write { db in try db.execute(sql: sql) }
                return "none"
            } catch DatabaseError.SQLITE_CONSTRAINT_NOTNULL {
                return "not null"
            } catch DatabaseError.SQLITE_CONSTRAINT {
                return "other constraint"
            } catch {
                return "other"
            }
        }
        #expect(caught("INSERT INTO t VALUES (NULL)") == "not null")
        #expect(caught("INSERT INTO t VALUES (1)") == "other constraint")
        #expect(caught("INSERT INTO missing VALUES (1)") == "other")
        #expect(caught("INSERT INTO t VALUES (2)") == "none")
    }
}
