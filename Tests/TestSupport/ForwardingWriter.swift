import Foundation
import RSCore

/// An application's test double: a writer that forwards to another one, written with the members
/// `DatabaseWriter` requires, and nothing else. Observations work over it as over the writer it
/// forwards to: it forwards the accesses of observations too (the underscored requirements).
///
/// It also knows when the async accesses it forwarded have ended: `waitForAsyncAccesses()` is the
/// fence of the checks that an observation does nothing more, on a pool too, whose fetches run
/// later on readers (a write returns before them).
final class ForwardingWriter: DatabaseWriter {
    private let base: any DatabaseWriter
    private let condition = NSCondition()
    private let pendingAccesses = Locked(0)

    /// A writer that forwards to `base`.
    init(_ base: any DatabaseWriter) {
        self.base = base
    }

    var configuration: Configuration { base.configuration }
    var path: String { base.path }
    func read<T>(_ value: (Database) throws -> T) throws -> T { try base.read(value) }
    func close() throws { try base.close() }
    func interrupt() { base.interrupt() }
    func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T { try base.unsafeRead(value) }
    func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T { try base.unsafeReentrantRead(value) }
    func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try base.writeWithoutTransaction(updates)
    }
    func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try base.unsafeReentrantWrite(updates)
    }
    func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try base.barrierWriteWithoutTransaction(updates)
    }

    func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncRead(tracked(value))
    }

    func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncUnsafeRead(tracked(value))
    }

    func asyncBarrierWriteWithoutTransaction(_ updates: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncBarrierWriteWithoutTransaction(tracked(updates))
    }

    func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        base.asyncWriteWithoutTransaction(tracked(updates))
    }

    func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.spawnConcurrentRead(tracked(value))
    }

    func _writeAccess<T>(_ updates: (Database) throws -> T) throws -> T { try base._writeAccess(updates) }

    func _asyncWriteAccess(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base._asyncWriteAccess(tracked(body))
    }

    func _spawnReadOfCurrentState(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base._spawnReadOfCurrentState(tracked(value))
    }

    /// Waits until every async access forwarded so far, and those they start, has ended. Fails the
    /// check after the timeout.
    func waitForAsyncAccesses(file: StaticString = #fileID, line: UInt = #line) throws {
        let deadline = Date(timeIntervalSinceNow: checkTimeout)
        condition.lock()
        defer { condition.unlock() }
        while pendingAccesses.current > 0 {
            guard condition.wait(until: deadline) else {
                throw ConformanceFailure(
                    description: "timed out: \(pendingAccesses.current) async accesses did not end",
                    location: "\(file):\(line)")
            }
        }
    }

    /// Counts an async access as pending until `body` has run.
    private func tracked<Argument>(_ body: @escaping @Sendable (Argument) -> Void) -> @Sendable (Argument) -> Void {
        accessWillStart()
        return { argument in
            body(argument)
            self.accessDidEnd()
        }
    }

    private func accessWillStart() {
        pendingAccesses.withLock { $0 += 1 }
    }

    private func accessDidEnd() {
        condition.withLock {
            pendingAccesses.withLock { $0 -= 1 }
            condition.broadcast()
        }
    }
}
