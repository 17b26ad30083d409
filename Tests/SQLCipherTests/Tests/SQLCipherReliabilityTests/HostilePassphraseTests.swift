import Foundation
import RSReliabilitySupport
import RSTestSupport
import Testing

/// Hostile passphrases: random texts (empty, NUL characters, any script, 64 KiB long) and random
/// bytes. A database encrypted with one opens with it, and only with it: another passphrase fails
/// with `SQLITE_NOTADB` (an empty one with `SQLITE_MISUSE`), never with a crash or another error.
@Suite struct HostilePassphraseTests {
    enum Passphrase: Sendable {
        case text(String)
        case bytes(Data)

        /// The key that SQLCipher receives.
        var key: Data {
            switch self {
            case .text(let text): Data(text.utf8)
            case .bytes(let bytes): bytes
            }
        }
    }

    static func randomPassphrase<G: RandomNumberGenerator>(using generator: inout G) -> Passphrase {
        let pieces = ["", "\u{0}", "a", "é", "🙂", "'", "\"", ";", "x'00'", " ", "\u{FFFD}", "PRAGMA key = 'x'"]
        switch Int.random(in: 0...3, using: &generator) {
        case 0:
            return .text(
                (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined())
        case 1:
            return .text(String(repeating: pieces.randomElement(using: &generator)!, count: 65_536))
        default:
            return .bytes(
                Data(
                    (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }))
        }
    }

    static func configuration(_ passphrase: Passphrase) -> Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            switch passphrase {
            case .text(let text): try db.usePassphrase(text)
            case .bytes(let bytes): try db.usePassphrase(bytes)
            }
        }
        return configuration
    }

    @Test func aDatabaseOpensWithItsPassphraseOnlyWhateverThePassphrase() async throws {
        // On a thread of its own: each opening derives a key (64,000 PBKDF2 iterations), which would
        // hold a thread of the cooperative pool.
        try await runOffThePool { try Self.checkRandomPassphrases() }
    }

    static func checkRandomPassphrases() throws {
        var generator = SystemRandomNumberGenerator()
        let count = max(20, ReliabilityScale.current.hostileInputs / 50)
        var refused = 0
        var violations = 0
        for index in 0..<count {
            let directory = try TemporaryDirectory()
            let path = directory.path("db.sqlite")
            let passphrase = randomPassphrase(using: &generator)
            let other = randomPassphrase(using: &generator)
            // An empty passphrase is refused, as documented.
            let expectedError: ResultCode = other.key.isEmpty ? .SQLITE_MISUSE : .SQLITE_NOTADB
            if passphrase.key.isEmpty {
                do {
                    _ = try DatabaseQueue(path: path, configuration: configuration(passphrase))
                    Issue.record("an empty passphrase was accepted")
                    violations += 1
                } catch let error as DatabaseError {
                    #expect(error.resultCode == .SQLITE_MISUSE, "\(error)")
                    refused += 1
                }
                continue
            }
            do {
                let writer = try DatabaseQueue(path: path, configuration: configuration(passphrase))
                try writer.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (\(index))") }
                try writer.close()
            } catch let error as DatabaseError {
                // SQLCipher may refuse a passphrase: then with a typed error.
                Issue.record("passphrase \(passphrase) refused: \(error)")
                violations += 1
                continue
            }
            let reopened = try DatabaseQueue(path: path, configuration: configuration(passphrase))
            #expect(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") } == index)
            try reopened.close()
            if other.key != passphrase.key {
                do {
                    let wrong = try DatabaseQueue(path: path, configuration: configuration(other))
                    _ = try wrong.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }
                    Issue.record("\(other) opened a database encrypted with \(passphrase)")
                    violations += 1
                } catch let error as DatabaseError {
                    #expect(error.resultCode == expectedError, "\(error)")
                    refused += 1
                }
            }
        }
        ReliabilityReport.record(
            "hostile",
            [
                "driver": "SQLCipher", "kind": "passphrases", "inputs": count, "refused": refused,
                "violations": violations,
            ])
    }
}
