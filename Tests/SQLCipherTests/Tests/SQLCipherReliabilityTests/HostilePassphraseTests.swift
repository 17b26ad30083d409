import Foundation
import RSReliabilitySupport
import RSTestSupport
import RSTesting
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
        let seed = UInt64.random(in: 0 ... .max)
        // On a thread of its own: each opening derives a key (64,000 PBKDF2 iterations), which would
        // hold a thread of the cooperative pool.
        let figures = try await runOffThePool { try Self.checkRandomPassphrases(seed: seed) }
        HostileInputScenario.report(figures, seed: seed, driver: "SQLCipher", inputs: "passphrases")
        #expect(figures.violations == [], "seed \(seed)")
    }

    /// Encrypts databases with random passphrases, and opens them with their own and with others.
    static func checkRandomPassphrases(seed: UInt64) throws -> HostileInputScenario.Figures {
        var generator = SplitMix64(seed: seed)
        var figures = HostileInputScenario.Figures()
        for index in 0..<max(20, ReliabilityScale.current.hostileInputs / 50) {
            figures.inputs += 1
            let directory = try TemporaryDatabaseDirectory()
            let path = directory.path("db.sqlite")
            let passphrase = randomPassphrase(using: &generator)
            let other = randomPassphrase(using: &generator)
            /// Opens the database with `passphrase`, and reads it: the error that SQLCipher gives.
            func openingError(_ passphrase: Passphrase) throws -> ResultCode? {
                do {
                    let writer = try DatabaseQueue(path: path, configuration: configuration(passphrase))
                    try writer.write { db in
                        try db.execute(
                            sql:
                                "CREATE TABLE IF NOT EXISTS t (a); INSERT INTO t SELECT \(index) WHERE NOT EXISTS (SELECT 1 FROM t)"
                        )
                    }
                    if try writer.read({ db in try Int.fetchOne(db, sql: "SELECT a FROM t") }) != index {
                        figures.violations.append("\(passphrase) reads another database")
                    }
                    try writer.close()
                    return nil
                } catch let error as DatabaseError {
                    figures.refused += 1
                    return error.resultCode
                }
            }
            // An empty passphrase is refused, as documented.
            if passphrase.key.isEmpty {
                let error = try openingError(passphrase)
                if error != .SQLITE_MISUSE {
                    figures.violations.append("an empty passphrase gives \(String(describing: error))")
                }
                continue
            }
            // The database opens with its own passphrase, twice (created, then reopened).
            for _ in 0..<2 {
                if let error = try openingError(passphrase) {
                    figures.violations.append("\(passphrase) is refused with \(error)")
                }
            }
            guard other.key != passphrase.key else { continue }
            let expected: ResultCode = other.key.isEmpty ? .SQLITE_MISUSE : .SQLITE_NOTADB
            let error = try openingError(other)
            if error != expected {
                figures.violations.append(
                    "\(other) opens a database encrypted with \(passphrase): \(String(describing: error))")
            }
        }
        return figures
    }
}
