import Foundation
import RSCore

/// Tracing, through the driver's `trace_v2`, `sql` and `expanded_sql`: which statements are
/// reported, in which order, with which SQL, and when arguments show.
let traceChecks: [ConformanceCheck] = [
    ConformanceCheck("trace reports the statements that run, when they start") { factory in
        let log = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            try db.execute(sql: "CREATE TABLE t (a)")
            try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
            _ = try Int.fetchAll(db, sql: "SELECT a FROM t")
            db.trace(nil)
        }
        try expectEqual(
            log.statements.map(\.sql), ["CREATE TABLE t (a)", "INSERT INTO t (a) VALUES (1)", "SELECT a FROM t"])
        try expect(log.profiles.isEmpty, "profile events: \(log.events)")
    },
    ConformanceCheck("triggers and the statements of triggers are reported as comments") { factory in
        let log = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a); CREATE TABLE u (a)")
            try db.execute(sql: "CREATE TRIGGER copy AFTER INSERT ON t BEGIN INSERT INTO u VALUES (new.a); END")
            db.trace { log.events.append($0) }
            try db.execute(sql: "INSERT INTO t (a) VALUES (1), (2)")
            db.trace(nil)
        }
        // Not the firing statement again: once per firing of the trigger, and per statement of the
        // trigger since SQLite 3.22 (which shows them).
        let trigger =
            ["-- TRIGGER copy"]
            + (factory.driver.capabilities.isAtLeast(3, 22) ? ["-- INSERT INTO u VALUES (new.a)"] : [])
        try expectEqual(log.statements.map(\.sql), ["INSERT INTO t (a) VALUES (1), (2)"] + trigger + trigger)
    },
    ConformanceCheck("a statement that starts with a comment is reported as itself, not as a trigger") { factory in
        let log = TraceLog()
        try factory.makeWriter { $0.publicStatementArguments = true }.writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            _ = try Int.fetchOne(db, sql: "-- the answer\nSELECT ?", arguments: [42])
            db.trace(nil)
        }
        try expectEqual(log.statements.map(\.expandedSQL), ["-- the answer\nSELECT 42"])
    },
    ConformanceCheck("trace reports the transaction statements of accesses, around their statements") { factory in
        let writer = try factory.makeWriter()
        let log = TraceLog()
        writer.writeWithoutTransaction { db in db.trace { log.events.append($0) } }
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        writer.writeWithoutTransaction { db in db.trace(nil) }
        let sql = log.statements.map(\.sql)
        let begin = try unwrap(sql.firstIndex { $0.hasPrefix("BEGIN") }, "no BEGIN in \(sql)")
        let create = try unwrap(sql.firstIndex(of: "CREATE TABLE t (a)"), "no CREATE TABLE in \(sql)")
        let commit = try unwrap(sql.firstIndex { $0.hasPrefix("COMMIT") }, "no COMMIT in \(sql)")
        try expect(begin < create && create < commit, "BEGIN, CREATE TABLE, COMMIT are out of order: \(sql)")
    },
    ConformanceCheck("arguments are hidden from traces by default") { factory in
        let log = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a)")
            db.trace { log.events.append($0) }
            try db.execute(sql: "INSERT INTO t (a) VALUES (?)", arguments: ["s3cret"])
            db.trace(nil)
        }
        let sql = "INSERT INTO t (a) VALUES (?)"
        try expectEqual(log.statements.map(\.sql), [sql])
        try expectEqual(log.statements.map(\.expandedSQL), [sql])
        try expectEqual(log.statements.map(\.description), [sql])
        try expect(!log.events.map(\.description).joined().contains("s3cret"), "\(log.events)")
        try expect(!log.events.map(\.expandedDescription).joined().contains("s3cret"), "\(log.events)")
    },
    ConformanceCheck("public arguments appear in the expanded SQL of traces") { factory in
        let log = TraceLog()
        try factory.makeWriter { $0.publicStatementArguments = true }.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c)")
            db.trace { log.events.append($0) }
            try db.execute(sql: "INSERT INTO t (a, b, c) VALUES (?, :b, ?)", arguments: ["it's", 42] + ["b": 1.5])
            db.trace(nil)
        }
        let expandedSQL = "INSERT INTO t (a, b, c) VALUES ('it''s', 1.5, 42)"
        try expectEqual(log.statements.map(\.sql), ["INSERT INTO t (a, b, c) VALUES (?, :b, ?)"])
        try expectEqual(log.statements.map(\.expandedSQL), [expandedSQL])
        try expectEqual(log.statements.map(\.description), [expandedSQL])
        try expectEqual(log.events.map(\.description), [expandedSQL])
        try expectEqual(log.events.map(\.expandedDescription), [expandedSQL])
    },
    ConformanceCheck("profile events report each statement when it ends, with a duration") { factory in
        let log = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
            db.trace(options: .profile) { log.events.append($0) }
            _ = try Int.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2")
            try db.execute(sql: "SELECT 3")
            db.trace(nil)
        }
        try expect(log.statements.isEmpty, "statement events: \(log.events)")
        try expectEqual(log.profiles.map(\.statement.sql), ["SELECT 1 UNION ALL SELECT 2", "SELECT 3"])
        for (event, profile) in zip(log.events, log.profiles) {
            try expect(profile.duration >= 0, "negative duration: \(event)")
            // "0.001s SELECT 3"
            try expectEqual(event.description, String(format: "%.3f", profile.duration) + "s " + profile.statement.sql)
        }
    },
    ConformanceCheck("statement and profile events come together, the start before the end") { factory in
        let log = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
            db.trace(options: [.statement, .profile]) { log.events.append($0) }
            try db.execute(sql: "SELECT 1")
            try db.execute(sql: "SELECT 2")
            db.trace(nil)
        }
        let kinds = log.events.map { event -> String in
            switch event {
            case .statement(let statement): return "start \(statement.sql)"
            case .profile(let statement, _): return "end \(statement.sql)"
            }
        }
        try expectEqual(kinds, ["start SELECT 1", "end SELECT 1", "start SELECT 2", "end SELECT 2"])
    },
    ConformanceCheck("trace(nil) stops tracing") { factory in
        let writer = try factory.makeWriter()
        let log = TraceLog()
        try writer.writeWithoutTransaction { db in
            db.trace { log.events.append($0) }
            try db.execute(sql: "SELECT 'traced'")
            db.trace(nil)
            try db.execute(sql: "SELECT 'not traced'")
        }
        try writer.writeWithoutTransaction { db in try db.execute(sql: "SELECT 'still not traced'") }
        try expectEqual(log.statements.map(\.sql), ["SELECT 'traced'"])
    },
    ConformanceCheck("a new trace replaces the previous one") { factory in
        let first = TraceLog()
        let second = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
            db.trace { first.events.append($0) }
            try db.execute(sql: "SELECT 1")
            db.trace { second.events.append($0) }
            try db.execute(sql: "SELECT 2")
            db.trace(nil)
        }
        try expectEqual(first.statements.map(\.sql), ["SELECT 1"])
        try expectEqual(second.statements.map(\.sql), ["SELECT 2"])
    },
    ConformanceCheck("suspensions of the trace nest, and the trace comes back after the outermost") { factory in
        let log = TraceLog()
        try factory.makeWriter().writeWithoutTransaction { db in
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
        try expectEqual(log.statements.map(\.sql), ["SELECT 'traced'"])
    },
]

/// Collects trace events. The trace callback runs on the connection's queue, inside the database
/// access: the events are read after the access returns.
private final class TraceLog {
    var events: [Database.TraceEvent] = []

    /// The statements of the statement events (under GRDB's name of their type).
    var statements: [Database.TraceEvent.Statement] {
        events.compactMap { event in
            if case .statement(let statement) = event { return statement }
            return nil
        }
    }

    /// The statements and durations of the profile events.
    var profiles: [(statement: Database.TracedStatement, duration: Double)] {
        events.compactMap { event in
            if case .profile(let statement, let duration) = event { return (statement, duration) }
            return nil
        }
    }
}
