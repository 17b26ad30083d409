import Foundation

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

/// A player of the demo's database.
struct Player: Codable, FetchableRecord, MutablePersistableRecord, Identifiable, Equatable, Sendable {
    var id: Int64?
    var name: String
    var score: Int

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// The best players and the number of players, fetched together: they always agree.
struct HallOfFame: Equatable, Sendable {
    static let size = 5
    var playerCount: Int
    var best: [Player]

    init(_ db: Database) throws {
        playerCount = try Player.fetchCount(db)
        best = try Player.order(Column("score").desc, Column("id")).limit(Self.size).fetchAll(db)
    }

    /// Whether the best players fit the count, in order: what separate fetches could break.
    var isConsistent: Bool {
        best.count == min(Self.size, playerCount) && zip(best, best.dropFirst()).allSatisfy { $0.score >= $1.score }
    }
}

extension Player {
    /// The players with at least 500 points, best first.
    static let leaderboard = Player.filter(Column("score") >= 500).order(Column("score").desc, Column("id"))

    /// The best player first.
    static let byScore = Player.order(Column("score").desc, Column("id"))
}

/// Runs the demo: one database, five observers (each a form of observation), three writers.
final class DemoRun: Sendable {
    private let options: DemoOptions
    private let console: Console
    private let queue = DispatchQueue(label: "demo.observers")

    init(options: DemoOptions, console: Console) {
        self.options = options
        self.console = console
    }

    /// Runs the demo, prints its summary, and returns it.
    func run() async throws -> DemoSummary {
        let started = Date()
        let temporaryDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReactiveSQLiteDemo-\(UUID().uuidString)")
        let path: String
        if let databasePath = options.databasePath {
            path = databasePath
        } else {
            try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
            path = temporaryDirectory.appendingPathComponent("demo.sqlite").path
        }
        defer { if options.databasePath == nil { try? FileManager.default.removeItem(at: temporaryDirectory) } }

        let dbPool = try DatabasePool(path: path, configuration: Self.configuration())
        defer { try? dbPool.close() }
        try Self.migrator.migrate(dbPool)
        try await dbPool.write { db in try Self.insertFirstPlayers(db) }
        console.say("database", "\(path) (kept: \(options.databasePath != nil ? "yes" : "no")), 12 players")
        #if REACTIVE_SQLCIPHER
            console.say("database", "encrypted with SQLCipher \(try await dbPool.read { db in try db.cipherVersion })")
        #endif

        let observers = Observers(dbPool, console: console, queue: queue)
        try await observers.waitForInitialValues()
        console.say("writers", "3 writers insert, update and delete players for \(options.duration) s")
        let transactions = try await Writers(dbPool, console: console).run(for: options.duration)

        // Every observer must reach the final state.
        let final = try await dbPool.read { db in try FinalState(db) }
        let rows = await observers.waitForFinalState(final, transactionCount: transactions)
        await observers.stop()

        let summary = DemoSummary(
            transactions: transactions, rows: rows, hallOfFameFetches: observers.hallOfFameFetches,
            isConsistent: observers.isConsistent, elapsed: Date().timeIntervalSince(started))
        summary.print(to: console)
        return summary
    }

    /// The configuration of the demo's databases.
    static func configuration() -> Configuration {
        var configuration = Configuration()
        #if REACTIVE_SQLCIPHER
            configuration.prepareDatabase { db in try db.usePassphrase("the demo's passphrase") }
        #endif
        return configuration
    }

    /// The schema of the demo's databases.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createPlayer") { db in
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull()
                t.column("score", .integer).notNull()
            }
        }
        return migrator
    }

    /// Inserts the twelve players that the demo starts with.
    static func insertFirstPlayers(_ db: Database) throws {
        for index in 0..<12 {
            _ = try Player(id: nil, name: name(index), score: (index * 83) % 1000).inserted(db)
        }
    }

    static func name(_ index: Int) -> String {
        let names = [
            "Arthur", "Barbara", "Craig", "Diane", "Elena", "Farid", "Gwen", "Hiro", "Ines", "Jules", "Kofi", "Lena",
            "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomoko",
        ]
        return index < names.count ? names[index] : "\(names[index % names.count])-\(index / names.count + 1)"
    }
}

/// What the observers must all end with.
struct FinalState: Sendable {
    var hallOfFame: HallOfFame
    var topPlayer: Player?
    var leaderboard: [Player]

    init(_ db: Database) throws {
        hallOfFame = try HallOfFame(db)
        topPlayer = try Player.byScore.fetchOne(db)
        leaderboard = try Player.leaderboard.fetchAll(db)
    }
}
