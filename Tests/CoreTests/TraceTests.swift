import Foundation
import ReactiveSQLite
import Testing

/// Collects trace events. The trace callback runs on the connection's queue, inside the database
/// access: the events are read after the access returns.
private final class TraceLog {
    var events: [Database.TraceEvent] = []

    var statements: [Database.TracedStatement] {
        events.compactMap { event in
            if case .statement(let statement) = event { return statement }
            return nil
        }
    }

    var profiles: [(statement: Database.TracedStatement, duration: Double)] {
        events.compactMap { event in
            if case .profile(let statement, let duration) = event { return (statement, duration) }
            return nil
        }
    }
}

private func queue(publicStatementArguments: Bool = false) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.publicStatementArguments = publicStatementArguments
    return try DatabaseQueue(configuration: configuration)
}

@Suite struct TraceTests {
    @Test func traceReportsExecutedStatements() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            try db.execute(sql: "CREATE TABLE t (a)")
            try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
            _ = try Int.fetchAll(db, sql: "SELECT a FROM t")
            db.trace(nil)
        }
        #expect(log.statements.map(\.sql) == ["CREATE TABLE t (a)", "INSERT INTO t (a) VALUES (1)", "SELECT a FROM t"])
        #expect(log.profiles.isEmpty)
    }

    @Test func triggersAndTheirStatementsAreReportedAsComments() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a); CREATE TABLE u (a)")
            try db.execute(sql: "CREATE TRIGGER copy AFTER INSERT ON t BEGIN INSERT INTO u VALUES (new.a); END")
            db.trace { log.events.append($0) }
            try db.execute(sql: "INSERT INTO t (a) VALUES (1), (2)")
            db.trace(nil)
        }
        // Not the firing statement again, once per trigger and per statement of the trigger.
        let trigger = ["-- TRIGGER copy", "-- INSERT INTO u VALUES (new.a)"]
        #expect(log.statements.map(\.sql) == ["INSERT INTO t (a) VALUES (1), (2)"] + trigger + trigger)
    }

    @Test func aStatementThatStartsWithACommentIsNoTrigger() throws {
        let dbQueue = try queue(publicStatementArguments: true)
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            _ = try Int.fetchOne(db, sql: "-- the answer\nSELECT ?", arguments: [42])
            db.trace(nil)
        }
        #expect(log.statements.map(\.expandedSQL) == ["-- the answer\nSELECT 42"])
    }

    @Test func traceReportsTransactionStatementsOfAccesses() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in db.trace { log.events.append($0) } }
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let sql = log.statements.map(\.sql)
        #expect(sql.contains("CREATE TABLE t (a)"))
        let begin = try #require(sql.firstIndex { $0.hasPrefix("BEGIN") })
        let create = try #require(sql.firstIndex(of: "CREATE TABLE t (a)"))
        let commit = try #require(sql.firstIndex { $0.hasPrefix("COMMIT") })
        #expect(begin < create && create < commit)
    }

    @Test func argumentsAreHiddenByDefault() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            db.trace { log.events.append($0) }
            try db.execute(sql: "INSERT INTO t (a) VALUES (?)", arguments: ["s3cret"])
            db.trace(nil)
        }
        let statement = try #require(log.statements.first)
        #expect(log.statements.count == 1)
        #expect(statement.sql == "INSERT INTO t (a) VALUES (?)")
        #expect(statement.expandedSQL == "INSERT INTO t (a) VALUES (?)")
        #expect(statement.description == "INSERT INTO t (a) VALUES (?)")
        #expect(!log.events.map(\.description).joined().contains("s3cret"))
    }

    @Test func publicArgumentsAppearInTheExpandedSQL() throws {
        let dbQueue = try queue(publicStatementArguments: true)
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c)")
            db.trace { log.events.append($0) }
            try db.execute(sql: "INSERT INTO t (a, b, c) VALUES (?, :b, ?)", arguments: ["it's", 42] + ["b": 1.5])
            db.trace(nil)
        }
        let statement = try #require(log.statements.first)
        #expect(statement.sql == "INSERT INTO t (a, b, c) VALUES (?, :b, ?)")
        #expect(statement.expandedSQL == "INSERT INTO t (a, b, c) VALUES ('it''s', 1.5, 42)")
        #expect(statement.description == statement.expandedSQL)
        #expect(log.events.first?.description == statement.expandedSQL)
    }

    @Test func profileEventsHaveADuration() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace(options: .profile) { log.events.append($0) }
            _ = try Int.fetchOne(
                db,
                sql:
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 500000) SELECT SUM(x) FROM c"
            )
            db.trace(nil)
        }
        #expect(log.statements.isEmpty)
        let profile = try #require(log.profiles.first)
        #expect(log.profiles.count == 1)
        #expect(profile.statement.sql.hasPrefix("WITH RECURSIVE c(x)"))
        // SQLite measures with the clock of its VFS (milliseconds on Unix): the query lasts longer than that.
        #expect(profile.duration > 0)
        #expect(profile.duration < 60)
        let description = try #require(log.events.first?.description)
        #expect(description.hasSuffix("s \(profile.statement.sql)"))
        #expect(description.hasPrefix(String(format: "%.3f", profile.duration) + "s "))
    }

    @Test func statementAndProfileEventsTogether() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace(options: [.statement, .profile]) { log.events.append($0) }
            try db.execute(sql: "SELECT 1")
            db.trace(nil)
        }
        #expect(log.events.count == 2)
        guard log.events.count == 2 else { return }
        guard case .statement(let started) = log.events[0], case .profile(let ended, _) = log.events[1] else {
            Issue.record("expected a statement event, then a profile event: \(log.events)")
            return
        }
        #expect(started.sql == "SELECT 1")
        #expect(ended.sql == "SELECT 1")
    }

    @Test func traceNilStopsTracing() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            try db.execute(sql: "SELECT 'traced'")
            db.trace(nil)
            try db.execute(sql: "SELECT 'not traced'")
        }
        try dbQueue.writeWithoutTransaction { db in try db.execute(sql: "SELECT 'still not traced'") }
        #expect(log.statements.map(\.sql) == ["SELECT 'traced'"])
    }

    @Test func aNewTraceReplacesThePreviousOne() throws {
        let dbQueue = try queue()
        let first = TraceLog()
        let second = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace { first.events.append($0) }
            try db.execute(sql: "SELECT 1")
            db.trace { second.events.append($0) }
            try db.execute(sql: "SELECT 2")
            db.trace(nil)
        }
        #expect(first.statements.map(\.sql) == ["SELECT 1"])
        #expect(second.statements.map(\.sql) == ["SELECT 2"])
    }

    @Test func traceSuspensionsNest() throws {
        let dbQueue = try queue()
        let log = TraceLog()
        try dbQueue.writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            try db.withTraceSuspended {
                db.withTraceSuspended {}
                // The trace is still suspended after the inner suspension (SQLCipher 3.4 crashes
                // when its export runs traced, and the export runs inside nested suspensions).
                try db.execute(sql: "SELECT 'suspended'")
            }
            try db.execute(sql: "SELECT 'traced'")
            db.trace(nil)
        }
        #expect(log.statements.map(\.sql) == ["SELECT 'traced'"])
    }
}
