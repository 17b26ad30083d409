import ReactiveSQLite
import Testing

@testable import RSCore

/// The statements a connection keeps, on a real in-memory database: how each kind is found, and
/// that they are forgotten together.
@Suite struct StatementCacheTests {
    private func withDatabase(_ body: (Database) throws -> Void) throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            try body(db)
        }
    }

    private let insertKey = PersistenceStatementKey(kind: .insert(nil), table: "t", columns: ["a"], keyColumns: [])

    @Test func eachKindOfStatementIsFoundByItsOwnKey() throws {
        try withDatabase { db in
            var cache = StatementCache()
            let cached = try db.makeStatement(sql: "SELECT 1")
            let reusable = try db.makeStatement(sql: "SELECT 2")
            let persistence = try db.makeStatement(sql: insertKey.sql)
            cache.keepCachedStatement(cached, sql: "SELECT 1")
            cache.keepReusableStatement(reusable, sql: "SELECT 2")
            cache.keepPersistenceStatement(persistence, for: insertKey)
            #expect(cache.cachedStatement(sql: "SELECT 1") === cached)
            #expect(cache.cachedStatement(sql: "SELECT 2") == nil)
            #expect(cache.reusableStatement(sql: "SELECT 2") === reusable)
            #expect(cache.reusableStatement(sql: "SELECT 1") == nil)
            #expect(cache.persistenceStatement(insertKey) === persistence)
            #expect(cache.lastPersistenceStatement { $0.table == "t" } === persistence)
            #expect(cache.lastPersistenceStatement { $0.table == "u" } == nil)
        }
    }

    @Test func aRunningReusableStatementIsNotHandedOut() throws {
        try withDatabase { db in
            try db.execute(sql: "INSERT INTO t VALUES (1), (2)")
            var cache = StatementCache()
            let statement = try db.makeStatement(sql: "SELECT a FROM t")
            cache.keepReusableStatement(statement, sql: "SELECT a FROM t")
            #expect(try statement.step())
            #expect(cache.reusableStatement(sql: "SELECT a FROM t") == nil)
            while try statement.step() {}
            #expect(cache.reusableStatement(sql: "SELECT a FROM t") === statement)
        }
    }

    @Test func reusableStatementsAreForgottenWhenTooMany() throws {
        try withDatabase { db in
            var cache = StatementCache()
            for index in 0..<StatementCache.reusableCapacity {
                cache.keepReusableStatement(try db.makeStatement(sql: "SELECT \(index)"), sql: "SELECT \(index)")
            }
            #expect(cache.reusableStatement(sql: "SELECT 0") != nil)
            let last = try db.makeStatement(sql: "SELECT -1")
            cache.keepReusableStatement(last, sql: "SELECT -1")
            #expect(cache.reusableStatement(sql: "SELECT 0") == nil)
            #expect(cache.reusableStatement(sql: "SELECT -1") === last)
        }
    }

    @Test func transactionStatementsAreFoundByKindAndNotHandedOutWhileTheyRun() throws {
        try withDatabase { db in
            try db.execute(sql: "INSERT INTO t VALUES (1), (2)")
            var cache = StatementCache()
            let commit = try db.makeStatement(sql: "SELECT a FROM t")  // a statement that can be left running
            cache.keepTransactionStatement(commit, for: .commit)
            #expect(cache.transactionStatement(.commit) === commit)
            #expect(cache.transactionStatement(.rollback) == nil)
            #expect(try commit.step())
            #expect(cache.transactionStatement(.commit) == nil)
            while try commit.step() {}
            #expect(cache.transactionStatement(.commit) === commit)
        }
    }

    @Test func aConnectionRunsTheSameTransactionStatementsAgain() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) { .commit }
            let begin = db.statementCache.transactionStatement(.beginImmediate)
            let commit = db.statementCache.transactionStatement(.commit)
            #expect(begin?.sql == "BEGIN IMMEDIATE TRANSACTION")
            #expect(commit?.sql == "COMMIT TRANSACTION")
            try db.inTransaction(.immediate) { .commit }
            #expect(db.statementCache.transactionStatement(.beginImmediate) === begin)
            #expect(db.statementCache.transactionStatement(.commit) === commit)
            try db.inTransaction(.exclusive) { .rollback }
            #expect(db.statementCache.transactionStatement(.beginExclusive)?.sql == "BEGIN EXCLUSIVE TRANSACTION")
            #expect(db.statementCache.transactionStatement(.rollback)?.sql == "ROLLBACK TRANSACTION")
        }
    }

    @Test func statementsAreForgottenTogether() throws {
        try withDatabase { db in
            var cache = StatementCache()
            func fill() throws {
                cache.keepCachedStatement(try db.makeStatement(sql: "DELETE FROM t"), sql: "DELETE FROM t")
                cache.keepCachedStatement(try db.makeStatement(sql: "SELECT 1"), sql: "SELECT 1")
                cache.keepReusableStatement(try db.makeStatement(sql: "DELETE FROM t WHERE a = 1"), sql: "d")
                cache.keepReusableStatement(try db.makeStatement(sql: "SELECT 2"), sql: "SELECT 2")
                cache.keepPersistenceStatement(try db.makeStatement(sql: "DELETE FROM t WHERE a = 2"), for: insertKey)
                cache.keepTransactionStatement(try db.makeStatement(sql: "COMMIT"), for: .commit)
            }
            try fill()
            cache.removeAll { $0.sql.hasPrefix("DELETE") }
            #expect(cache.cachedStatement(sql: "DELETE FROM t") == nil)
            #expect(cache.reusableStatement(sql: "d") == nil)
            #expect(cache.persistenceStatement(insertKey) == nil)
            #expect(cache.lastPersistenceStatement { _ in true } == nil)
            #expect(cache.cachedStatement(sql: "SELECT 1") != nil)
            #expect(cache.reusableStatement(sql: "SELECT 2") != nil)
            try fill()
            cache.removeAll()
            #expect(cache.cachedStatement(sql: "SELECT 1") == nil)
            #expect(cache.reusableStatement(sql: "SELECT 2") == nil)
            #expect(cache.persistenceStatement(insertKey) == nil)
            #expect(cache.transactionStatement(.commit) == nil)
        }
    }
}
