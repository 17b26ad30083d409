import Dispatch
import Foundation
import RSCore

/// Runs `count` reads of the pool that overlap, so that each one uses its own reader: every read
/// waits until all have started, then runs `read` with its number (from 0). Returns the results in
/// the order of the numbers, or throws the first error.
public func readConcurrently<T: Sendable>(
    _ dbPool: DatabasePool, count: Int, _ read: @escaping @Sendable (_ number: Int, Database) throws -> T
) throws -> [T] {
    let started = DispatchGroup()
    let proceed = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    let results = Locked<[Int: Result<T, any Error>]>([:])
    for number in 0..<count {
        started.enter()
        done.enter()
        dbPool.asyncRead { db in
            defer { done.leave() }
            started.leave()
            _ = proceed.wait(timeout: .now() + checkTimeout)
            let result = Result { try read(number, db.get()) }
            results.withLock { $0[number] = result }
        }
    }
    guard started.wait(timeout: .now() + checkTimeout) == .success else {
        throw ConformanceFailure(description: "the reads did not all start", location: "\(#fileID):\(#line)")
    }
    for _ in 0..<count { proceed.signal() }
    guard done.wait(timeout: .now() + checkTimeout) == .success else {
        throw ConformanceFailure(description: "the reads did not end", location: "\(#fileID):\(#line)")
    }
    let current = results.current
    return try (0..<count).map { try current[$0]!.get() }
}
