import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLCipher
import Testing

/// Passphrases appear in no trace and no error, even when statement arguments are public.
@Suite struct PassphraseSecrecyTests {
    /// The passphrases of these tests: distinctive, so that any leak is found by a plain search.
    let secret = "p4ss-phr4se-under-test"
    let newSecret = "n3w-p4ss-phr4se-under-test"

    /// A configuration whose connections trace into `events`, then use `passphrase`; statement
    /// arguments are public, so that a passphrase bound as an argument would show.
    func tracingConfiguration(_ events: Locked<[String]>, passphrase: String) -> Configuration {
        var config = Configuration()
        config.publicStatementArguments = true
        config.prepareDatabase { db in
            db.trace(options: [.statement, .profile]) { event in events.withLock { $0.append(event.description) } }
            try db.usePassphrase(passphrase)
        }
        return config
    }

    @Test(arguments: DatabaseKind.onDisk)
    func usePassphraseAndChangePassphraseTraceNoPassphrase(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        let events = Locked<[String]>([])
        let writer = try kind.open(path, tracingConfiguration(events, passphrase: secret))
        try createSampleTable(writer)
        try writer.writeWithoutTransaction { db in
            try db.changePassphrase(newSecret)
            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [4])
        }
        let trace = events.current
        // The trace works, and shows arguments: it would show a passphrase bound as one.
        #expect(trace.contains { $0.contains("CREATE TABLE t") })
        #expect(trace.contains { $0.contains("INSERT INTO t VALUES (4)") })
        #expect(!trace.contains { $0.contains(secret) || $0.contains(newSecret) })
    }

    @Test(arguments: DatabaseKind.onDisk)
    func aWrongPassphraseErrorShowsNoPassphrase(_ kind: DatabaseKind) throws {
        let directory = try TemporaryDatabaseDirectory()
        let path = directory.path("db")
        try createSampleTable(kind.open(path, configuration(passphrase: secret)))
        let events = Locked<[String]>([])
        let error = try expectDatabaseError(.SQLITE_NOTADB) {
            _ = try kind.open(path, tracingConfiguration(events, passphrase: newSecret))
        }
        #expect(!String(describing: error).contains(newSecret))
        let arguments = String(describing: error.arguments)
        #expect(!arguments.contains(newSecret))
        #expect(!events.current.contains { $0.contains(newSecret) })
    }

    @Test func exportsTraceNoPassphraseAndTheirErrorsHoldNone() throws {
        let directory = try TemporaryDatabaseDirectory()
        let events = Locked<[String]>([])
        let dbQueue = try DatabaseQueue(
            path: directory.path("db"), configuration: tracingConfiguration(events, passphrase: secret))
        try createSampleTable(dbQueue)
        try dbQueue.writeWithoutTransaction { db in
            try db.exportEncryptedCopy(to: directory.path("copy.db"), passphrase: newSecret)
        }
        // The trace goes on after the export (SQLCipher 3.4 cannot run it traced: it is suspended).
        try dbQueue.read { db in _ = try Int.fetchOne(db, sql: "SELECT 42") }
        #expect(events.current.contains { $0.contains("ATTACH DATABASE") })
        #expect(events.current.contains { $0.contains("SELECT 42") })
        #expect(!events.current.contains { $0.contains(secret) || $0.contains(newSecret) })
        #expect(
            try sampleRows(
                DatabaseQueue(path: directory.path("copy.db"), configuration: configuration(passphrase: newSecret)))
                == [1, 2, 3])

        // A failed ATTACH (no such directory): the error holds the SQL and the path, not the passphrase.
        let error = try expectDatabaseError(.SQLITE_CANTOPEN) {
            try dbQueue.writeWithoutTransaction { db in
                try db.exportEncryptedCopy(to: directory.path("missing/copy.db"), passphrase: newSecret)
            }
        }
        #expect(error.sql?.contains("ATTACH") == true)
        #expect(!String(describing: error).contains(newSecret))
        let arguments = String(describing: error.arguments)
        #expect(!arguments.contains(newSecret))
        #expect(!events.current.contains { $0.contains(newSecret) })
    }
}
