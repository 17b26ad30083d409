import Foundation
import Testing

@testable import RSCore

/// What a look for outside commits finds on a writer (`Database.noticeOutsideCommits()`), with a real
/// file and a second connection to it.
@Suite struct OutsideCommitLookTests {
    @Test func aLookTellsOutsideCommitsFromTheWritersOwn() throws {
        let path = NSTemporaryDirectory() + "/\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var configuration = Configuration()
        // A poll that never comes: the test runs every look.
        configuration.outsideChanges = .polling(interval: 1e6)
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration)
        try dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let afterCreate = dbQueue.writeWithoutTransaction { db in db.noticeOutsideCommits() }
        #expect(afterCreate == .localCommitsOnly)
        let afterNothing = dbQueue.writeWithoutTransaction { db in db.noticeOutsideCommits() }
        #expect(afterNothing == .unchanged)

        let otherQueue = try DatabaseQueue(path: path)
        try otherQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        let afterBoth = dbQueue.writeWithoutTransaction { db in db.noticeOutsideCommits() }
        #expect(afterBoth == .noticed)
        // The notice is not a commit of the writer.
        let afterNotice = dbQueue.writeWithoutTransaction { db in db.noticeOutsideCommits() }
        #expect(afterNotice == .unchanged)
    }
}
