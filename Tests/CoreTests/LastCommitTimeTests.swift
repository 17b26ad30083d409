import RSTesting
import Testing

@testable import RSCore

/// The time of the last commit of a connection, which observations of a pool read to fetch on
/// the writer right after a commit.
@Suite struct LastCommitTimeTests {
    @Test func aWriterKnowsHowLongAgoItsLastCommitEnded() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            #expect(db.secondsSinceLastCommit == .infinity)
            try db.execute(sql: "CREATE TABLE t (a)")
            let afterCommit = db.secondsSinceLastCommit
            #expect(afterCommit >= 0 && afterCommit < 60)
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return .rollback
            }
            // A rollback is not a commit.
            #expect(db.secondsSinceLastCommit >= afterCommit)
            try db.inTransaction { .commit }  // a commit without any change counts
            #expect(db.secondsSinceLastCommit < 60)
        }
    }

    @Test func aReaderOfAPoolHasNoCommit() throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbPool = try DatabasePool(path: directory.databasePath)
        try dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        try dbPool.read { db in #expect(db.secondsSinceLastCommit == .infinity) }
        dbPool.writeWithoutTransaction { db in #expect(db.secondsSinceLastCommit < 60) }
    }
}
