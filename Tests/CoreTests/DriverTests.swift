import ReactiveSQLite
import Testing

@Suite struct DriverTests {
    @Test func theSQLiteDriverRunsDebiansLibsqlite3() throws {
        let dbQueue = try DatabaseQueue()
        let version = try dbQueue.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") }
        #expect(version == DatabaseDriver.sqlite.capabilities.version)
        #expect(DatabaseDriver.sqlite.capabilities.isAtLeast(3, 35))
        // 3.40.1 is 3040001.
        let parts = (version ?? "").split(separator: ".").compactMap { Int32($0) }
        #expect(
            parts.count == 3 && Database.sqliteLibVersionNumber == parts[0] * 1_000_000 + parts[1] * 1000 + parts[2])
        // SQLCipher would answer this pragma with its version: the plain driver answers nothing.
        let cipherVersion = try dbQueue.read { db in try String.fetchOne(db, sql: "PRAGMA cipher_version") }
        #expect(cipherVersion == nil)
    }

    @Test func debiansLibsqlite3HasEveryFeatureButEncryption() {
        // The conformance suite checks that these declarations match what the library runs.
        let capabilities = DatabaseDriver.sqlite.capabilities
        #expect(capabilities.supportsReturning)
        #expect(capabilities.supportsUpsert)
        #expect(capabilities.supportsWindowFunctions)
        #expect(capabilities.supportsMathFunctions)
        #expect(capabilities.supportsPreupdateHook)
        #expect(!capabilities.supportsEncryption)
    }
}
