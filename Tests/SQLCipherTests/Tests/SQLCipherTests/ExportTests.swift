import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLCipher
import Testing

/// Encrypting a plaintext database and decrypting an encrypted one with `sqlcipher_export`.
@Suite struct ExportTests {
    @Test(arguments: DatabaseKind.onDisk)
    func aPlaintextDatabaseIsEncryptedAndDecryptedBackWithItsData(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let plaintextPath = directory.path("plain.db")
        let encryptedPath = directory.path("encrypted.db")
        let decryptedPath = directory.path("decrypted.db")
        let plaintext = try kind.open(plaintextPath)
        try createSampleTable(plaintext)
        try plaintext.write { db in
            try db.execute(sql: "CREATE INDEX t_a ON t(a); PRAGMA user_version = 42; PRAGMA application_id = 7")
        }

        try plaintext.writeWithoutTransaction { db in
            try db.exportEncryptedCopy(to: encryptedPath, passphrase: "secret")
        }
        #expect(try fileHeader(encryptedPath) != plaintextHeader)
        try expectDatabaseError(.SQLITE_NOTADB) { _ = try DatabaseQueue(path: encryptedPath) }
        let encrypted = try kind.open(encryptedPath, configuration(passphrase: "secret"))
        #expect(try sampleRows(encrypted) == [1, 2, 3])
        let indexes = try encrypted.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index'")
        }
        #expect(indexes == ["t_a"])
        // The header values that applications version their schema with come along.
        #expect(try encrypted.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 42)
        #expect(try encrypted.read { db in try Int.fetchOne(db, sql: "PRAGMA application_id") } == 7)

        try encrypted.writeWithoutTransaction { db in try db.exportPlaintextCopy(to: decryptedPath) }
        #expect(try fileHeader(decryptedPath) == plaintextHeader)
        #expect(try sampleRows(DatabaseQueue(path: decryptedPath)) == [1, 2, 3])
        #expect(
            try DatabaseQueue(path: decryptedPath).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 42
        )
    }

    @Test func anEncryptedDatabaseIsCopiedWithAnotherPassphrase() throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue = try DatabaseQueue(path: directory.path("old.db"), configuration: configuration(passphrase: "old"))
        try createSampleTable(dbQueue)
        let newPassphrase = Data([0x01, 0x00, 0xFE])
        try dbQueue.writeWithoutTransaction { db in
            try db.exportEncryptedCopy(to: directory.path("new.db"), passphrase: newPassphrase)
        }
        var config = Configuration()
        config.prepareDatabase { db in try db.usePassphrase(newPassphrase) }
        #expect(try sampleRows(DatabaseQueue(path: directory.path("new.db"), configuration: config)) == [1, 2, 3])
        try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try DatabaseQueue(path: directory.path("new.db"), configuration: configuration(passphrase: "old"))
        }
        // The export function is gone: nothing can read the passphrase after the export.
        try expectDatabaseError(.SQLITE_ERROR) {
            _ = try dbQueue.read { db in try Data.fetchOne(db, sql: "SELECT rs_sqlcipher_export_key()") }
        }
    }

    @Test func anExportRefusesAnExistingDestinationATransactionAndAnEmptyPassphrase() throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue = try DatabaseQueue(path: directory.path("db"))
        try createSampleTable(dbQueue)
        let existing = directory.path("existing.db")
        try createSampleTable(DatabaseQueue(path: existing))
        try expectDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.writeWithoutTransaction { db in try db.exportEncryptedCopy(to: existing, passphrase: "secret") }
        }
        try expectDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.write { db in try db.exportEncryptedCopy(to: directory.path("new.db"), passphrase: "secret") }
        }
        try expectDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.writeWithoutTransaction { db in
                try db.exportEncryptedCopy(to: directory.path("new.db"), passphrase: "")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.db")))
        // The database is still usable, with nothing attached.
        let databases = try dbQueue.read { db in try Row.fetchAll(db, sql: "PRAGMA database_list").count }
        #expect(databases == 1)
    }

    @Test func anExportRefusesToRunDuringACursor() throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue = try DatabaseQueue(path: directory.path("plain.db"))
        try createSampleTable(dbQueue)
        let encryptedPath = directory.path("encrypted.db")
        try dbQueue.writeWithoutTransaction { db in
            // A running statement keeps SQLite from detaching the copy and removing the key function.
            let cursor = try Row.fetchCursor(db, sql: "SELECT a FROM t")
            _ = try cursor.next()
            try expectDatabaseError(.SQLITE_MISUSE) {
                try db.exportEncryptedCopy(to: encryptedPath, passphrase: "secret")
            }
            #expect(try cursor.next() != nil)
        }
        #expect(!FileManager.default.fileExists(atPath: encryptedPath))
        try dbQueue.writeWithoutTransaction { db in try db.exportEncryptedCopy(to: encryptedPath, passphrase: "secret")
        }
        #expect(
            try sampleRows(DatabaseQueue(path: encryptedPath, configuration: configuration(passphrase: "secret"))) == [
                1, 2, 3,
            ])
    }
}
