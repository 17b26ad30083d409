import ReactiveSQLite
import Testing

/// The programming errors of `DatabaseMigrator` stop the program, as in GRDB. Exit tests run their
/// body in a process of their own, and expect it to stop with the message of the precondition (a
/// body that threw an error would also end the process with a failure, but without that message).
@Suite struct MigratorPreconditionTests {
    @Test func registeringAMigrationTwiceStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { _ in }
            migrator.registerMigration("v1") { _ in }
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("already registered migration: v1"), "\(message)")
    }

    @Test func migratingUpToAnUnknownMigrationStopsTheProgram() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var migrator = DatabaseMigrator()
            migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
            let dbQueue = try DatabaseQueue()
            try migrator.migrate(dbQueue, upTo: "v2")
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("undefined migration: v2"), "\(message)")
    }

    /// The counterpart of the exit tests above: their bodies, written right, do not stop the
    /// program (so that an exit test cannot pass for a reason that is not the precondition).
    @Test func theSameCallsWrittenRightRun() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        migrator.registerMigration("v2") { _ in }
        let dbQueue = try DatabaseQueue()
        try migrator.migrate(dbQueue, upTo: "v1")
        #expect(try dbQueue.read { db in try migrator.appliedMigrations(db) } == ["v1"])
    }
}
