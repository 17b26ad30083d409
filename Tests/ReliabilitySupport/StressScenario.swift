import Foundation
import RSCore
import RSTestSupport

/// The kinds of writers the scenarios run against.
public enum WriterKind: String, CaseIterable, Sendable {
    /// A DatabasePool (WAL).
    case pool = "DatabasePool"
    /// A DatabaseQueue on a file (rollback journal).
    case queue = "DatabaseQueue"

    /// Opens a writer of this kind on the file at `path`.
    public func open(path: String, configuration: Configuration, driver: DatabaseDriver) throws -> any DatabaseWriter {
        switch self {
        case .pool: try DatabasePool(path: path, configuration: configuration, driver: driver)
        case .queue: try DatabaseQueue(path: path, configuration: configuration, driver: driver)
        }
    }
}

/// What a stress run did and saw.
public struct StressFigures: Sendable {
    /// The committed transactions.
    public var transactions = 0
    /// The observations, of every form together.
    public var observations = 0
    /// The values that the observers received and checked.
    public var observedValues = 0
    /// The reads that checked the invariant beside the writes.
    public var reads = 0
    /// What broke: an invariant, the order of values, an observation that failed or did not end on
    /// the last committed state. Empty when the run passed.
    public var violations: [String] = []
    /// The memory after the warm-up.
    public var memoryAfterWarmUp: MemoryUsage?
    /// The memory at the end, before the observations stop.
    public var memoryAtEnd: MemoryUsage?
    /// How long the run took.
    public var seconds = 0.0

    /// The growth of the resident memory from the warm-up to the end, as a fraction.
    public var memoryGrowth: Double? {
        guard let before = memoryAfterWarmUp?.resident, let after = memoryAtEnd?.resident else { return nil }
        return Double(after - before) / Double(before)
    }
}

/// Stress, with consistency checked: 4 writer tasks and 4 reader tasks, beside observations of
/// every form, over many transactions that each keep an invariant (the total of the accounts never
/// changes, the version only grows). No observer may see a broken invariant or an older state after
/// a newer one, and every one must end on the last committed state.
public enum StressScenario {
    static let writerCount = 4
    static let readerCount = 4
    /// How long the observers have, after the last commit, to reach its state.
    static let catchUpTimeout: TimeInterval = 120

    /// Runs the scenario on a new database at `path`.
    public static func run(
        _ kind: WriterKind, path: String, configuration: Configuration = Configuration(), driver: DatabaseDriver,
        transactions: Int, observations: Int
    ) async throws -> StressFigures {
        let start = Date()
        var figures = StressFigures()
        let writer = try kind.open(path: path, configuration: configuration, driver: driver)
        try await writer.write { db in try BankState.createBank(db) }
        let progress = StressProgress()
        let observers = StressObservations(count: observations, in: writer, progress: progress)
        defer { observers.stop() }
        figures.observations = observations

        // The warm-up: a tenth of the transactions, then every observer on their state.
        let warmUp = transactions / 10
        figures.reads += try await writeConcurrently(warmUp, in: writer)
        figures.violations += await waitForObservers(observers, version: warmUp, progress: progress)
        figures.memoryAfterWarmUp = MemoryUsage.current()

        figures.reads += try await writeConcurrently(transactions - warmUp, in: writer)
        let finalState = try await writer.read { db in try BankState.fetch(db) }
        figures.transactions = finalState.version
        if finalState != BankState(version: transactions, total: BankState.total) {
            figures.violations.append("the database ends with \(finalState), after \(transactions) transactions")
        }
        figures.violations += await waitForObservers(observers, version: transactions, progress: progress)
        figures.memoryAtEnd = MemoryUsage.current()
        figures.observedValues = observers.logs.reduce(0) { $0 + $1.valueCount }
        figures.violations += observers.logs.flatMap(\.violations)
        figures.seconds = Date().timeIntervalSince(start)
        return figures
    }

    /// Commits `transactions` transactions from the writer tasks, while the reader tasks check the
    /// invariant and the order of what they read; returns the count of reads.
    private static func writeConcurrently(_ transactions: Int, in writer: any DatabaseWriter) async throws -> Int {
        let writesDone = Locked(false)
        return try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<writerCount {
                let count = transactions / writerCount + (index < transactions % writerCount ? 1 : 0)
                group.addTask {
                    for _ in 0..<count {
                        try await writer.write { db in try BankState.randomTransfer(db) }
                    }
                    return 0
                }
            }
            for _ in 0..<readerCount {
                group.addTask {
                    var reads = 0
                    var lastVersion = -1
                    // At least one read after the writes: the last state is read too.
                    var isLastRead = false
                    while !isLastRead {
                        isLastRead = writesDone.current
                        let state = try await writer.read { db in try BankState.fetch(db) }
                        guard state.total == BankState.total, state.version >= lastVersion else {
                            throw StressFailure(description: "a read saw \(state) after version \(lastVersion)")
                        }
                        lastVersion = state.version
                        reads += 1
                    }
                    return reads
                }
            }
            var reads = 0
            var finishedWriters = 0
            while let result = try await group.next() {
                reads += result
                if result == 0 {
                    finishedWriters += 1
                    if finishedWriters == writerCount { writesDone.current = true }
                }
            }
            return reads
        }
    }

    /// Waits until every observer has seen `version`; returns the observers that did not in time.
    private static func waitForObservers(
        _ observers: StressObservations, version: Int, progress: StressProgress
    ) async -> [String] {
        let logs = observers.logs
        let caughtUp = await progress.wait(until: Date() + catchUpTimeout) {
            logs.allSatisfy { $0.lastVersion >= version || !$0.violations.isEmpty }
        }
        if caughtUp { return [] }
        return logs.filter { $0.lastVersion < version }.map {
            "\($0.form): stopped at version \($0.lastVersion), not \(version), after \(Int(catchUpTimeout)) s"
        }
    }
}

/// A broken expectation of a reliability scenario.
public struct StressFailure: Error, CustomStringConvertible {
    /// What broke.
    public let description: String
}

extension StressScenario {
    /// Records the figures of a run in the reliability report.
    public static func report(_ figures: StressFigures, kind: WriterKind, driver: String) {
        ReliabilityReport.record(
            "stress",
            [
                "driver": driver, "writer": kind.rawValue, "transactions": figures.transactions,
                "observations": figures.observations, "observedValues": figures.observedValues,
                "reads": figures.reads, "violations": figures.violations.count,
                "memoryAfterWarmUp": figures.memoryAfterWarmUp?.resident ?? 0,
                "memoryAtEnd": figures.memoryAtEnd?.resident ?? 0,
                "heapAfterWarmUp": figures.memoryAfterWarmUp?.heapInUse ?? 0,
                "heapAtEnd": figures.memoryAtEnd?.heapInUse ?? 0,
                "seconds": (figures.seconds * 10).rounded() / 10,
            ])
    }
}
