import RSCore

/// What every stress transaction keeps consistent: money moves between accounts, so that their
/// total never changes, and each transaction bumps a version, which only grows.
public struct BankState: Equatable, Sendable, CustomStringConvertible {
    /// The transactions committed so far.
    public var version: Int
    /// The total of the balances: always `BankState.total`.
    public var total: Int

    /// The accounts of the bank.
    static let accountCount = 10
    /// The total of their balances.
    static let total = 1_000

    /// "version 12, total 1000".
    public var description: String { "version \(version), total \(total)" }

    /// Creates the tables, and the accounts with their initial balances.
    static func createBank(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
                CREATE TABLE version (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
                INSERT INTO version VALUES (1, 0);
                """)
        for id in 1...accountCount {
            try db.execute(
                sql: "INSERT INTO account VALUES (?, ?)", arguments: [id, total / accountCount])
        }
    }

    /// One transaction's work: moves an amount between two accounts, and bumps the version.
    static func transfer(_ db: Database, from: Int, to: Int, amount: Int) throws {
        try db.execute(sql: "UPDATE account SET balance = balance - ? WHERE id = ?", arguments: [amount, from])
        try db.execute(sql: "UPDATE account SET balance = balance + ? WHERE id = ?", arguments: [amount, to])
        try db.execute(sql: "UPDATE version SET value = value + 1")
    }

    /// A random transfer.
    static func randomTransfer(_ db: Database) throws {
        let from = Int.random(in: 1...accountCount)
        let to = (from % accountCount) + 1
        try transfer(db, from: from, to: to, amount: Int.random(in: 1...50))
    }

    /// The state of the bank in the database.
    static func fetch(_ db: Database) throws -> BankState {
        let row = try Row.fetchOne(
            db, sql: "SELECT (SELECT value FROM version), (SELECT SUM(balance) FROM account)")!
        return BankState(version: row[0], total: row[1])
    }

    /// The accounts and the version as rows of an ordered list (the version is entry 0), for the
    /// observations of diffs.
    static let entriesSQL = "SELECT id, balance FROM account UNION ALL SELECT 0, value FROM version ORDER BY 1"

    /// The state that a list of entries holds.
    init(entries: [BankEntry]) {
        version = entries.first { $0.id == 0 }?.value ?? -1
        total = entries.filter { $0.id != 0 }.reduce(0) { $0 + $1.value }
    }

    init(version: Int, total: Int) {
        self.version = version
        self.total = total
    }
}

/// An account or the version, as an entry of the ordered list of `BankState.entriesSQL`.
public struct BankEntry: Equatable, Sendable, FetchableRecord {
    var id: Int
    var value: Int

    /// Reads an entry from a row of `BankState.entriesSQL`.
    public init(row: Row) throws {
        id = row[0]
        value = row[1]
    }
}
