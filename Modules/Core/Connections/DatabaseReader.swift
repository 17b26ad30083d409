/// A type that reads a database: `DatabaseQueue`, `DatabasePool`, or a test double.
///
/// Applications depend on `DatabaseReader` and `DatabaseWriter` rather than on a concrete
/// connection type, so that tests can hand them an in-memory database or a double. A conforming
/// type needs `configuration`, `path`, the synchronous `read`, `asyncRead`, `unsafeRead`,
/// `asyncUnsafeRead`, `unsafeReentrantRead`, `close` and `interrupt`.
///
/// Swift lets a synchronous method satisfy an async requirement: a type that implements only the
/// synchronous `read(_:)` runs it for `try await reader.read { … }` too, which then blocks the
/// calling task while the read runs. A type whose async reads must not block implements the async
/// `read(_:)` as well (`DatabaseQueue` and `DatabasePool` do).
public protocol DatabaseReader: AnyObject, Sendable {
    /// The configuration of the connections.
    var configuration: Configuration { get }

    /// The path of the database file (":memory:" for a private in-memory database).
    var path: String { get }

    /// Runs `value` in a read-only transaction, and returns its result. The database does not
    /// change while `value` runs.
    ///
    /// - throws: The error of `value`, or a `DatabaseError` (a reentrant call fails with `SQLITE_MISUSE`).
    func read<T>(_ value: (Database) throws -> T) throws -> T

    /// Runs `value` later, in a read-only transaction, with the database or the error that
    /// prevented the access.
    func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs `value` in a read-only transaction, without blocking the calling task (see the
    /// protocol's documentation for the types that implement only the synchronous `read(_:)`).
    ///
    /// - throws: `CancellationError` when the task is cancelled before the access starts, the error
    ///   of `value`, or a `DatabaseError`.
    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T

    /// Runs `value` outside of any transaction, and returns its result: the database may change
    /// between two of its statements (on a `DatabasePool`, as other connections write), and
    /// `value` may open transactions of its own.
    ///
    /// - throws: The error of `value`, or a `DatabaseError` of the access.
    @_disfavoredOverload
    func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T

    /// Runs `value` later, outside of any transaction (see `unsafeRead(_:)`), with the database or
    /// the error that prevented the access.
    func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs `value` and returns its result: at once, on the connection of the current access, when
    /// called from inside an access of this reader (in whatever transaction that access is in);
    /// otherwise as `unsafeRead(_:)` does.
    ///
    /// - throws: The error of `value`, or a `DatabaseError` of the access.
    func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T

    /// Closes the connections. Later accesses fail with `SQLITE_MISUSE`.
    func close() throws

    /// Interrupts the statements that run, if any: they fail with `SQLITE_INTERRUPT`. Safe from
    /// any thread, also after `close()`, where it does nothing.
    func interrupt()

    /// The writer whose commits the observations of this reader follow: a writer follows itself; a
    /// reader that cannot change (a snapshot) follows none, and its observations notify their
    /// initial value only.
    ///
    /// The default implementations return the reader itself when it is a `DatabaseWriter`, and nil
    /// otherwise. A reader that forwards to a writer may return that writer.
    var _observedWriter: (any DatabaseWriter)? { get }
}

extension DatabaseReader {
    /// Nil: the reader cannot change (see the requirement).
    public var _observedWriter: (any DatabaseWriter)? { nil }

    /// Runs `value` in a read-only transaction, without blocking the calling task.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.run(value, schedule: asyncRead)
    }

    /// Runs `value` outside of any transaction, without blocking the calling task. (Unlike GRDB's,
    /// it is not a requirement: a synchronous `unsafeRead(_:)` that rethrows cannot stand for it.)
    ///
    /// - throws: `CancellationError` when the task is cancelled before the access starts, the error
    ///   of `value`, or a `DatabaseError`.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.runOutsideOfTransaction(value, schedule: asyncUnsafeRead)
    }
}
