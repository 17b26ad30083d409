import Foundation

/// Runs `body` on a thread of its own, and awaits its result: the scenarios block while they wait
/// (for a child process, a lock, a fault), and on the cooperative thread pool, which has one thread
/// per core, they would starve the async tests that run beside them.
public func runOffThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
