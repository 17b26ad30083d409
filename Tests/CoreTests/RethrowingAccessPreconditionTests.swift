import Foundation
import ReactiveSQLite
import Testing

/// `DatabaseQueue.inDatabase`, `writeWithoutTransaction` and `unsafeReentrantWrite` rethrow, as in
/// GRDB: they cannot report the misuses that other accesses report with a `DatabaseError`, and stop
/// the program instead (exit tests, which read the message of the stop).
@Suite struct RethrowingAccessPreconditionTests {
    @Test func inDatabaseFromInsideAnAccessOfItsQueueStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { _ in
                dbQueue.inDatabase { _ in }
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Database methods are not reentrant"), "\(message)")
    }

    @Test func inDatabaseOnAClosedQueueStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.close()
            dbQueue.inDatabase { _ in }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Connection is closed"), "\(message)")
    }

    @Test func inDatabaseThatReturnsWithATransactionOpenStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbQueue = try DatabaseQueue()
            try dbQueue.inDatabase { db in try db.beginTransaction() }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("a transaction was left open"), "\(message)")
    }

    @Test func writeWithoutTransactionFromInsideAnAccessOfItsPoolStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbPool = try DatabasePool(path: NSTemporaryDirectory() + "/\(UUID().uuidString).sqlite")
            try dbPool.read { _ in
                dbPool.writeWithoutTransaction { _ in }
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Database methods are not reentrant"), "\(message)")
    }

    @Test func writeWithoutTransactionOnAClosedPoolStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbPool = try DatabasePool(path: NSTemporaryDirectory() + "/\(UUID().uuidString).sqlite")
            try dbPool.close()
            dbPool.writeWithoutTransaction { _ in }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Connection is closed"), "\(message)")
    }

    @Test func writeWithoutTransactionThatReturnsWithATransactionOpenStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbPool = try DatabasePool(path: NSTemporaryDirectory() + "/\(UUID().uuidString).sqlite")
            try dbPool.writeWithoutTransaction { db in try db.beginTransaction() }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("a transaction was left open"), "\(message)")
    }

    @Test func unsafeReentrantWriteFromAReadOfItsPoolStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbPool = try DatabasePool(path: NSTemporaryDirectory() + "/\(UUID().uuidString).sqlite")
            try dbPool.read { _ in
                dbPool.unsafeReentrantWrite { _ in }
            }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("Database methods are not reentrant"), "\(message)")
    }

    /// The counterpart of the exit tests above: their bodies, written right, do not stop the
    /// program (so that an exit test cannot pass for a reason that is not the precondition).
    @Test func theSameCallsWrittenRightRun() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { _ in }
        dbQueue.inDatabase { _ in }
        try dbQueue.inDatabase { db in
            try db.beginTransaction()
            try db.commit()
        }
        try dbQueue.close()
        let dbPool = try DatabasePool(path: NSTemporaryDirectory() + "/\(UUID().uuidString).sqlite")
        try dbPool.write { _ in }
        dbPool.writeWithoutTransaction { _ in }
        dbPool.unsafeReentrantWrite { _ in }
        try dbPool.writeWithoutTransaction { db in
            try db.beginTransaction()
            try db.commit()
        }
        try dbPool.close()
    }
}
