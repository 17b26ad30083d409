import Dispatch
import Foundation
import RSCore

// Helpers of the conformance checks: waiting with timeouts, running work on other threads, and
// bridging async code into the synchronous checks. No check sleeps: they wait on events, with
// timeouts, so that a deadlock fails the check instead of hanging the suite. Only a party that
// waits gives no sign of waiting: the few checks that something waits (and nothing else shows
// it) give a broken library `waitWindow` to show itself, with `expectNoSignal`.

/// How long a check waits for something that should happen promptly before it fails.
let checkTimeout: TimeInterval = 10

/// Fails the check unless the semaphore is signaled within the timeout.
func expectSignal(
    _ semaphore: DispatchSemaphore, timeout: TimeInterval = checkTimeout, _ message: String,
    file: StaticString = #fileID, line: UInt = #line
) throws {
    guard semaphore.wait(timeout: .now() + timeout) == .success else {
        throw ConformanceFailure(description: "timed out: \(message)", location: "\(file):\(line)")
    }
}

/// How long a check that something waits gives it to (wrongly) go on, where nothing else than
/// time can show that it waits. A correct library passes whatever the window.
let waitWindow: TimeInterval = 0.5

/// Fails the check if the semaphore is signaled within `waitWindow`: for the checks that a party
/// waits, with a semaphore that the party signals when it goes on. The semaphore is left as it was.
func expectNoSignal(
    _ semaphore: DispatchSemaphore, _ message: String, file: StaticString = #fileID, line: UInt = #line
) throws {
    guard semaphore.wait(timeout: .now() + waitWindow) == .timedOut else {
        semaphore.signal()
        throw ConformanceFailure(description: "did not wait: \(message)", location: "\(file):\(line)")
    }
}

/// Runs `start` with a callback, and returns what the callback computes from its argument, once it
/// is called (on any thread). Fails the check unless it is called within the timeout.
func waitForCallback<Argument, T: Sendable>(
    _ message: String, file: StaticString = #fileID, line: UInt = #line,
    _ start: (@escaping @Sendable (Argument) -> Void) -> Void,
    computing compute: @escaping @Sendable (Argument) -> T
) throws -> T {
    let value = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    start { argument in
        value.withLock { $0 = compute(argument) }
        done.signal()
    }
    try expectSignal(done, message, file: file, line: line)
    return value.current!
}

/// Work that runs on another thread, or in a task out of the cooperative thread pool, and whose
/// outcome the check waits for.
final class BackgroundWork<T: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Locked<Result<T, any Error>?>(nil)

    /// Starts `body` on a new thread (not a thread of Dispatch, which the library may need).
    init(_ body: @escaping @Sendable () throws -> T) {
        let thread = Thread { [done, result] in
            let outcome = Result { try body() }
            result.withLock { $0 = outcome }
            done.signal()
        }
        thread.start()
    }

    /// Starts async `body` in a task of its own, on a dispatch queue of its own.
    init(async body: @escaping @Sendable () async throws -> T) {
        let operation: @Sendable () async -> Void = { [done, result] in
            let outcome: Result<T, any Error>
            do {
                outcome = .success(try await body())
            } catch {
                outcome = .failure(error)
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        // The check blocks its thread, which may be one of the few threads of the cooperative pool (a
        // synchronous test runs on it): the task runs on Dispatch instead, so that it cannot starve.
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
            let executor = DispatchTaskExecutor()
            Task(executorPreference: executor) {
                // The task keeps its executor alive.
                withExtendedLifetime(executor) {}
                await operation()
            }
        } else {
            Task(operation: operation)
        }
    }

    /// Waits for the work, and returns its result or rethrows its error. Fails the check when the
    /// work does not end within the timeout (a deadlock, for instance).
    @discardableResult
    func wait(
        timeout: TimeInterval = checkTimeout, _ message: String = "the background work did not end",
        file: StaticString = #fileID, line: UInt = #line
    ) throws -> T {
        try expectSignal(done, timeout: timeout, message, file: file, line: line)
        done.signal()  // for another `wait()`
        return try result.current!.get()
    }
}

/// A write transaction that runs on a thread of its own and stays open, before its commit, until
/// `commit()`: for the checks of what happens while a write is in progress.
final class HeldWrite: Sendable {
    private let mayCommit = DispatchSemaphore(value: 0)
    private let work: BackgroundWork<Void>

    /// Starts a write that runs `sql` (nothing when nil), and returns once its transaction is open.
    init(_ writer: any DatabaseWriter, sql: String? = nil, file: StaticString = #fileID, line: UInt = #line) throws {
        let isWriting = DispatchSemaphore(value: 0)
        let mayCommit = self.mayCommit
        work = BackgroundWork {
            try writer.write { db in
                if let sql { try db.execute(sql: sql) }
                isWriting.signal()
                try expectSignal(mayCommit, "the release of the held write", file: file, line: line)
            }
        }
        try expectSignal(isWriting, "the held write", file: file, line: line)
    }

    /// Lets the write commit, and waits until it is done.
    func commit(file: StaticString = #fileID, line: UInt = #line) throws {
        mayCommit.signal()
        try work.wait(file: file, line: line)
    }
}

/// The primary result code of the `DatabaseError` that async `body` throws, or nil when it
/// throws none (another error fails the check).
func asyncErrorCode(
    file: StaticString = #fileID, line: UInt = #line, _ body: @escaping @Sendable () async throws -> Void
) throws -> ResultCode? {
    try runAsync(file: file, line: line) {
        do {
            try await body()
            return nil
        } catch let error as DatabaseError {
            return error.resultCode
        }
    }
}

/// Runs async code from a synchronous check, and waits for its result within the timeout.
func runAsync<T: Sendable>(
    timeout: TimeInterval = checkTimeout, file: StaticString = #fileID, line: UInt = #line,
    _ body: @escaping @Sendable () async throws -> T
) throws -> T {
    try BackgroundWork(async: body).wait(timeout: timeout, "the async work did not end", file: file, line: line)
}

/// A task executor that runs jobs on a serial dispatch queue, out of the cooperative thread pool.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private final class DispatchTaskExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "ReactiveSQLite.ConformanceCheck.async")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Fails the check unless `body` throws an error of type `E`; returns it.
@discardableResult
func expectError<E: Error>(
    _ type: E.Type, _ body: () throws -> Void, file: StaticString = #fileID, line: UInt = #line
) throws -> E {
    do {
        try body()
    } catch let error as E {
        return error
    } catch {
        throw ConformanceFailure(description: "expected \(E.self), got \(error)", location: "\(file):\(line)")
    }
    throw ConformanceFailure(description: "expected \(E.self), got no error", location: "\(file):\(line)")
}

/// Fails the check when the value is nil; returns it otherwise.
func unwrap<T>(
    _ value: T?, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) throws -> T {
    guard let value else {
        throw ConformanceFailure(description: "unexpected nil: \(message())", location: "\(file):\(line)")
    }
    return value
}

/// Fails the check unless running `sql` fails with the constraint violation of the extended result
/// code (`SQLITE_CONSTRAINT_CHECK`, say).
func expectConstraintViolation(
    _ db: Database, _ sql: String, _ extendedResultCode: ResultCode, arguments: StatementArguments = [],
    file: StaticString = #fileID, line: UInt = #line
) throws {
    try expectDatabaseError(extendedResultCode, sql: sql, file: file, line: line) {
        try db.execute(sql: sql, arguments: arguments)
    }
}
