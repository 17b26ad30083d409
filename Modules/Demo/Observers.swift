import Foundation

#if REACTIVE_SQLCIPHER
    import ReactiveSQLCipher
#else
    import ReactiveSQLite
#endif

/// The five observers of the demo, one per form of observation, each printing a line per
/// notification.
final class Observers: @unchecked Sendable {
    // @unchecked Sendable: every property is a constant, and Sendable but `publisherCancellable`,
    // an `AnyCancellable` (not Sendable in OpenCombine), whose only use, `cancel()`, Combine
    // allows from any thread.
    private let hallOfFame = Tally<HallOfFame>()
    private let transactions = Tally<Int>()
    private let playerCount = Tally<Int>()
    private let topPlayer = Tally<Player?>()
    private let leaderboard = Tally<[Player]>()
    private let fetches = Counter()
    private let inconsistencies = Counter()
    private let cancellables: [AnyDatabaseCancellable]
    private let publisherCancellable: AnyCancellable
    private let countTask: Task<Void, Never>
    /// Where the callbacks and the async sequence are notified.
    private let queue: DispatchQueue

    init(_ writer: some DatabaseWriter, console: Console, queue: DispatchQueue) {
        self.queue = queue
        let (hallOfFame, fetches, inconsistencies) = (self.hallOfFame, self.fetches, self.inconsistencies)
        var cancellables: [AnyDatabaseCancellable] = []
        // A ValueObservation with a callback, throttled: at most one fetch a second, whatever the
        // number of transactions.
        cancellables.append(
            ValueObservation.tracking { db in try HallOfFame(db) }
                .throttled(1)
                .handleEvents(willFetch: { fetches.increment() })
                .start(in: writer, scheduling: .async(onQueue: queue)) { error in
                    console.say("hall of fame", "error: \(error)")
                } onChange: { value in
                    if !value.isConsistent { inconsistencies.increment() }
                    hallOfFame.record(value)
                    let best = value.best.prefix(3).map { "\($0.name) \($0.score)" }.joined(separator: ", ")
                    console.say("hall of fame", "\(value.playerCount) players; best: \(best)")
                })

        // A DatabaseRegionObservation: on the writer, after each transaction, before any other write.
        let transactions = self.transactions
        cancellables.append(
            DatabaseRegionObservation(tracking: Player.all())
                .start(in: writer) { error in
                    console.say("transactions", "error: \(error)")
                } onChange: { db in
                    let count = (try? Player.fetchCount(db)) ?? -1
                    transactions.record(count)
                    console.say(
                        "transactions", "#\(transactions.count) committed; \(count) players, seen on the writer")
                })

        // An async sequence, consumed by a task.
        let playerCount = self.playerCount
        let values = ValueObservation.tracking { db in try Player.fetchCount(db) }.removeDuplicates()
            .values(in: writer, scheduling: .async(onQueue: queue))
        countTask = Task {
            do {
                for try await count in values {
                    playerCount.record(count)
                    console.say("player count", "\(count) (async sequence)")
                }
            } catch {
                console.say("player count", "error: \(error)")
            }
        }

        // A Combine publisher (OpenCombine's on Linux), with its default scheduling: the main queue.
        let topPlayer = self.topPlayer
        publisherCancellable = ValueObservation.tracking { db in try Player.byScore.fetchOne(db) }
            .publisher(in: writer)
            .removeDuplicates()
            .sink { completion in
                if case .failure(let error) = completion { console.say("top player", "error: \(error)") }
            } receiveValue: { player in
                topPlayer.record(player)
                console.say("top player", player.map { "\($0.name), \($0.score) points (publisher)" } ?? "nobody")
            }

        // Diffs of the leaderboard, applied to a copy that must end equal to the database's.
        let leaderboard = self.leaderboard
        let shown = Locked<[Player]>([])
        cancellables.append(
            ValueObservation.tracking { db in try Player.leaderboard.fetchAll(db) }
                .removeDuplicates()
                .diffs(by: \.id)
                .start(in: writer, scheduling: .async(onQueue: queue)) { error in
                    console.say("leaderboard diffs", "error: \(error)")
                } onChange: { diff in
                    let players = shown.update { players in
                        if !diff.apply(to: &players) { players = [] }  // a diff that does not fit: never seen
                    }
                    leaderboard.record(players)
                    console.say(
                        "leaderboard diffs",
                        "+\(diff.insertions.count) −\(diff.deletions.count) ↕\(diff.moves.count) "
                            + "~\(diff.updates.count) → \(players.count) players with 500 points or more")
                })
        self.cancellables = cancellables
    }

    /// The number of fetches of the hall of fame.
    var hallOfFameFetches: Int { fetches.value }

    /// Whether every hall of fame was consistent.
    var isConsistent: Bool { inconsistencies.value == 0 }

    /// Waits until every value observer got its initial value.
    func waitForInitialValues() async throws {
        for tally in [hallOfFame.hasValue, playerCount.hasValue, topPlayer.hasValue, leaderboard.hasValue] {
            guard await tally(10) else { throw DemoError(description: "an observer got no initial value") }
        }
    }

    /// Waits until each observer has seen the final state; returns the rows of the summary.
    func waitForFinalState(_ final: FinalState, transactionCount: Int) async -> [DemoSummary.Row] {
        let timeout = 10.0
        return [
            DemoSummary.Row(
                observer: "hall of fame", form: "callback, throttled", notifications: hallOfFame.count,
                sawFinalState: await hallOfFame.waitFor(final.hallOfFame, timeout: timeout)),
            DemoSummary.Row(
                observer: "transactions", form: "region observation", notifications: transactions.count,
                // Without transactions, there is nothing to see.
                sawFinalState: transactionCount == 0
                    ? transactions.count == 0
                    : await transactions.waitFor(final.hallOfFame.playerCount, timeout: timeout)),
            DemoSummary.Row(
                observer: "player count", form: "async sequence", notifications: playerCount.count,
                sawFinalState: await playerCount.waitFor(final.hallOfFame.playerCount, timeout: timeout)),
            DemoSummary.Row(
                observer: "top player", form: "publisher", notifications: topPlayer.count,
                sawFinalState: await topPlayer.waitFor(final.topPlayer, timeout: timeout)),
            DemoSummary.Row(
                observer: "leaderboard", form: "diffs", notifications: leaderboard.count,
                sawFinalState: await leaderboard.waitFor(final.leaderboard, timeout: timeout)),
        ]
    }

    /// Stops every observation, and waits until no notification is on its way: nothing is printed
    /// after it returns (a throttled fetch of the hall of fame, for instance, may still come once
    /// the final state is seen, when it looked like an earlier one).
    func stop() async {
        for cancellable in cancellables { cancellable.cancel() }
        publisherCancellable.cancel()
        countTask.cancel()
        await countTask.value
        // A notification that started before the cancellation ends before these.
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }
}

/// A failure of the demo.
struct DemoError: Error, CustomStringConvertible {
    let description: String
}
