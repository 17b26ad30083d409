import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLCipher
import Testing

/// The process runs SQLCipher, and only SQLCipher.
@Suite struct LibraryTests {
    @Test func theDriverRunsSQLCipher34OverSQLite3152() throws {
        let driver = DatabaseDriver.sqlcipher
        #expect(driver.name == "SQLCipher")
        #expect(String(cString: driver.api.libversion()!) == "3.15.2")
        #expect(driver.capabilities.version == "3.15.2")
        #expect(Database.sqliteLibVersionNumber == 3_015_002)
        let dbQueue = try DatabaseQueue()
        let (sqliteVersion, cipherVersion, pragmaCipherVersion) = try dbQueue.read { db in
            (db.sqliteVersion, try db.cipherVersion, try String.fetchOne(db, sql: "PRAGMA cipher_version"))
        }
        #expect(sqliteVersion == "3.15.2")
        #expect(cipherVersion.hasPrefix("3.4."))
        #expect(pragmaCipherVersion == cipherVersion)
    }

    @Test func theCapabilitiesAreThoseOfSQLite3152WithEncryption() {
        // The conformance suite checks that these declarations match what the library runs.
        let capabilities = DatabaseDriver.sqlcipher.capabilities
        #expect(!capabilities.supportsReturning)
        #expect(!capabilities.supportsUpsert)
        #expect(!capabilities.supportsWindowFunctions)
        #expect(!capabilities.supportsMathFunctions)
        #expect(!capabilities.supportsPreupdateHook)
        #expect(capabilities.supportsEncryption)
    }

    #if os(Linux)
        @Test func theProcessLoadsLibsqlcipherAndNotLibsqlite3() throws {
            // A file of /proc has no size: read it to its end.
            let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
            let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            #expect(maps.contains("libdispatch"))
            let libraries = Set(
                maps.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) })
            #expect(libraries.contains { $0.hasPrefix("libsqlcipher.so") })
            #expect(!libraries.contains { $0.hasPrefix("libsqlite3.so") })
        }
    #endif

    @Test func cipherPragmasRunAsPlainSQL() throws {
        let directory = try TemporaryDatabaseDirectory()
        var config = configuration(passphrase: "secret")
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA cipher_page_size = 4096") }
        let dbQueue = try DatabaseQueue(path: directory.path("db"), configuration: config)
        try createSampleTable(dbQueue)
        let pageSize = try dbQueue.read { db in try String.fetchOne(db, sql: "PRAGMA cipher_page_size") }
        #expect(pageSize == "4096")
        // The page size is part of the format: the default one cannot read the file.
        try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try DatabaseQueue(path: directory.path("db"), configuration: configuration(passphrase: "secret"))
        }
        #expect(try sampleRows(DatabaseQueue(path: directory.path("db"), configuration: config)) == [1, 2, 3])
    }
}
