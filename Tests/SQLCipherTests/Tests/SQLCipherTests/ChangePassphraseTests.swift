import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLCipher
import Testing

/// `changePassphrase`: the data stays, the new passphrase opens the file, the old one no longer does.
@Suite struct ChangePassphraseTests {
    @Test func aQueueChangesItsPassphraseInAWrite() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let passphrase = Locked("old secret")
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration(passphrase: passphrase))
        try createSampleTable(dbQueue)
        try dbQueue.write { db in
            try db.changePassphrase("new secret")
            try db.execute(sql: "INSERT INTO t VALUES (4)")
        }
        passphrase.current = "new secret"
        // The queue goes on with its connection, keyed with the new passphrase.
        #expect(try sampleRows(dbQueue) == [1, 2, 3, 4])
        #expect(
            try sampleRows(DatabaseQueue(path: path, configuration: configuration(passphrase: "new secret"))) == [
                1, 2, 3, 4,
            ])
        try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try DatabaseQueue(path: path, configuration: configuration(passphrase: "old secret"))
        }
    }

    @Test func aQueueChangesItsPassphraseOutsideOfATransactionWithData() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration(passphrase: "old secret"))
        try createSampleTable(dbQueue)
        let newPassphrase = Data([0xDE, 0xAD, 0x00, 0xBE, 0xEF])
        try dbQueue.writeWithoutTransaction { db in try db.changePassphrase(newPassphrase) }
        var config = Configuration()
        config.prepareDatabase { db in try db.usePassphrase(newPassphrase) }
        #expect(try sampleRows(DatabaseQueue(path: path, configuration: config)) == [1, 2, 3])
        try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try DatabaseQueue(path: path, configuration: configuration(passphrase: "old secret"))
        }
    }

    @Test func aPoolChangesItsPassphraseInABarrierAndInvalidatesItsReaders() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let passphrase = Locked("old secret")
        var config = configuration(passphrase: passphrase)
        config.maximumReaderCount = 2
        let dbPool = try DatabasePool(path: path, configuration: config)
        try createSampleTable(dbPool)
        // Two readers keyed with the old passphrase, idle.
        try readSampleRowsConcurrently(dbPool, count: 2)

        try dbPool.barrierWriteWithoutTransaction { db in
            try db.changePassphrase("new secret")
            passphrase.current = "new secret"
            dbPool.invalidateReadOnlyConnections()
        }
        try dbPool.write { db in try db.execute(sql: "INSERT INTO t VALUES (4)") }
        // New readers, keyed with the new passphrase, read the file written with it.
        let rows = try readSampleRowsConcurrently(dbPool, count: 2)
        #expect(rows == [[1, 2, 3, 4], [1, 2, 3, 4]])

        for kind in DatabaseKind.onDisk {
            #expect(try sampleRows(kind.open(path, configuration(passphrase: "new secret"))) == [1, 2, 3, 4])
            try expectDatabaseError(.SQLITE_NOTADB) { _ = try kind.open(path, configuration(passphrase: "old secret")) }
        }
    }

    @Test func readersThatKeepTheOldPassphraseCannotReadAfterTheChange() throws {
        // The control of the test above: without the invalidation, the idle readers still have the
        // old key, and fail on pages written with the new one.
        let directory = try TemporaryDatabaseDirectory()
        let passphrase = Locked("old secret")
        var config = configuration(passphrase: passphrase)
        config.maximumReaderCount = 1
        let dbPool = try DatabasePool(path: directory.path("db"), configuration: config)
        try createSampleTable(dbPool)
        #expect(try sampleRows(dbPool) == [1, 2, 3])
        try dbPool.barrierWriteWithoutTransaction { db in
            try db.changePassphrase("new secret")
            passphrase.current = "new secret"
        }
        // The reader's key does not decrypt the pages: SQLCipher takes them for no database at all.
        let error = try expectDatabaseError(.SQLITE_NOTADB) { _ = try sampleRows(dbPool) }
        #expect(error.message?.hasPrefix("file is encrypted or is not a database") == true)
        dbPool.invalidateReadOnlyConnections()
        #expect(try sampleRows(dbPool) == [1, 2, 3])
    }

    @Test func changingThePassphraseOfAPlaintextDatabaseFails() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let dbQueue = try DatabaseQueue(path: path)
        try createSampleTable(dbQueue)
        let error = try expectDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.writeWithoutTransaction { db in try db.changePassphrase("secret") }
        }
        #expect(error.message?.contains("exportEncryptedCopy") == true)
        #expect(try fileHeader(path) == plaintextHeader)
        #expect(try sampleRows(DatabaseQueue(path: path)) == [1, 2, 3])
    }

    @Test func aPassphraseChangeThatCannotLockTheDatabaseFailsAndChangesNothing() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let dbQueue = try DatabaseQueue(path: path, configuration: configuration(passphrase: "old secret"))
        try createSampleTable(dbQueue)
        // Another connection reads: it holds a shared lock, which a rekey cannot commit through.
        let reader = try DatabaseQueue(path: path, configuration: configuration(passphrase: "old secret"))
        try reader.read { db in
            _ = try Int.fetchAll(db, sql: "SELECT a FROM t")
            try expectDatabaseError(.SQLITE_BUSY) {
                try dbQueue.writeWithoutTransaction { db in try db.changePassphrase("new secret") }
            }
        }
        // The old passphrase still opens the file, even after the connection writes again.
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (4)") }
        #expect(
            try sampleRows(DatabaseQueue(path: path, configuration: configuration(passphrase: "old secret"))) == [
                1, 2, 3, 4,
            ])
        // Without the reader, the change goes through.
        try dbQueue.writeWithoutTransaction { db in try db.changePassphrase("new secret") }
        #expect(
            try sampleRows(DatabaseQueue(path: path, configuration: configuration(passphrase: "new secret"))) == [
                1, 2, 3, 4,
            ])
    }
}
