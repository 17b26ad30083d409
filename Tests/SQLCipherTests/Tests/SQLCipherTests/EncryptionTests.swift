import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLCipher
import Testing

/// Encrypted files: what is on disk, and what opens them.
@Suite struct EncryptionTests {
    @Test(arguments: DatabaseKind.onDisk)
    func anEncryptedFileHasNoPlaintextHeaderAndReopensWithItsPassphrase(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        do {
            let writer = try kind.open(path, configuration(passphrase: "secret"))
            try createSampleTable(writer)
            try writer.writeWithoutTransaction { db in
                // Moves the content of the WAL into the file, whose pages are then all on disk.
                if kind == .pool { try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            }
        }
        let header = try fileHeader(path)
        #expect(header.count == 16)
        #expect(header != plaintextHeader)
        let content = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(content.range(of: Data("CREATE TABLE".utf8)) == nil)
        #expect(try sampleRows(kind.open(path, configuration(passphrase: "secret"))) == [1, 2, 3])
    }

    @Test func aPlaintextFileStartsWithTheSQLiteHeader() throws {
        // The control of the test above: the same steps without a passphrase write plaintext.
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        try createSampleTable(DatabaseQueue(path: path))
        #expect(try fileHeader(path) == plaintextHeader)
    }

    @Test(arguments: DatabaseKind.onDisk)
    func aWrongPassphraseFailsAtOpeningWithNotADatabase(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        try createSampleTable(kind.open(path, configuration(passphrase: "secret")))
        let error = try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try kind.open(path, configuration(passphrase: "not-the-secret-42"))
        }
        let message = error.message ?? ""
        #expect(message.hasPrefix("file is encrypted or is not a database"))
        #expect(message.contains("the passphrase is wrong or missing"))
        #expect(message.contains("SQLCipher 4"))
        #expect(!String(describing: error).contains("not-the-secret-42"))
    }

    @Test(arguments: DatabaseKind.onDisk)
    func anEncryptedFileWithoutPassphraseFailsAtOpeningWithNotADatabase(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        try createSampleTable(kind.open(path, configuration(passphrase: "secret")))
        try expectDatabaseError(.SQLITE_NOTADB) { _ = try kind.open(path) }
    }

    @Test(arguments: DatabaseKind.onDisk)
    func aPlaintextFileWithAPassphraseFailsAtOpeningWithNotADatabase(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        try createSampleTable(kind.open(path))
        try expectDatabaseError(.SQLITE_NOTADB) { _ = try kind.open(path, configuration(passphrase: "secret")) }
        #expect(try sampleRows(kind.open(path)) == [1, 2, 3])
    }

    @Test func aFileWithOtherCipherSettingsFailsWithAClearMessage() throws {
        // SQLCipher 4 files use 256,000 KDF iterations, 4 KiB pages and SHA512 HMACs by default. This
        // SQLCipher cannot write the HMAC of that format, but a file with the first two settings
        // fails the same way: the library cannot tell it from a wrong passphrase.
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        var config = configuration(passphrase: "secret")
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA kdf_iter = 256000; PRAGMA cipher_page_size = 4096")
        }
        try createSampleTable(DatabaseQueue(path: path, configuration: config))
        let error = try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try DatabaseQueue(path: path, configuration: configuration(passphrase: "secret"))
        }
        #expect(error.message?.contains("a format this SQLCipher cannot read") == true)
        #expect(error.message?.contains("SQLCipher 3 cannot read the default format of SQLCipher 4") == true)
        #expect(try sampleRows(DatabaseQueue(path: path, configuration: config)) == [1, 2, 3])
    }

    @Test func anInMemoryDatabaseAcceptsAPassphrase() throws {
        let dbQueue = try DatabaseQueue(configuration: configuration(passphrase: "secret"))
        try createSampleTable(dbQueue)
        #expect(try sampleRows(dbQueue) == [1, 2, 3])
    }

    @Test(arguments: DatabaseKind.onDisk)
    func dataPassphrasesOfAnyBytesWork(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        // Not UTF-8, and with a zero byte: the bytes go to SQLCipher as they are.
        let passphrase = Data([0x00, 0xFF, 0x80, 0x7F, 0x01, 0x00, 0xC3])
        func config(_ passphrase: Data) -> Configuration {
            var config = Configuration()
            config.prepareDatabase { db in try db.usePassphrase(passphrase) }
            return config
        }
        try createSampleTable(kind.open(path, config(passphrase)))
        #expect(try sampleRows(kind.open(path, config(passphrase))) == [1, 2, 3])
        try expectDatabaseError(.SQLITE_NOTADB) { _ = try kind.open(path, config(passphrase.dropLast())) }
        try expectDatabaseError(.SQLITE_NOTADB) { _ = try kind.open(path) }
    }

    @Test func aStringPassphraseIsItsUTF8Bytes() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        try createSampleTable(DatabaseQueue(path: path, configuration: configuration(passphrase: "sécret")))
        var config = Configuration()
        config.prepareDatabase { db in try db.usePassphrase(Data("sécret".utf8)) }
        #expect(try sampleRows(DatabaseQueue(path: path, configuration: config)) == [1, 2, 3])
    }

    @Test func anEmptyPassphraseIsRefused() throws {
        var dataConfig = Configuration()
        dataConfig.prepareDatabase { db in try db.usePassphrase(Data()) }
        try expectDatabaseError(.SQLITE_MISUSE) { _ = try DatabaseQueue(configuration: dataConfig) }
        var config = Configuration()
        config.prepareDatabase { db in try db.usePassphrase("") }
        try expectDatabaseError(.SQLITE_MISUSE) { _ = try DatabaseQueue(configuration: config) }
        let dbQueue = try DatabaseQueue(configuration: configuration(passphrase: "secret"))
        try expectDatabaseError(.SQLITE_MISUSE) {
            try dbQueue.writeWithoutTransaction { db in try db.changePassphrase("") }
        }
    }

    @Test func aPoolKeysEveryReader() throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let preparedCount = Locked(0)
        var config = configuration(passphrase: "secret")
        config.maximumReaderCount = 3
        config.prepareDatabase { _ in preparedCount.withLock { $0 += 1 } }
        let dbPool = try DatabasePool(path: path, configuration: config)
        try createSampleTable(dbPool)
        // Three reads that overlap need three readers: each one must be keyed to read.
        let readers = 3
        #expect(try readSampleRowsConcurrently(dbPool, count: readers) == Array(repeating: [1, 2, 3], count: readers))
        // The writer and the three readers.
        #expect(preparedCount.current == 1 + readers)
    }
}
