/// Bridges a non-escaping database closure to the callback accesses, for the async/await API.
///
/// The closure is only lent to the callback: it is called once, then dropped before the awaiting
/// task resumes, so that it never outlives `withoutActuallyEscaping`.
final class LentClosure<T: Sendable>: @unchecked Sendable {
    // Sendable: `body` is a @Sendable closure; it is read and cleared by the single callback that
    // runs it, and nothing else touches it.
    private var body: (@Sendable (Database) throws -> T)?

    private init(_ body: @escaping @Sendable (Database) throws -> T) {
        self.body = body
    }

    /// Runs `schedule` with a callback that calls `body` with the database it is handed, and waits
    /// for the result.
    static func run(
        _ body: @Sendable (Database) throws -> T,
        schedule: (@escaping @Sendable (Result<Database, any Error>) -> Void) -> Void
    ) async throws -> T {
        try Task.checkCancellation()
        return try await withoutActuallyEscaping(body) { body in
            let lent = LentClosure(body)
            return try await awaitCompletion { completion in
                schedule { database in completion(lent.callOnce(database)) }
            }
        }
    }

    /// `run(_:schedule:)` for an access outside of a transaction: a transaction that `body` leaves
    /// open is rolled back, and the access fails (see `Database.withNoTransactionLeftOpen`).
    static func runOutsideOfTransaction(
        _ body: @Sendable (Database) throws -> T,
        schedule: (@escaping @Sendable (Result<Database, any Error>) -> Void) -> Void
    ) async throws -> T {
        try await run({ db in try db.withNoTransactionLeftOpen { try body(db) } }, schedule: schedule)
    }

    private func callOnce(_ database: Result<Database, any Error>) -> Result<T, any Error> {
        let body = self.body!
        self.body = nil
        return Result { try body(database.get()) }
    }
}

/// Runs `start` with a completion, which may be called on any thread, and waits for its result.
///
/// The result crosses threads under a lock, and the continuation only wakes the task up. The
/// continuation orders them too, but ThreadSanitizer does not see it when the completion resumes
/// before the task suspends: `swift_continuation_await` (Swift 6.3 on Linux) then continues with
/// no `__tsan_acquire`, and the task's reads of the result are reported as races with its
/// creation. The lock, a pthread mutex, is an edge that ThreadSanitizer sees.
func awaitCompletion<T: Sendable>(
    _ start: (@escaping @Sendable (Result<T, any Error>) -> Void) -> Void
) async throws -> T {
    let handOff = LockedValue<Result<T, any Error>?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        start { result in
            handOff.withLock { $0 = result }
            continuation.resume()
        }
    }
    return try handOff.withLock { $0! }.get()
}
