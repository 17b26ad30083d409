import Foundation

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

/// `demo write`: the demo's three writers, on a database file that another process may watch
/// (`demo watch`).
struct DemoWrite: Sendable {
    let options: DemoOptions
    let console: Console

    /// Writes for the duration of the options; returns the number of committed transactions.
    @discardableResult
    func run() async throws -> Int {
        guard let path = options.databasePath else { throw DemoOptions.Error(description: "write needs --database") }
        let dbPool = try DatabasePool(path: path, configuration: DemoRun.configuration())
        defer { try? dbPool.close() }
        try DemoRun.migrator.migrate(dbPool)
        try await dbPool.write { db in
            if try Player.fetchCount(db) == 0 { try DemoRun.insertFirstPlayers(db) }
        }
        console.say("writers", "3 writers insert, update and delete players in \(path) for \(options.duration) s")
        let transactions = try await Writers(dbPool, console: console).run(for: options.duration)
        console.say("writers", "\(transactions) transactions committed")
        return transactions
    }
}
