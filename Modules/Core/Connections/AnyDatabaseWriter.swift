/// A writer that hides the type of the writer it forwards to.
///
/// ```swift
/// let writer = AnyDatabaseWriter(dbQueue)
/// try writer.write { db in try Player(name: "Arthur").insert(db) }
/// ```
///
/// Observations over it run as they do over any writer of the application's: a `DatabasePool`
/// behind it fetches their values on its writer, not on its readers.
public final class AnyDatabaseWriter: AnyDatabaseReader, DatabaseWriter, @unchecked Sendable {
    // Sendable: see AnyDatabaseReader.
    private let base: any DatabaseWriter

    /// A writer that forwards to `base`.
    public init(_ base: some DatabaseWriter) {
        self.base = base
        super.init(base)
    }

    /// Writes to the base writer, in a transaction.
    public func write<T>(_ updates: (Database) throws -> T) throws -> T { try base.write(updates) }

    /// Writes to the base writer, in a transaction, without blocking the calling task.
    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await base.write(updates)
    }

    /// Writes to the base writer, outside of any transaction.
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try base.writeWithoutTransaction(updates)
    }

    /// Writes to the base writer, outside of any transaction, without blocking the calling task.
    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await base.writeWithoutTransaction(updates)
    }

    /// Writes to the base writer later, outside of any transaction.
    public func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        base.asyncWriteWithoutTransaction(updates)
    }

    /// Writes to the base writer, while no read runs.
    @_disfavoredOverload
    public func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try base.barrierWriteWithoutTransaction(updates)
    }

    /// Writes to the base writer later, while no read runs.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void
    ) {
        base.asyncBarrierWriteWithoutTransaction(updates)
    }

    /// Writes to the base writer, in the write access it is called from, if any.
    public func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try base.unsafeReentrantWrite(updates)
    }

    /// Reads from the base writer, from one of its write accesses (see
    /// `DatabaseWriter.spawnConcurrentRead(_:)`).
    public func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.spawnConcurrentRead(value)
    }

    /// Runs `updates` on the base writer (see `DatabaseWriter._writeAccess(_:)`).
    public func _writeAccess<T>(_ updates: (Database) throws -> T) throws -> T {
        try base._writeAccess(updates)
    }

    /// Runs `body` later on the base writer (see `DatabaseWriter._asyncWriteAccess(_:)`).
    public func _asyncWriteAccess(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base._asyncWriteAccess(body)
    }

    /// Reads the current state from the base writer (see
    /// `DatabaseWriter._spawnReadOfCurrentState(_:)`).
    public func _spawnReadOfCurrentState(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base._spawnReadOfCurrentState(value)
    }
}
