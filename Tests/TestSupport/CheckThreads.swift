import Foundation

/// Runs the conformance checks on threads of their own, two at a time, and awaits them: a check
/// blocks its thread while it waits (on semaphores, on the database), and run on the cooperative
/// thread pool, which has one thread per core, it would starve the async tests that run beside it.
actor CheckThreads {
    /// The runner of every check of the process.
    static let shared = CheckThreads(width: 2)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(width: Int) {
        free = width
    }

    /// Runs `body` on a new thread once fewer than `width` checks run, and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
        return try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
