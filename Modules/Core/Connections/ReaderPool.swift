import Dispatch

/// The reader connections of a DatabasePool: created on demand up to a maximum, and lent to one
/// read at a time.
final class ReaderPool: Sendable {
    private let makeReader: @Sendable (Int) throws -> SerializedDatabase
    private let semaphore: DispatchSemaphore
    private let maximumCount: Int
    private let state = LockedValue(State())

    private struct State {
        var idle: [SerializedDatabase] = []
        var all: [SerializedDatabase] = []
        /// How many readers were created (the next one is number `createdCount + 1`).
        var createdCount = 0
        /// Incremented by `invalidate()`: a reader lent before is closed when its read ends.
        var generation = 0
        var isClosed = false
        /// Whether `withAllReadersReserved` runs its body.
        var areAllReserved = false
    }

    init(maximumCount: Int, makeReader: @escaping @Sendable (Int) throws -> SerializedDatabase) {
        precondition(maximumCount > 0, "maximumReaderCount must be at least 1")
        self.semaphore = DispatchSemaphore(value: maximumCount)
        self.maximumCount = maximumCount
        self.makeReader = makeReader
    }

    /// Runs `body` while no reader is lent: waits until the reads in progress end, and makes the
    /// reads that start meanwhile wait until `body` returns.
    func withAllReadersReserved<T>(_ body: () throws -> T) rethrows -> T {
        for _ in 0..<maximumCount { semaphore.wait() }
        state.withLock { $0.areAllReserved = true }
        defer {
            state.withLock { $0.areAllReserved = false }
            for _ in 0..<maximumCount { semaphore.signal() }
        }
        return try body()
    }

    /// Whether `withAllReadersReserved` runs its body, so that no read may start.
    var areAllReserved: Bool { state.withLock { $0.areAllReserved } }

    /// Runs `body` with a reader, waiting for one to be free.
    func withReader<T>(_ body: (SerializedDatabase) throws -> T) throws -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        let (reader, generation) = try lendReader()
        defer { release(reader, lentAt: generation) }
        return try body(reader)
    }

    /// An idle reader, or a new one, and the generation it is lent at. A new reader is opened
    /// outside the lock: opening runs the `prepareDatabase` functions (a key derivation, say), which
    /// must not block the other readers' comings and goings.
    private func lendReader() throws -> (SerializedDatabase, Int) {
        let (idleReader, number, generation) = try state.withLock { state -> (SerializedDatabase?, Int, Int) in
            if state.isClosed { throw Self.closedError }
            if let reader = state.idle.popLast() { return (reader, 0, state.generation) }
            state.createdCount += 1
            return (nil, state.createdCount, state.generation)
        }
        if let idleReader { return (idleReader, generation) }
        let reader = try makeReader(number)
        let isClosed = state.withLock { state -> Bool in
            if !state.isClosed { state.all.append(reader) }
            return state.isClosed
        }
        if isClosed {
            reader.close()
            throw Self.closedError
        }
        return (reader, generation)
    }

    private static var closedError: DatabaseError {
        DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed: the pool was closed")
    }

    /// Makes a reader available again, or closes it when the pool was invalidated while it was lent.
    private func release(_ reader: SerializedDatabase, lentAt generation: Int) {
        let isInvalidated = state.withLock { state -> Bool in
            guard state.generation != generation else {
                state.idle.append(reader)
                return false
            }
            state.all.removeAll { $0 === reader }
            return true
        }
        if isInvalidated { reader.close() }
    }

    /// The connection of the reader whose access runs on the current thread, if any.
    func databaseOfCurrentAccess() -> Database? {
        for reader in readers {
            if let database = reader.reentrantSync({ $0 }) { return database }
        }
        return nil
    }

    /// Every reader created so far and not closed yet: an invalidated reader stays until its read
    /// ends, so that `interrupt()` still reaches it.
    var readers: [SerializedDatabase] { state.withLock { $0.all } }

    /// Closes the idle readers now and the lent ones when their read ends, so that later reads open
    /// new connections (whose `prepareDatabase` functions may give a new passphrase, for instance).
    func invalidate() {
        let idle = state.withLock { state -> [SerializedDatabase] in
            let idle = state.idle
            state.idle.removeAll()
            state.all.removeAll { reader in idle.contains { $0 === reader } }
            state.generation += 1
            return idle
        }
        for reader in idle { reader.close() }
    }

    /// Closes every reader; later reads fail with `SQLITE_MISUSE`.
    func close() {
        let readers = state.withLock { state -> [SerializedDatabase] in
            state.isClosed = true
            return state.all
        }
        for reader in readers { reader.close() }
    }
}
