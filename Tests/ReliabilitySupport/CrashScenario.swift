import Foundation
import RSCore
import RSTestSupport

/// Crash safety: a child process commits a long series of transactions and is killed (`SIGKILL`)
/// at random points; after each kill, the database opens, passes `PRAGMA integrity_check`, and
/// holds exactly a prefix of the transactions: every transaction that the child saw committed, and
/// at most the one it was committing, whole.
public enum CrashScenario {
    /// The rows of the `n`th transaction (1 to 40, with blobs of growing sizes): a kill lands in
    /// the middle of transactions of many sizes.
    static func rowCount(ofTransaction number: Int) -> Int { number % 40 + 1 }

    /// The passphrase of the encrypted databases of the scenario.
    public static let passphrase = "crash safety"

    /// What the child runs: commits transactions 1, 2, … after the last one in the database, and
    /// writes the number of each one to the standard output once it is committed, until it is killed.
    public static func commitForever(_ writer: any DatabaseWriter) throws -> Never {
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS item (
                        txn INTEGER NOT NULL, seq INTEGER NOT NULL, payload BLOB NOT NULL, PRIMARY KEY (txn, seq))
                    """)
        }
        var number = try writer.read { db in try Int.fetchOne(db, sql: "SELECT MAX(txn) FROM item") ?? 0 }
        while true {
            number += 1
            try writer.write { [number] db in
                for seq in 0..<rowCount(ofTransaction: number) {
                    try db.execute(
                        sql: "INSERT INTO item VALUES (?, ?, randomblob(?))", arguments: [number, seq, 100 + 50 * seq])
                }
                // An update too, of a page written long ago.
                try db.execute(
                    sql: "UPDATE item SET payload = randomblob(300) WHERE txn = ? AND seq = 0", arguments: [number / 2])
            }
            FileHandle.standardOutput.write(Data("\(number)\n".utf8))
        }
    }

    /// Checks the database after a kill: returns the number of the last transaction it holds, or
    /// throws when it fails `integrity_check` or does not hold a whole prefix of the transactions.
    static func verify(_ writer: any DatabaseWriter) throws -> Int {
        try writer.read { db in
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            guard integrity == ["ok"] else { throw StressFailure(description: "integrity_check: \(integrity)") }
            guard try db.tableExists("item") else { return 0 }
            let counts = try Row.fetchAll(db, sql: "SELECT txn, COUNT(*) FROM item GROUP BY txn ORDER BY txn")
            for (index, row) in counts.enumerated() {
                let number: Int = row[0]
                let count: Int = row[1]
                guard number == index + 1, count == rowCount(ofTransaction: number) else {
                    throw StressFailure(
                        description: "not a prefix: transaction \(number) has \(count) rows, at position \(index + 1)")
                }
            }
            return counts.count
        }
    }

    /// What a run of the scenario did.
    public struct Figures: Sendable {
        /// The kills.
        public var kills = 0
        /// The transactions that the children saw committed, over all the kills.
        public var committedTransactions = 0
        /// The kills that landed while a transaction was being committed (it was then found whole,
        /// or not at all).
        public var killsDuringCommit = 0
        /// What broke, empty when the run passed.
        public var violations: [String] = []
    }

    /// Runs `kills` children, from the executable at `worker` (which runs `commitForever` on a
    /// writer of `kind` at `path`, given as its arguments), and checks the database after each kill.
    public static func run(
        kills: Int, worker: URL, kind: WriterKind, path: String, open: () throws -> any DatabaseWriter
    ) throws -> Figures {
        var figures = Figures()
        for _ in 0..<kills {
            let acknowledged = try killChild(worker: worker, arguments: [kind.rawValue, path])
            figures.kills += 1
            let writer = try open()
            do {
                let last = try verify(writer)
                if last == acknowledged + 1 { figures.killsDuringCommit += 1 }
                if last < acknowledged || last > acknowledged + 1 {
                    figures.violations.append("the child saw \(acknowledged) commits, the database holds \(last)")
                }
                figures.committedTransactions = last
            } catch {
                figures.violations.append("\(error)")
            }
            try writer.close()
            if !figures.violations.isEmpty { break }
        }
        return figures
    }

    /// Starts a child, lets it commit a random number of transactions, then kills it at a random
    /// moment; returns the last transaction it reported committed.
    private static func killChild(worker: URL, arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = worker
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let lines = ChildOutput(output.fileHandleForReading)
        try process.run()
        // A random point: after 1 to 15 commits, then 0 to 2 ms into the next ones.
        let commits = Int.random(in: 1...15)
        guard lines.waitForNumber(atLeast: commits, timeout: 60) else {
            process.terminate()
            process.waitUntilExit()
            throw StressFailure(description: "the child did not commit \(commits) transactions: it ended, or timed out")
        }
        usleep(UInt32.random(in: 0...2_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        guard process.terminationReason == .uncaughtSignal else {
            throw StressFailure(description: "the child ended by itself, status \(process.terminationStatus)")
        }
        return lines.finish()
    }
}

/// The numbers that a child writes, one a line, read on a thread of their own.
private final class ChildOutput: Sendable {
    private let condition = NSCondition()
    private let state = Locked((last: 0, count: 0, isDone: false))
    private let finished = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [condition, state, finished] in
            var pending = ""
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += String(decoding: data, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let number = Int(pending[..<newline]) ?? 0
                    pending = String(pending[pending.index(after: newline)...])
                    condition.withLock {
                        state.withLock {
                            $0.last = number
                            $0.count += 1
                        }
                        condition.broadcast()
                    }
                }
            }
            condition.withLock {
                state.withLock { $0.isDone = true }
                condition.broadcast()
            }
            finished.signal()
        }.start()
    }

    /// Waits until the child reported `count` commits; returns false when it ends before, or after
    /// the timeout.
    func waitForNumber(atLeast count: Int, timeout: TimeInterval) -> Bool {
        let deadline = Date() + timeout
        return condition.withLock {
            while state.current.count < count {
                if state.current.isDone || !condition.wait(until: deadline) { return state.current.count >= count }
            }
            return true
        }
    }

    /// Reads what remains after the child's end; returns the last number.
    func finish() -> Int {
        finished.wait()
        return state.current.last
    }
}

extension CrashScenario {
    /// Records the figures of a run in the reliability report.
    public static func report(_ figures: Figures, kind: WriterKind, driver: String) {
        ReliabilityReport.record(
            "crash",
            [
                "driver": driver, "writer": kind.rawValue, "kills": figures.kills,
                "committedTransactions": figures.committedTransactions,
                "killsDuringCommit": figures.killsDuringCommit, "violations": figures.violations.count,
            ])
    }
}
