import BenchmarkHarness
import Dispatch
import Foundation
import ReactiveSQLite

/// The workloads of the commits of other processes (`Configuration.outsideChanges`), which only
/// ReactiveSQLite has.
extension RSWorkloads {
    /// The hidden argument of the child process that commits: `--outside-writer PATH COUNT`.
    static let outsideWriterArgument = "--outside-writer"
    /// The commits of the child, one every `outsideCommitInterval` seconds: more than the 3 ms
    /// during which a database coalesces outside commits, so that each one is seen alone.
    static let outsideCommitCount = 200
    static let outsideCommitInterval = 0.005

    /// The outside-commit workloads.
    public static func outsideChangeCases() -> [BenchmarkCase] {
        [
            .latencies("outside-commit-to-value (file notifications)", .reactiveSQLite) { scratch in
                try outsideCommitToValue(scratch, detection: .fileNotifications)
            },
            .latencies("outside-commit-to-value (polling 10 ms)", .reactiveSQLite) { scratch in
                try outsideCommitToValue(scratch, detection: .polling(interval: 0.01))
            },
            .relative("write-transactions (pool, outside changes on)", .reactiveSQLite) { scratch in
                let reference = try localWrites(scratch.path("reference.sqlite"), detection: .ignored)
                let duration = try localWrites(scratch.path("watched.sqlite"), detection: .fileNotifications)
                return (duration, reference)
            },
        ]
    }

    /// If this process was started as the child that commits, commits and exits; otherwise returns.
    public static func runOutsideWriterIfRequested() {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, arguments[1] == outsideWriterArgument, let count = Int(arguments[3]) else { return }
        do {
            let dbQueue = try DatabaseQueue(path: arguments[2])
            for _ in 0..<count {
                try dbQueue.write { db in
                    // The time just before COMMIT, on the monotonic clock that every process shares.
                    let now = Int64(DispatchTime.now().uptimeNanoseconds)
                    try db.execute(sql: "INSERT INTO stamp (time) VALUES (?)", arguments: [now])
                }
                Thread.sleep(forTimeInterval: outsideCommitInterval)
            }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }
}

/// A child process commits `outsideCommitCount` rows, each with the time of its commit, to the file
/// of a DatabasePool that notices outside commits; the latency of each: from the time in the row to
/// the reception of the row's time by the observer of `MAX(time)`, on a serial queue.
private func outsideCommitToValue(_ scratch: Scratch, detection: OutsideChangeDetection) throws -> [Duration] {
    let path = scratch.path()
    var configuration = Configuration()
    configuration.outsideChanges = detection
    let dbPool = try DatabasePool(path: path, configuration: configuration)
    try dbPool.write { db in try db.execute(sql: "CREATE TABLE stamp (time INTEGER NOT NULL)") }
    let latencies = LockedLatencies()
    let initialValue = DispatchSemaphore(value: 0)
    let cancellable = ValueObservation.tracking { db in try Int64.fetchOne(db, sql: "SELECT MAX(time) FROM stamp") }
        .start(in: dbPool, scheduling: .async(onQueue: DispatchQueue(label: "observer"))) { _ in
        } onChange: { time in
            guard let time else {
                initialValue.signal()
                return
            }
            latencies.append(time: time, receivedAt: DispatchTime.now().uptimeNanoseconds)
        }
    defer { cancellable.cancel() }
    guard initialValue.wait(timeout: .now() + 10) == .success else {
        throw WorkloadFailure(message: "the observer did not fetch its initial value")
    }
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    child.arguments = [RSWorkloads.outsideWriterArgument, path, "\(RSWorkloads.outsideCommitCount)"]
    try child.run()
    child.waitUntilExit()
    guard child.terminationStatus == 0 else {
        throw WorkloadFailure(message: "the outside writer failed (status \(child.terminationStatus))")
    }
    let last = try dbPool.read { db in try Int64.fetchOne(db, sql: "SELECT MAX(time) FROM stamp") }
    guard let last, latencies.waitForTime(last, timeout: 10) else {
        throw WorkloadFailure(message: "the observer did not see the last outside commit")
    }
    return latencies.values
}

/// `Workload.observationWriteCount` one-row write transactions on a DatabasePool whose file is
/// watched or not (`synchronous = NORMAL`).
private func localWrites(_ path: String, detection: OutsideChangeDetection) throws -> Duration {
    var configuration = Configuration()
    configuration.outsideChanges = detection
    let dbPool = try DatabasePool(path: path, configuration: configuration)
    try dbPool.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        try db.execute(sql: Workload.createTableSQL)
    }
    return try measure {
        for index in 1...Workload.observationWriteCount {
            try dbPool.write { db in try db.execute(sql: Workload.oneRowInsertSQL, arguments: [index]) }
        }
    }
}

/// The latencies of the received times, and a wait for one of them.
private final class LockedLatencies: @unchecked Sendable {
    // @unchecked Sendable: every property is only used under `condition`.
    private let condition = NSCondition()
    private var latencies: [Duration] = []
    private var lastTime: Int64 = 0

    func append(time: Int64, receivedAt: UInt64) {
        condition.withLock {
            latencies.append(.nanoseconds(Int64(receivedAt) - time))
            lastTime = time
            condition.broadcast()
        }
    }

    var values: [Duration] { condition.withLock { latencies } }

    /// Waits until `time` is received; false after the timeout.
    func waitForTime(_ time: Int64, timeout: TimeInterval) -> Bool {
        let deadline = Date() + timeout
        return condition.withLock {
            while lastTime != time {
                guard condition.wait(until: deadline) else { return false }
            }
            return true
        }
    }
}
