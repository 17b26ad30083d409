import Dispatch
import Foundation
import RSCore
import RSObservation
import RSReactive
import RSTestSupport

#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// Cancellation and shutdown: observations, async accesses and publishers cancelled while commits
/// race them, and databases closed while observations, reads and writes are in flight. Nothing may
/// crash or hang, no value may come after a cancellation, and what fails fails with a typed error.
public enum ShutdownScenario {
    /// What a run did, and what broke (empty `violations` when it passed).
    public struct Figures: Sendable {
        /// The observations, async accesses and publishers cancelled.
        public var cancellations = 0
        /// The databases closed while busy.
        public var closes = 0
        /// The accesses in flight at a close, that ended with a value or a typed error.
        public var accessesEndedByClose = 0
        /// What broke.
        public var violations: [String] = []
    }

    /// How long anything may take to end before the scenario calls it a hang.
    static let timeout: TimeInterval = 30

    /// Cancels `iterations` observations of each form (callback, publisher, async sequence) and
    /// async accesses, each at a random moment, while another task commits without pause.
    public static func cancellationRaces(_ writer: any DatabaseWriter, iterations: Int) async throws -> Figures {
        var figures = Figures()
        let violations = Locked<[String]>([])
        try await writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS race (a)") }
        let committing = Task {
            while !Task.isCancelled {
                try await writer.write { db in try db.execute(sql: "INSERT INTO race VALUES (1)") }
            }
        }
        defer { committing.cancel() }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM race") ?? 0
        }
        for iteration in 0..<iterations {
            let queue = DispatchQueue(label: "ReactiveSQLite.Reliability.cancellation")
            let isCancelled = Locked(false)
            let hasValue = Locked(false)
            let progress = StressProgress()
            let onChange: @Sendable (Int) -> Void = { _ in
                if isCancelled.current { violations.withLock { $0.append("a value after cancel() (\(iteration))") } }
                hasValue.current = true
                progress.signal()
            }
            // Half of the cancellations come after a first value, the others at once.
            let waitsForAValue = Bool.random()
            func waitForAValue() async {
                if waitsForAValue { _ = await progress.wait(until: Date() + 1) { hasValue.current } }
            }
            switch iteration % 4 {
            case 0:
                let cancellable = observation.start(
                    in: writer, scheduling: .async(onQueue: queue),
                    onError: { error in violations.withLock { $0.append("observation failed: \(error)") } },
                    onChange: onChange)
                await waitForAValue()
                queue.sync {
                    cancellable.cancel()
                    isCancelled.current = true
                }
            case 1:
                let cancellable = observation.publisher(in: writer, scheduling: .async(onQueue: queue)).sink(
                    receiveCompletion: { completion in
                        if case .failure(let error) = completion {
                            violations.withLock { $0.append("publisher failed: \(error)") }
                        }
                    }, receiveValue: onChange)
                await waitForAValue()
                queue.sync {
                    cancellable.cancel()
                    isCancelled.current = true
                }
            case 2:
                let task = Task {
                    for try await value in observation.values(in: writer) { onChange(value) }
                }
                await waitForAValue()
                task.cancel()
                if try await !ended(task) { violations.withLock { $0.append("an async sequence did not end") } }
            default:
                let task = Task { try await writer.write { db in try db.execute(sql: "INSERT INTO race VALUES (2)") } }
                task.cancel()
                if try await !ended(task) { violations.withLock { $0.append("an async write did not end") } }
            }
            figures.cancellations += 1
        }
        committing.cancel()
        _ = try? await committing.value
        // Every cancelled observation let go of its transaction observer.
        let observers = try await writer.writeWithoutTransaction { db in db.transactionObserverCount }
        if observers != 0 { violations.withLock { $0.append("\(observers) observers remain registered") } }
        figures.violations = violations.current
        return figures
    }

    /// Closes `rounds` databases while async writes, reads and observations of each are in flight:
    /// each access ends with its value or a `DatabaseError`, and later accesses fail with a
    /// `DatabaseError`.
    public static func closeWhileBusy(rounds: Int, open: @Sendable () throws -> any DatabaseWriter) async throws
        -> Figures
    {
        var figures = Figures()
        for _ in 0..<rounds {
            let writer = try open()
            try await writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS busy (a)") }
            let observations = (0..<4).map { _ in
                ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM busy") }
                    .start(in: writer, scheduling: .async(onQueue: .global()), onError: { _ in }, onChange: { _ in })
            }
            var accesses: [Task<Void, any Error>] = []
            for index in 0..<20 {
                accesses.append(
                    Task {
                        if index.isMultiple(of: 2) {
                            try await writer.write { db in try db.execute(sql: "INSERT INTO busy VALUES (1)") }
                        } else {
                            _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM busy") }
                        }
                    })
            }
            try await runOffThePool { try writer.close() }
            figures.closes += 1
            for access in accesses {
                switch await outcome(of: access) {
                case .ended: figures.accessesEndedByClose += 1
                case .failed(let error): figures.violations.append("an access failed with \(error)")
                case .timedOut: figures.violations.append("an access did not end after the close")
                }
            }
            do {
                try await writer.write { db in try db.execute(sql: "INSERT INTO busy VALUES (1)") }
                figures.violations.append("a write after close() succeeded")
            } catch is DatabaseError {
            } catch {
                figures.violations.append("a write after close() failed with \(error)")
            }
            for observation in observations { observation.cancel() }
        }
        return figures
    }

    private enum Outcome {
        case ended
        case failed(any Error)
        case timedOut
    }

    /// How a task ended: with its value or a `DatabaseError`, with another error, or not in time.
    private static func outcome(of task: Task<Void, any Error>) async -> Outcome {
        do {
            guard try await ended(task) else { return .timedOut }
            return .ended
        } catch is DatabaseError {
            return .ended
        } catch {
            return .failed(error)
        }
    }

    /// Waits for the end of a task, within the timeout: false when it has not ended by then. The
    /// task's error, if any, is thrown; a `CancellationError` counts as an end.
    private static func ended<T: Sendable>(_ task: Task<T, any Error>) async throws -> Bool {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    _ = try await task.value
                } catch is CancellationError {}
                return true
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                return false
            }
            let result = try await group.next()!
            group.cancelAll()
            return result
        }
    }
}

extension ShutdownScenario {
    /// Records the figures of a run in the reliability report.
    public static func report(_ figures: Figures, scenario: String, kind: WriterKind, driver: String) {
        ReliabilityReport.record(
            scenario,
            [
                "driver": driver, "writer": kind.rawValue, "cancellations": figures.cancellations,
                "closes": figures.closes, "accessesEndedByClose": figures.accessesEndedByClose,
                "violations": figures.violations.count,
            ])
    }
}
