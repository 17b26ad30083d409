import Foundation
import ReactiveSQLite

/// The database of each input, the watchdog that interrupts SQL that runs too long, and the checks
/// that every input ends with a result or an expected error.
enum Harness {
    /// How the database is reset between inputs (`SQL_FUZZER_RESET`): `fresh` (the default) opens a
    /// new in-memory DatabaseQueue for each input, and checks that it is deallocated after it;
    /// `erase` keeps one queue for the process and erases it after each input (faster, but the
    /// pragmas and temporary objects of an input can change the next ones).
    static let reusesQueue = ProcessInfo.processInfo.environment["SQL_FUZZER_RESET"] == "erase"

    /// Whether each expected error is printed (`SQL_FUZZER_VERBOSE=1`), to see what an input does.
    static let isVerbose = ProcessInfo.processInfo.environment["SQL_FUZZER_VERBOSE"] == "1"

    /// How long an input's SQL may run before the watchdog interrupts it (libFuzzer's `-timeout`
    /// must be longer): SQL that never ends (a recursive CTE) is not a finding of the library.
    static let interruptAfter: Duration = .milliseconds(
        Int(ProcessInfo.processInfo.environment["SQL_FUZZER_INTERRUPT_MS"] ?? "") ?? 1000)

    /// SQLite's memory, for the whole process (`PRAGMA hard_heap_limit`): beyond it SQLite fails with
    /// SQLITE_NOMEM instead of growing the process past libFuzzer's `-rss_limit_mb`.
    static let heapLimit = 256 * 1024 * 1024

    private static let sharedQueue: DatabaseQueue = {
        do {
            return try DatabaseQueue()
        } catch {
            fatalError("cannot open the shared in-memory database: \(error)")
        }
    }()

    private static let setUp: Void = {
        do {
            let queue = try DatabaseQueue()
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA hard_heap_limit = \(heapLimit)") }
        } catch {
            fatalError("cannot set SQLite's heap limit: \(error)")
        }
        if interruptAfter > .zero { Watchdog.shared.start() }
        // One input of each mode, so that the lazy globals of the library and of the fuzzer are
        // made before libFuzzer counts allocations: LeakSanitizer cannot see the pointers that
        // Swift stores with spare bits, and would report these globals as leaks.
        for selector: UInt8 in 0..<5 {
            let input = FuzzInput([selector] + Array("SELECT 1".utf8) + [FuzzInput.separator, 5, 3])
            runInput(input, fuzzInputBody(input))
        }
    }()

    /// Runs one input on a database, then checks that the connection is still usable and, for a
    /// fresh queue, that nothing retains it.
    static func run(_ input: FuzzInput, _ body: (DatabaseQueue) throws -> Void) {
        _ = setUp
        runInput(input, body)
    }

    private static func runInput(_ input: FuzzInput, _ body: (DatabaseQueue) throws -> Void) {
        weak var released: DatabaseQueue?
        do {
            let queue = reusesQueue ? sharedQueue : try DatabaseQueue()
            // Not for the shared queue: the side table of a weak reference to an object that lives
            // as long as the process is reported as a leak by LeakSanitizer.
            if !reusesQueue { released = queue }
            Watchdog.shared.begin(queue)
            defer { Watchdog.shared.end() }
            do {
                try body(queue)
            } catch {
                expect(error, "input of mode \(input.mode)")
            }
            checkUsable(queue)
            if reusesQueue {
                do {
                    try queue.erase()
                } catch {
                    fatalError("erase() fails after an input: \(error)")
                }
            }
        } catch {
            fatalError("cannot open an in-memory database: \(error)")
        }
        if !reusesQueue && released != nil {
            fatalError("the DatabaseQueue of the input is still alive after it: a leaked connection")
        }
    }

    /// Stops the program (a finding) unless the error is one the library documents: a
    /// `DatabaseError`, a `RecordError` (the update of a record whose key is in no row), or, with
    /// `allowsDecoding`, an error of a Codable decoding.
    static func expect(_ error: any Error, _ context: @autoclosure () -> String, allowsDecoding: Bool = false) {
        if isVerbose { print("\(context()): \(error)") }
        if error is DatabaseError || error is RecordError { return }
        if allowsDecoding && error is DecodingError { return }
        fatalError("unexpected error from \(context()): \(type(of: error)): \(error)")
    }

    /// Runs `body`, and checks what it throws with `expect`. Returns its result, or nil after an error.
    @discardableResult
    static func attempt<T>(
        _ context: @autoclosure () -> String, allowsDecoding: Bool = false, _ body: () throws -> T
    ) -> T? {
        do {
            return try body()
        } catch {
            expect(error, context(), allowsDecoding: allowsDecoding)
            return nil
        }
    }

    /// The connection reads and writes after the input.
    private static func checkUsable(_ queue: DatabaseQueue) {
        do {
            let one = try queue.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
            guard one == 1 else { fatalError("SELECT 1 returns \(String(describing: one)) after the input") }
            let two = try queue.write { db -> Int? in
                try db.execute(sql: "CREATE TEMPORARY TABLE IF NOT EXISTS fuzz_check(a)")
                try db.execute(sql: "INSERT INTO fuzz_check VALUES (2)")
                defer { try? db.execute(sql: "DROP TABLE temp.fuzz_check") }
                return try Int.fetchOne(db, sql: "SELECT a FROM temp.fuzz_check")
            }
            guard two == 2 else { fatalError("a write reads back \(String(describing: two)) after the input") }
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_INTERRUPT || error.resultCode == .SQLITE_NOMEM
        {
            // The watchdog interrupted the check of a slow input, or the input left SQLite without memory.
        } catch {
            fatalError("the connection is unusable after the input: \(error)")
        }
    }
}

/// A thread that interrupts the database of the current input when it runs longer than
/// `Harness.interruptAfter` (with `DatabaseQueue.interrupt()`, a public API meant to be called from
/// another thread). It interrupts only while the input runs: `end()` and the interruption take the
/// same lock.
final class Watchdog: @unchecked Sendable {
    // Unchecked: every property is read and written under `lock`.
    static let shared = Watchdog()

    private let lock = NSLock()
    private var queue: DatabaseQueue?
    private var started = ContinuousClock.now

    func start() {
        Thread.detachNewThread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                lock.withLock {
                    guard let queue, ContinuousClock.now - started > Harness.interruptAfter else { return }
                    // Again after each period: an input may run several slow statements.
                    started = ContinuousClock.now
                    queue.interrupt()
                }
            }
        }
    }

    func begin(_ queue: DatabaseQueue) {
        lock.withLock {
            self.queue = queue
            started = ContinuousClock.now
        }
    }

    func end() {
        lock.withLock { queue = nil }
    }
}
