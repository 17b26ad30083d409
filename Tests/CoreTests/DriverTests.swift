import ReactiveSQLite
import Testing

@Suite struct DriverTests {
    @Test func theSQLiteDriverRunsDebiansLibsqlite3() throws {
        let dbQueue = try DatabaseQueue()
        let version = try dbQueue.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }
        #expect(version == DatabaseDriver.sqlite.capabilities.version)
        #expect(DatabaseDriver.sqlite.capabilities.isAtLeast(3, 35))
        // SQLCipher would answer this pragma with its version: the plain driver answers nothing.
        let cipherVersion = try dbQueue.read { db in try String.fetchOne(db, sql: "PRAGMA cipher_version") }
        #expect(cipherVersion == nil)
    }
}
