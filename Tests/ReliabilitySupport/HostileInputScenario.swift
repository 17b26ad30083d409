import Foundation
import RSCore
import RSQueryInterface

/// Hostile input, generated at random: SQL made of random bytes and random tokens, random
/// arguments, identifiers and column names through the query interface and the schema DSL, random
/// record values, texts that are not valid UTF-8, blobs too big for SQLite, rows of 2,000 columns.
/// Each input must give a result or a `DatabaseError`, never a crash nor another error, and leave
/// the connection usable.
public enum HostileInputScenario {
    /// What a run did, and what broke (empty `violations` when it passed).
    public struct Figures: Sendable {
        /// The inputs run.
        public var inputs = 0
        /// The inputs that SQLite or the library refused with a `DatabaseError`.
        public var refused = 0
        /// What broke.
        public var violations: [String] = []

        /// No input yet.
        public init() {}
    }

    /// Runs `count` random inputs on the database, spread over their kinds, with the random generator
    /// seeded by `seed` (the report gives it, so that a failure can be replayed).
    public static func run(_ writer: any DatabaseWriter, count: Int, seed: UInt64) throws -> Figures {
        var figures = Figures()
        var generator = SplitMix64(seed: seed)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a, b TEXT, c BLOB)")
            try db.execute(sql: "INSERT INTO t VALUES (1, 'x', X'00')")
        }
        for index in 0..<count {
            let kind = index % 4
            let input: String
            let result: Result<Void, any Error>
            switch kind {
            case 0:
                let sql = randomSQL(&generator)
                input = "SQL \(sql.debugDescription)"
                result = Result { try writer.write { db in try db.execute(sql: sql) } }
            case 1:
                let sql = randomSQL(&generator)
                let arguments = StatementArguments(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                        randomValue(&generator)
                    })
                input = "SQL \(sql.debugDescription) with \(arguments)"
                result = Result { _ = try writer.read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) } }
            case 2:
                let table = randomIdentifier(&generator)
                let column = randomIdentifier(&generator)
                let value = randomValue(&generator)
                input = "table \(table.debugDescription), column \(column.debugDescription), value \(value)"
                result = Result {
                    try writer.write { db in
                        try db.create(table: table, options: .ifNotExists) { t in t.column(column) }
                        try db.execute(
                            sql: "INSERT INTO \(table.quotedDatabaseIdentifier) VALUES (?)", arguments: [value])
                        let fetched = try Table(table).filter(Column(column) == value).fetchCount(db)
                        if !value.isNull && fetched == 0 && !isNaN(value) {
                            throw StressFailure(description: "the inserted value is not found back")
                        }
                        try db.execute(sql: "DROP TABLE \(table.quotedDatabaseIdentifier)")
                    }
                }
            default:
                let value = randomValue(&generator)
                input = "value \(value)"
                result = Result {
                    let fetched = try writer.write { db in
                        // A table of its own: the random SQL may have changed or dropped the others.
                        try db.execute(sql: "CREATE TABLE IF NOT EXISTS value (a); DELETE FROM value")
                        try db.execute(sql: "INSERT INTO value VALUES (?)", arguments: [value])
                        return try DatabaseValue.fetchOne(db, sql: "SELECT a FROM value")
                    }
                    if fetched != value && !isNaN(value) {
                        throw StressFailure(description: "\(value) reads back as \(String(describing: fetched))")
                    }
                }
            }
            figures.inputs += 1
            switch result {
            case .success:
                break
            case .failure(is DatabaseError):
                figures.refused += 1
            case .failure(let error):
                figures.violations.append("\(input): \(error)")
            }
        }
        // The connection is usable after all of it.
        do {
            try writer.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS after (a); INSERT INTO after VALUES (1)")
            }
        } catch {
            figures.violations.append("the connection fails after the inputs: \(error)")
        }
        return figures
    }

    /// Values that SQLite cannot hold: a blob over its length limit (1 GB), a text made of bytes
    /// that are not UTF-8, a row of 2,000 columns and a table of 2,001. Returns what broke.
    public static func limits(_ writer: any DatabaseWriter) throws -> [String] {
        var violations: [String] = []
        try writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS big (a)") }
        // 1 GiB, past SQLite's default limit of 1,000,000,000 bytes: refused before any copy.
        let huge = Data(count: 1 << 30)
        do {
            try writer.write { db in try db.execute(sql: "INSERT INTO big VALUES (?)", arguments: [huge]) }
            violations.append("a 1 GiB blob was accepted")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
        } catch {
            violations.append("a 1 GiB blob failed with \(error), not SQLITE_TOOBIG")
        }
        do {
            _ = try writer.read { db in try Row.fetchOne(db, sql: "SELECT zeroblob(2000000000)") }
            violations.append("a 2 GB zeroblob was accepted")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
        } catch {
            violations.append("a 2 GB zeroblob failed with \(error), not SQLITE_TOOBIG")
        }
        // Bytes that are not UTF-8, read as a text: decoded with replacement characters.
        let text = try writer.read { db in try String.fetchOne(db, sql: "SELECT CAST(X'80FFC3' AS TEXT)") }
        if text != "\u{FFFD}\u{FFFD}\u{FFFD}" {
            violations.append("invalid UTF-8 reads as \(String(describing: text?.debugDescription))")
        }
        // 2,000 columns is SQLite's default maximum.
        let columns = (1...2_000).map { "c\($0)" }
        let row = try writer.write { db -> Row? in
            try db.execute(sql: "CREATE TABLE wide (\(columns.joined(separator: ", ")))")
            try db.execute(sql: "INSERT INTO wide (c1, c2000) VALUES (1, 2000)")
            return try Row.fetchOne(db, sql: "SELECT * FROM wide")
        }
        if row?.count != 2_000 || row?["c2000"] != 2_000 {
            violations.append("a row of 2,000 columns reads wrong")
        }
        do {
            try writer.write { db in
                try db.execute(sql: "CREATE TABLE wider (\((columns + ["c2001"]).joined(separator: ", ")))")
            }
            violations.append("a table of 2,001 columns was accepted")
        } catch is DatabaseError {
        } catch {
            violations.append("a table of 2,001 columns failed with \(error)")
        }
        return violations
    }

    private static func isNaN(_ value: DatabaseValue) -> Bool {
        if case .double(let double) = value.storage { return double.isNaN }
        return false
    }

    /// Tokens of SQL, and bytes of every kind, put together at random.
    private static let tokens = [
        "SELECT", "FROM", "WHERE", "t", "a", "b", "c", "(", ")", ",", ";", "*", "?", "?1", ":a", "$b", "@c", "'x'",
        "X'00FF'", "NULL", "1", "-9223372036854775808", "1e308", "AND", "OR", "NOT", "IN", "LIKE", "GLOB", "||",
        "CASE", "WHEN", "THEN", "END", "INSERT", "INTO", "VALUES", "UPDATE", "SET", "=", "DELETE", "CREATE",
        "TABLE", "DROP", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "WITH", "RECURSIVE", "AS",
        "ORDER", "BY", "LIMIT", "GROUP", "HAVING", "JOIN", "UNION", "printf('%s', 1)", "length(", "hex(",
        "randomblob(10)", "json('[1]')", "\"", "`", "[", "]", "--", "/*", "*/", "\u{0}", "\u{FFFD}", "é", "🙂",
    ]

    private static func randomSQL(_ generator: inout SplitMix64) -> String {
        if Bool.random(using: &generator) {
            return String(decoding: randomBytes(&generator, count: 0...40), as: UTF8.self)
        }
        return (0..<Int.random(in: 1...12, using: &generator)).map { _ in
            tokens.randomElement(using: &generator)!
        }.joined(separator: Bool.random(using: &generator) ? " " : "")
    }

    /// Random bytes, of a random count in `count`.
    static func randomBytes(_ generator: inout SplitMix64, count: ClosedRange<Int>) -> [UInt8] {
        (0..<Int.random(in: count, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    private static func randomIdentifier(_ generator: inout SplitMix64) -> String {
        let pieces = ["a", "t", "sqlite_", "\"", "'", "`", "[", "]", " ", ".", "é", "🙂", "\u{0}", "select", "1"]
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
            .joined()
    }

    private static func randomValue(_ generator: inout SplitMix64) -> DatabaseValue {
        switch Int.random(in: 0...6, using: &generator) {
        case 0: return .null
        case 1: return Int64.random(in: .min ... .max, using: &generator).databaseValue
        case 2:
            let doubles = [Double.nan, .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
            return doubles.randomElement(using: &generator)!.databaseValue
        case 3: return Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator)).databaseValue
        case 4: return randomIdentifier(&generator).databaseValue
        case 5: return Data(randomBytes(&generator, count: 0...64)).databaseValue
        default: return randomSQL(&generator).databaseValue
        }
    }
}

/// A small seeded random generator (SplitMix64), so that a run can be replayed from its seed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension HostileInputScenario {
    /// Records the figures of a run in the reliability report.
    public static func report(_ figures: Figures, seed: UInt64, driver: String, inputs: String) {
        ReliabilityReport.record(
            "hostile",
            [
                "driver": driver, "kind": inputs, "inputs": figures.inputs, "refused": figures.refused, "seed": seed,
                "violations": figures.violations.count,
            ])
    }
}
