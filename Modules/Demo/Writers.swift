import Foundation

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

/// Three concurrent writers: one inserts players, one updates scores, one deletes the last player.
struct Writers: Sendable {
    let writer: any DatabaseWriter
    let console: Console

    init(_ writer: some DatabaseWriter, console: Console) {
        self.writer = writer
        self.console = console
    }

    /// Writes for `duration` seconds; returns the number of committed transactions.
    func run(for duration: Double) async throws -> Int {
        let deadline = Date(timeIntervalSinceNow: duration)
        let transactions = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await repeatUntil(deadline, every: 0.8, transactions, insert) }
            group.addTask { try await repeatUntil(deadline, every: 0.7, transactions, update) }
            group.addTask { try await repeatUntil(deadline, every: 1.5, transactions, deleteLast) }
            try await group.waitForAll()
        }
        return transactions.value
    }

    private func repeatUntil(
        _ deadline: Date, every interval: Double, _ transactions: Counter,
        _ write: @escaping @Sendable (Database) throws -> Bool
    ) async throws {
        while true {
            // Each writer writes at once, whatever the delays of the tasks' sleeps on a busy machine.
            if try await writer.write(write) { transactions.increment() }
            // Irregular intervals, so that the writers' transactions interleave.
            try await Task.sleep(for: .seconds(interval * Double.random(in: 0.5...1.5)))
            guard Date() < deadline else { return }
        }
    }

    /// Inserts a player.
    private func insert(_ db: Database) throws -> Bool {
        let count = try Player.fetchCount(db)
        _ = try Player(id: nil, name: DemoRun.name(count + Int.random(in: 0..<50)), score: .random(in: 0..<1000))
            .inserted(db)
        return true
    }

    /// Gives a random player a new score.
    private func update(_ db: Database) throws -> Bool {
        guard var player = try Player.order(sql: "RANDOM()").fetchOne(db) else { return false }
        player.score = .random(in: 0..<1000)
        try player.update(db)
        return true
    }

    /// Deletes the player with the lowest score, while more than five remain.
    private func deleteLast(_ db: Database) throws -> Bool {
        guard try Player.fetchCount(db) > 5 else { return false }
        return try Player.order(Column("score"), Column("id")).limit(1).deleteAll(db) > 0
    }
}
