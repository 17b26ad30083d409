/// A reader that hides the type of the reader it forwards to.
///
/// ```swift
/// let reader = AnyDatabaseReader(dbPool)
/// let count = try reader.read { db in try Player.fetchCount(db) }
/// ```
///
/// `AnyDatabaseWriter` is its only subclass (the class is not `open`), and adds the writes.
public class AnyDatabaseReader: DatabaseReader, @unchecked Sendable {
    // Sendable: its one stored property is a constant of a Sendable type, and so is the one of its
    // only subclass, `AnyDatabaseWriter`; no other module can subclass it.
    private let base: any DatabaseReader

    /// A reader that forwards to `base`.
    public init(_ base: some DatabaseReader) {
        self.base = base
    }

    /// The configuration of the base reader.
    public var configuration: Configuration { base.configuration }

    /// The path of the base reader's database.
    public var path: String { base.path }

    /// Closes the base reader.
    public func close() throws { try base.close() }

    /// Interrupts the statements of the base reader.
    public func interrupt() { base.interrupt() }

    /// The writer the base reader follows: observations of a reader that wraps a writer follow the
    /// writer's commits, as observations of the writer do.
    public var _observedWriter: (any DatabaseWriter)? { base._observedWriter }

    /// Reads from the base reader, in a read-only transaction.
    public func read<T>(_ value: (Database) throws -> T) throws -> T { try base.read(value) }

    /// Reads from the base reader, in a read-only transaction, without blocking the calling task.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await base.read(value)
    }

    /// Reads from the base reader later, in a read-only transaction.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncRead(value)
    }

    /// Reads from the base reader, outside of any transaction.
    public func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T { try base.unsafeRead(value) }

    /// Reads from the base reader, outside of any transaction, without blocking the calling task.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await base.unsafeRead(value)
    }

    /// Reads from the base reader later, outside of any transaction.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        base.asyncUnsafeRead(value)
    }

    /// Reads from the base reader, in the access it is called from, if any.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        try base.unsafeReentrantRead(value)
    }
}
