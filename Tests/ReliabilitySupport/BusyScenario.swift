import Foundation
import RSCore

/// `SQLITE_BUSY` from another process: a child process holds the write lock of the database, in
/// an open transaction. A write waits for the busy timeout, then fails with `SQLITE_BUSY`, leaving
/// the database as it was; once the child is gone (killed, its transaction never committed), the
/// write succeeds and the database holds nothing of the child's.
public enum BusyScenario {
    /// The argument that makes the worker hold the write lock instead of committing.
    public static let holdWriteLockArgument = "hold-write-lock"

    /// What the child runs: opens a transaction that writes, tells the parent, and waits to be
    /// killed.
    public static func holdWriteLock(_ writer: any DatabaseWriter) throws -> Never {
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
            try db.execute(sql: "INSERT INTO t VALUES ('from the other process')")
            FileHandle.standardOutput.write(Data("locked\n".utf8))
            while true { pause() }
        }
    }

    /// What a run saw.
    public struct Figures: Sendable {
        /// How long the write waited before it failed, in seconds.
        public var waited = 0.0
        /// What broke, empty when the run passed.
        public var violations: [String] = []
    }

    /// Runs the scenario on a new database at `path`, with the child from the executable at `worker`.
    public static func run(
        _ kind: WriterKind, path: String, worker: URL, timeout: TimeInterval = 0.5,
        configuration: Configuration = Configuration(), driver: DatabaseDriver
    ) throws -> Figures {
        var figures = Figures()
        var configuration = configuration
        configuration.busyMode = .timeout(timeout)
        let writer = try kind.open(path: path, configuration: configuration, driver: driver)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a TEXT); INSERT INTO t VALUES ('before')") }

        let child = Process()
        child.executableURL = worker
        child.arguments = [holdWriteLockArgument, kind.rawValue, path]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        // The child is killed once, here or below: its process id may be reused after it ends.
        var isChildRunning = true
        defer {
            if isChildRunning {
                kill(child.processIdentifier, SIGKILL)
                child.waitUntilExit()
            }
        }
        let line = String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self)
        guard line == "locked\n" else {
            figures.violations.append("the child did not take the write lock: \(line.debugDescription)")
            return figures
        }

        let start = Date()
        do {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES ('half')")
                try db.execute(sql: "INSERT INTO t VALUES ('written')")
            }
            figures.violations.append("the write succeeded while another process held the write lock")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            figures.waited = Date().timeIntervalSince(start)
            if figures.waited < timeout * 0.9 {
                figures.violations.append("the write failed after \(figures.waited) s, before the busy timeout")
            }
        } catch {
            figures.violations.append("the write failed with \(error), not SQLITE_BUSY")
        }
        if try writer.read({ db in try String.fetchAll(db, sql: "SELECT a FROM t") }) != ["before"] {
            figures.violations.append("the failed write left something behind")
        }

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        isChildRunning = false
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES ('after')") }
        let rows = try writer.read { db in try String.fetchAll(db, sql: "SELECT a FROM t ORDER BY rowid") }
        if rows != ["before", "after"] { figures.violations.append("the database holds \(rows)") }
        let integrity = try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        if integrity != ["ok"] { figures.violations.append("integrity_check: \(integrity)") }
        try writer.close()
        return figures
    }
}

extension BusyScenario {
    /// Records the figures of a run in the reliability report.
    public static func report(_ figures: Figures, kind: WriterKind, driver: String) {
        ReliabilityReport.record(
            "busy",
            [
                "driver": driver, "writer": kind.rawValue, "waited": (figures.waited * 1000).rounded() / 1000,
                "violations": figures.violations.count,
            ])
    }
}
