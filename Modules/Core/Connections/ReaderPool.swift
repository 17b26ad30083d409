import Dispatch

/// The reader connections of a DatabasePool: created on demand up to a maximum, and lent to one
/// read at a time.
final class ReaderPool: Sendable {
    private let makeReader: @Sendable (Int) throws -> SerializedDatabase
    private let semaphore: DispatchSemaphore
    private let state = LockedValue(State())

    private struct State {
        var idle: [SerializedDatabase] = []
        var all: [SerializedDatabase] = []
        var isClosed = false
    }

    init(maximumCount: Int, makeReader: @escaping @Sendable (Int) throws -> SerializedDatabase) {
        precondition(maximumCount > 0, "maximumReaderCount must be at least 1")
        self.semaphore = DispatchSemaphore(value: maximumCount)
        self.makeReader = makeReader
    }

    /// Runs `body` with a reader, waiting for one to be free.
    func withReader<T>(_ body: (SerializedDatabase) throws -> T) throws -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        let reader = try state.withLock { state -> SerializedDatabase in
            if state.isClosed {
                throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed: the pool was closed")
            }
            if let reader = state.idle.popLast() { return reader }
            let reader = try makeReader(state.all.count + 1)
            state.all.append(reader)
            return reader
        }
        defer { state.withLock { $0.idle.append(reader) } }
        return try body(reader)
    }

    /// Every reader created so far.
    var readers: [SerializedDatabase] { state.withLock { $0.all } }

    /// Closes every reader; later reads fail with `SQLITE_MISUSE`.
    func close() {
        let readers = state.withLock { state -> [SerializedDatabase] in
            state.isClosed = true
            return state.all
        }
        for reader in readers { reader.close() }
    }
}
