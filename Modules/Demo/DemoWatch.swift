import Foundation

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

/// `demo watch`: observes the hall of fame of a database file, and prints each change, whichever
/// process commits it (`demo write`, in another terminal).
struct DemoWatch: Sendable {
    let options: DemoOptions
    let console: Console

    /// Watches for the duration of the options, or until `onValue` returns false; returns the
    /// number of values received.
    @discardableResult
    func run(onValue: @escaping @Sendable (HallOfFame) -> Bool = { _ in true }) async throws -> Int {
        guard let path = options.databasePath else { throw DemoOptions.Error(description: "watch needs --database") }
        var configuration = DemoRun.configuration()
        // The database notices the commits of other processes.
        configuration.outsideChanges = .fileNotifications
        let dbPool = try DatabasePool(path: path, configuration: configuration)
        defer { try? dbPool.close() }
        try DemoRun.migrator.migrate(dbPool)
        console.say(
            "database",
            "\(path): watched for \(options.duration) s; run `swift run demo write --database \(path)` elsewhere")
        let values = ValueObservation.tracking { db in try HallOfFame(db) }.removeDuplicates().values(in: dbPool)
        let console = self.console
        let received = Counter()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await value in values {
                    received.increment()
                    let best = value.best.prefix(3).map { "\($0.name) \($0.score)" }.joined(separator: ", ")
                    console.say("hall of fame", "\(value.playerCount) players; best: \(best)")
                    if !onValue(value) { return }
                }
            }
            group.addTask { try await Task.sleep(for: .seconds(options.duration)) }
            try await group.next()
            group.cancelAll()
        }
        console.say("watch", "\(received.value) values seen")
        return received.value
    }
}
