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
            return try await withCheckedThrowingContinuation { continuation in
                schedule { database in
                    let result = lent.callOnce(database)
                    continuation.resume(with: result)
                }
            }
        }
    }

    private func callOnce(_ database: Result<Database, any Error>) -> Result<T, any Error> {
        let body = self.body!
        self.body = nil
        return Result { try body(database.get()) }
    }
}
