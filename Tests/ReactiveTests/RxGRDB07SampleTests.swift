import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

private typealias Player = GRDB2Samples.Player
private typealias Team = GRDB2Samples.Team
private typealias Place = GRDB2Samples.Place

/// The samples of the RxGRDB 0.7 README (seed 000), from "Usage" to "Change Tokens", with
/// `import ReactiveSQLite` in place of `import RxSwift`, `import RxGRDB` and `import GRDB`: each
/// observes with the `rx` API as the sample does, and the test checks what the sample says it
/// prints. The "Scheduling" chapter is in `RxGRDB07SchedulingSampleTests`, the `synchronizedStart`
/// spelling of the same README (seed 001) in `RxGRDB07SynchronizedStartSampleTests`.
///
/// The `rx` observables are Combine publishers (OpenCombine's on Linux), so the spellings of RxSwift
/// change:
/// - `.subscribe(onNext: { players: [Player] in … })` is `.sink(receiveCompletion:receiveValue:)`
///   (the samples' `{ players: [Player] in` does not compile in Swift either: a typed closure
///   parameter needs parentheses, `{ (players: [Player]) in`);
/// - a subscription lasts as long as its `AnyCancellable` (RxSwift's lasts until it is disposed):
///   the tests keep it;
/// - `print(…)` is `output.print(…)`, which records the line for the test to await (values
///   observables publish on the main queue, asynchronously);
/// - RxSwift's `distinctUntilChanged()` operator is Combine's `removeDuplicates()`.
///
/// Spellings of GRDB 2 that do not compile, in GRDB 7 either, are written as GRDB 2 meant them:
/// - `SQLRequest("SELECT * FROM players")`: Swift makes `SQLRequest("…")` the string literal
///   `"…" as SQLRequest`, whose generic argument nothing tells (`SQLRequest<Row>("…")`;
///   `SQLRequest("…").asRequest(of: Int.self)` compiles);
/// - `Player.fetchOne(key: playerId)` lacks its database (`try Player.fetchOne(db, key: playerId)`).
///
/// The "Diffs" section (`PrimaryKeyDiffScanner`) runs in DiffTests (`RxGRDB07DiffSampleTests`):
/// only the requests that feed the scanner are tested here.
@Suite struct RxGRDB07SampleTests {
    @Test func usage() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let score = Column("score")
        try dbQueue.inTransaction { db in
            try Player(name: "Arthur", score: 100).insert(db)
            try Player(name: "Barbara", score: 300).insert(db)
            return .commit
        }
        let bestPlayers = SampleOutput<String>()
        let firstPlayer = SampleOutput<String>()

        let bestPlayersCancellable = Player.order(score.desc).limit(10)
            .rx
            .fetchAll(in: dbQueue)
            .sink(
                receiveCompletion: { completion in bestPlayers.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in
                    bestPlayers.print("Best ten players have changed: \(players.map(\.name))")
                })

        let firstPlayerCancellable = Player.filter(key: 1)
            .rx
            .fetchOne(in: dbQueue)
            .sink(
                receiveCompletion: { completion in firstPlayer.print("completion: \(completion)") },
                receiveValue: { (player: Player?) in
                    firstPlayer.print("Player 1 has changed: \(player?.score ?? -1)")
                })

        try await bestPlayers.lines(count: 1)
        try await firstPlayer.lines(count: 1)
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET score = 200 WHERE id = 1") }
        #expect(
            try await bestPlayers.lines(count: 2) == [
                "Best ten players have changed: [\"Barbara\", \"Arthur\"]",
                "Best ten players have changed: [\"Barbara\", \"Arthur\"]",
            ])
        #expect(try await firstPlayer.lines(count: 2) == ["Player 1 has changed: 100", "Player 1 has changed: 200"])
        withExtendedLifetime((bestPlayersCancellable, firstPlayerCancellable)) {}
    }

    /// "if you track `Player.select(max(scoreColumn))`, then you'll get a notification for all
    /// changes performed on the `score` column […] However, you will not get any notification for
    /// changes performed on other database tables, or updates to other columns."
    @Test func whatIsDatabaseObservation() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let scoreColumn = Column("score")
        let output = SampleOutput<String>()
        let cancellable = Player.select(max(scoreColumn)).rx
            .changes(in: dbQueue, startImmediately: false)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { _ in output.print("Max score may have changed.") })

        // A changes observable notifies on the writer, before the write returns.
        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        #expect(output.lines.count == 1)
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET name = 'Arthur II'") }
        try dbQueue.inDatabase { db in try Team(name: "Blue").insert(db) }
        #expect(output.lines.count == 1)
        // Even when the maximum score is still 0.
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET score = 0") }
        #expect(output.lines == ["Max score may have changed.", "Max score may have changed."])
        withExtendedLifetime(cancellable) {}
    }

    /// `Request.rx.changes(in:startImmediately:)`: one notification per transaction that changes the
    /// request (`inDatabase` runs each statement in a transaction of its own), and with
    /// `startImmediately` (the default) a first one upon subscription, synchronously.
    @Test func requestChanges() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Zoe").insert(db) }  // something to delete
        let output = SampleOutput<String>()

        let request = Player.all()
        let cancellable = request.rx.changes(in: dbQueue)  // or dbPool
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (db: Database) in
                    output.print("Players table has changed.")
                })
        // The first element is emitted synchronously, right upon subscription.
        #expect(output.lines.count == 1)

        try dbQueue.inDatabase { db in
            try Player.deleteAll(db)
            // Prints "Players table has changed."
        }
        #expect(output.lines.count == 2)

        try dbQueue.inTransaction { db in
            try Player(name: "Arthur").insert(db)
            try Player(name: "Barbara").insert(db)
            return .commit
            // Prints "Players table has changed."
        }
        #expect(output.lines.count == 3)

        // Outside of a transaction, each statement is one.
        try dbQueue.inDatabase { db in
            try Player(name: "Craig").insert(db)
            try Player(name: "David").insert(db)
        }
        #expect(output.lines == Array(repeating: "Players table has changed.", count: 5))
        withExtendedLifetime(cancellable) {}
    }

    /// With `startImmediately: false`, nothing is emitted upon subscription.
    @Test func requestChangesWithoutImmediateStart() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let output = SampleOutput<String>()
        let cancellable = Player.all().rx.changes(in: dbQueue, startImmediately: false)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { _ in output.print("Players table has changed.") })
        #expect(output.lines.isEmpty)
        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        #expect(output.lines == ["Players table has changed."])
        withExtendedLifetime(cancellable) {}
    }

    @Test func sqlRequestChanges() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Zoe").insert(db) }  // something to delete
        let output = SampleOutput<String>()

        let request = SQLRequest<Row>("SELECT * FROM players")
        let cancellable = request.rx.changes(in: dbQueue)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (db: Database) in
                    output.print("Players table has changed.")
                })

        try dbQueue.inDatabase { db in
            try db.execute("DELETE FROM players")
            // Prints "Players table has changed."
        }
        // Upon subscription, then after the deletion.
        #expect(output.lines == ["Players table has changed.", "Players table has changed."])
        withExtendedLifetime(cancellable) {}
    }

    @Test func fetchCount() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inTransaction { db in
            try Player(name: "Barbara").insert(db)
            try Player(name: "Craig").insert(db)
            return .commit
        }
        let output = SampleOutput<String>()

        let request = Player.all()
        let cancellable = request.rx.fetchCount(in: dbQueue)  // or dbPool
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (count: Int) in
                    output.print("Number of players: \(count)")
                })
        // The first element is emitted upon subscription.
        #expect(try await output.lines(count: 1) == ["Number of players: 2"])

        try dbQueue.inTransaction { db in
            try Player.deleteAll(db)
            try Player(name: "Arthur").insert(db)
            return .commit
            // Eventually prints "Number of players: 1"
        }
        #expect(try await output.lines(count: 2) == ["Number of players: 2", "Number of players: 1"])
        withExtendedLifetime(cancellable) {}
    }

    /// "This observable may emit identical consecutive values […] Use the `distinctUntilChanged`
    /// operator in order to avoid duplicates": Combine's `removeDuplicates()`.
    @Test func fetchCountDistinctUntilChanged() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let counts = SampleOutput<Int>()
        let distinctCounts = SampleOutput<Int>()
        let request = Player.all()
        let cancellables = [
            request.rx.fetchCount(in: dbQueue)
                .sink(receiveCompletion: { _ in counts.print(-1) }, receiveValue: { counts.print($0) }),
            request.rx.fetchCount(in: dbQueue).removeDuplicates()
                .sink(receiveCompletion: { _ in distinctCounts.print(-1) }, receiveValue: { distinctCounts.print($0) }),
        ]
        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET name = 'Arthur II'") }  // same count
        try dbQueue.inDatabase { db in try Player(name: "Barbara").insert(db) }
        #expect(try await counts.lines(count: 4) == [0, 1, 1, 2])
        #expect(try await distinctCounts.lines(count: 3) == [0, 1, 2])
        withExtendedLifetime(cancellables) {}
    }

    /// `TypedRequest.rx.fetchOne`: a value upon subscription, then after each change of the
    /// request: the update and the deletion are two transactions.
    @Test func fetchOne() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in
            try db.execute("INSERT INTO players (id, name) VALUES (42, 'Arthur'), (43, 'Barbara')")
        }
        let output = SampleOutput<String>()

        let playerId = 42
        let request = Player.filter(key: playerId)
        let cancellable = request.rx.fetchOne(in: dbQueue)  // or dbPool
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (player: Player?) in
                    output.print("Player has changed: \(player.map { "\($0.name), \($0.score)" } ?? "nil")")
                })

        try dbQueue.inDatabase { db in
            guard let player = try Player.fetchOne(db, key: playerId) else { return }

            player.score += 100
            try player.update(db)
            // Eventually prints "Player has changed"

            try player.delete(db)
            // Eventually prints "Player has changed"
        }
        #expect(
            try await output.lines(count: 3) == [
                "Player has changed: Arthur, 0", "Player has changed: Arthur, 100", "Player has changed: nil",
            ])

        // The other player's changes are not the request's: the next value is the new player 42.
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET score = 1 WHERE id = 43") }
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO players (id, name) VALUES (42, 'Craig')") }
        #expect(try await output.lines(count: 4).last == "Player has changed: Craig, 0")
        withExtendedLifetime(cancellable) {}
    }

    /// A value fetched from a custom SQL request: nil when the request yields one row with NULL,
    /// or no row.
    @Test func fetchOneValueOfSQLRequest() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let output = SampleOutput<String>()
        let noRow = SampleOutput<String>()

        let request = SQLRequest("SELECT MAX(score) FROM rounds").asRequest(of: Int.self)
        let cancellable = request.rx.fetchOne(in: dbQueue)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (maxScore: Int?) in
                    output.print(String(describing: maxScore))  // print(maxScore)
                })
        let noRowCancellable = SQLRequest("SELECT score FROM rounds WHERE score > 100").asRequest(of: Int.self)
            .rx.fetchOne(in: dbQueue)
            .sink(
                receiveCompletion: { completion in noRow.print("completion: \(completion)") },
                receiveValue: { (score: Int?) in noRow.print(String(describing: score)) })

        #expect(try await output.lines(count: 1) == ["nil"])  // one row, with NULL
        #expect(try await noRow.lines(count: 1) == ["nil"])  // no row
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO rounds (score) VALUES (10), (30), (20)") }
        #expect(try await output.lines(count: 2) == ["nil", "Optional(30)"])
        withExtendedLifetime((cancellable, noRowCancellable)) {}
    }

    /// "Use the `distinctUntilChanged` parameter in order to avoid duplicates": raw database values
    /// are compared.
    @Test func fetchOneDistinctUntilChanged() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let maxScores = SampleOutput<Int?>()
        let distinctMaxScores = SampleOutput<Int?>()
        let request = SQLRequest("SELECT MAX(score) FROM rounds").asRequest(of: Int.self)
        let cancellables = [
            request.rx.fetchOne(in: dbQueue)
                .sink(receiveCompletion: { _ in maxScores.print(-1) }, receiveValue: { maxScores.print($0) }),
            request.rx.fetchOne(in: dbQueue, distinctUntilChanged: true)
                .sink(
                    receiveCompletion: { _ in distinctMaxScores.print(-1) },
                    receiveValue: { distinctMaxScores.print($0) }),
        ]
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO rounds (score) VALUES (30)") }
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO rounds (score) VALUES (10)") }  // same max
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO rounds (score) VALUES (40)") }
        #expect(try await maxScores.lines(count: 4) == [nil, 30, 30, 40])
        #expect(try await distinctMaxScores.lines(count: 3) == [nil, 30, 40])
        withExtendedLifetime(cancellables) {}
    }

    @Test func fetchAll() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Craig").insert(db) }
        let output = SampleOutput<String>()

        let request = Player.order(Column("name"))
        let cancellable = request.rx.fetchAll(in: dbQueue)  // or dbPool
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in
                    output.print("\(players.map { $0.name })")  // print(players.map { $0.name })
                })

        try dbQueue.inTransaction { db in
            try Player.deleteAll(db)
            try Player(name: "Arthur").insert(db)
            try Player(name: "Barbara").insert(db)
            return .commit
            // Eventually prints "[Arthur, Barbara]"
        }
        #expect(try await output.lines(count: 2) == ["[\"Craig\"]", "[\"Arthur\", \"Barbara\"]"])
        withExtendedLifetime(cancellable) {}
    }

    /// Values fetched from custom SQL requests: `URL`, and `Optional<String>` where the database
    /// contains NULL.
    @Test func fetchAllValuesOfSQLRequests() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let urlOutput = SampleOutput<String>()
        let emailOutput = SampleOutput<String>()

        let request = SQLRequest("SELECT url FROM links").asRequest(of: URL.self)
        let urlCancellable = request.rx.fetchAll(in: dbQueue)
            .sink(
                receiveCompletion: { completion in urlOutput.print("completion: \(completion)") },
                receiveValue: { (urls: [URL]) in
                    urlOutput.print("\(urls.map(\.absoluteString))")  // print(urls)
                })

        // swift-format-ignore: UseShorthandTypeNames
        let emailRequest = SQLRequest("SELECT email FROM players").asRequest(of: Optional<String>.self)
        let emailCancellable = emailRequest.rx.fetchAll(in: dbQueue)
            .sink(
                receiveCompletion: { completion in emailOutput.print("completion: \(completion)") },
                receiveValue: { (emails: [String?]) in
                    emailOutput.print("\(emails)")  // print(emails)
                })

        try await urlOutput.lines(count: 1)
        try await emailOutput.lines(count: 1)
        try dbQueue.inDatabase { db in
            try db.execute(
                "INSERT INTO links (url) VALUES ('https://example.com/rounds'), ('https://example.com/players')")
        }
        try dbQueue.inDatabase { db in
            try db.execute(
                "INSERT INTO players (name, email) VALUES ('Arthur', 'arthur@example.com'), ('Barbara', NULL)")
        }
        #expect(
            try await urlOutput.lines(count: 2) == [
                "[]", "[\"https://example.com/rounds\", \"https://example.com/players\"]",
            ])
        #expect(try await emailOutput.lines(count: 2) == ["[]", "[Optional(\"arthur@example.com\"), nil]"])
        withExtendedLifetime((urlCancellable, emailCancellable)) {}
    }

    /// `fetchAll(in:distinctUntilChanged:)` compares raw database values, not the fetched type.
    @Test func fetchAllDistinctUntilChanged() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let emails = SampleOutput<[String?]>()
        let distinctEmails = SampleOutput<[String?]>()
        // swift-format-ignore: UseShorthandTypeNames
        let request = SQLRequest("SELECT email FROM players").asRequest(of: Optional<String>.self)
        let cancellables = [
            request.rx.fetchAll(in: dbQueue)
                .sink(receiveCompletion: { _ in emails.print(["completion"]) }, receiveValue: { emails.print($0) }),
            request.rx.fetchAll(in: dbQueue, distinctUntilChanged: true)
                .sink(
                    receiveCompletion: { _ in distinctEmails.print(["completion"]) },
                    receiveValue: { distinctEmails.print($0) }),
        ]
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO players (name, email) VALUES ('Arthur', NULL)") }
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET email = email") }  // same rows
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET email = 'arthur@example.com'") }
        #expect(try await emails.lines(count: 4) == [[], [nil], [nil], ["arthur@example.com"]])
        #expect(try await distinctEmails.lines(count: 3) == [[], [nil], ["arthur@example.com"]])
        withExtendedLifetime(cancellables) {}
    }

    /// `DatabaseWriter.rx.changes(in: [players, teams])`: one notification per transaction that
    /// changes one of the requests, and one upon subscription.
    @Test func writerChanges() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Zoe").insert(db) }  // something to delete
        let output = SampleOutput<String>()

        let players = Player.all()
        let teams = Team.all()
        let cancellable = dbQueue.rx.changes(in: [players, teams])  // or dbPool
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (db: Database) in
                    output.print("Changes in players or teams table")
                })
        #expect(output.lines.count == 1)

        try dbQueue.inDatabase { db in
            try Player.deleteAll(db)
            // Prints "Changes in players or teams table"
        }
        #expect(output.lines.count == 2)

        try dbQueue.inTransaction { db in
            let team = Team(name: "Blue")
            try team.insert(db)
            try Player(name: "Arthur", teamId: team.id).insert(db)
            return .commit
            // Prints "Changes in players or teams table"
        }
        #expect(output.lines == Array(repeating: "Changes in players or teams table", count: 3))
        let teamIds = try dbQueue.read { db in
            try Int64.fetchAll(db, sql: "SELECT teams.id FROM teams JOIN players ON players.teamId = teams.id")
        }
        #expect(teamIds.count == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test func writerChangesInSQLRequests() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in
            try Player(name: "Zoe").insert(db)  // something to delete
            try Team(name: "Red").insert(db)
        }
        let output = SampleOutput<String>()

        let players = SQLRequest<Row>("SELECT * FROM players")
        let teams = SQLRequest<Row>("SELECT * FROM teams")
        let cancellable = dbQueue.rx.changes(in: [players, teams])
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (db: Database) in
                    output.print("Changes in players or teams table")
                })

        try dbQueue.inDatabase { db in
            try db.execute("DELETE FROM players")
            // Prints "Changes in players or teams table"
        }
        #expect(output.lines.count == 2)
        try dbQueue.inDatabase { db in try db.execute("DELETE FROM teams") }
        #expect(output.lines == Array(repeating: "Changes in players or teams table", count: 3))
        withExtendedLifetime(cancellable) {}
    }

    /// "The very same Observable<[Player]>": `changeTokens` followed by `mapFetch` publishes what
    /// `rx.fetchAll` does.
    @Test func changeTokensOfOneRequest() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let fetchedAll = SampleOutput<[String]>()
        let mappedTokens = SampleOutput<[String]>()

        let request = Player.all()
        let fetchAllCancellable = request.rx.fetchAll(in: dbQueue)  // Observable<[Player]>
            .sink(
                receiveCompletion: { _ in fetchedAll.print(["completion"]) },
                receiveValue: { fetchedAll.print($0.map(\.name)) })

        // The very same Observable<[Player]>
        let mapFetchCancellable = dbQueue.rx
            .changeTokens(in: [request])  // 1. observe modifications
            .mapFetch { (db: Database) in  // 2. fetch fresh results
                return try request.fetchAll(db)
            }
            .sink(
                receiveCompletion: { _ in mappedTokens.print(["completion"]) },
                receiveValue: { mappedTokens.print($0.map(\.name)) })

        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        try dbQueue.inDatabase { db in try Player(name: "Barbara").insert(db) }
        let expected = [[], ["Arthur"], ["Arthur", "Barbara"]]
        #expect(try await fetchedAll.lines(count: 3) == expected)
        #expect(try await mappedTokens.lines(count: 3) == expected)
        withExtendedLifetime((fetchAllCancellable, mapFetchCancellable)) {}
    }

    /// "When the players table is changed, fetch the ten best ones, as well as the total number of
    /// players", and the change tokens of two requests, turned into values by `mapFetch`.
    @Test func changeTokensAndMapFetch() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let scoreColumn = Column("score")
        try dbQueue.inTransaction { db in
            for index in 1...11 { try Player(name: "Player \(index)", score: index).insert(db) }
            return .commit
        }
        let output = SampleOutput<String>()
        let cancellable = dbQueue.rx
            .changeTokens(in: [Player.all()])
            .mapFetch { (db: Database) -> ([Player], Int) in
                let players = try Player.order(scoreColumn.desc).limit(10).fetchAll(db)
                let count = try Player.fetchCount(db)
                return (players, count)
            }
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (players, count) in
                    output.print("Best ten players out of \(count): \(players.map(\.score))")
                })
        try dbQueue.inDatabase { db in try Player(name: "Player 12", score: 12).insert(db) }
        #expect(
            try await output.lines(count: 2) == [
                "Best ten players out of 11: \(Array((2...11).reversed()))",
                "Best ten players out of 12: \(Array((3...12).reversed()))",
            ])

        // `DatabaseWriter.rx.changeTokens`: tokens of two requests, for `mapFetch`.
        let players = Player.all()
        let teams = Team.all()
        let counts = SampleOutput<Int>()
        // Observable<ChangeToken>
        let changeTokens = dbQueue.rx.changeTokens(in: [players, teams])  // or dbPool
        // Observable<[Player]>
        let playersCancellable = changeTokens.mapFetch { (db: Database) in
            try Player.fetchAll(db)
        }
        .sink(receiveCompletion: { _ in counts.print(-1) }, receiveValue: { counts.print($0.count) })
        try dbQueue.inDatabase { db in try Team(name: "Blue").insert(db) }  // a token, the same players
        try dbQueue.inDatabase { db in try Player(name: "Player 13").insert(db) }
        #expect(try await counts.lines(count: 3) == [12, 12, 13])
        withExtendedLifetime((cancellable, playersCancellable)) {}
    }

    /// The requests of the `PrimaryKeyDiffScanner` sample, observed as the sample does; the scanner
    /// itself (and the `scan` that feeds it) is tested in DiffTests.
    @Test func primaryKeyDiffScannerRequests() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO places (id, name) VALUES (2, 'b'), (1, 'a')") }
        let output = SampleOutput<[Row]>()
        let request = Place.order(Column("id"))
        let rowRequest = request.asRequest(of: Row.self)
        let cancellable = rowRequest.rx
            .fetchAll(in: dbQueue)
            .sink(receiveCompletion: { _ in output.print([]) }, receiveValue: { rows in output.print(rows) })
        try dbQueue.inDatabase { db in try db.execute("DELETE FROM places WHERE id = 1") }
        #expect(
            try await output.lines(count: 2) == [
                [["id": 1, "name": "a"], ["id": 2, "name": "b"]],
                [["id": 2, "name": "b"]],
            ])
        let places = try dbQueue.inDatabase { db in try request.fetchAll(db) }
        #expect(places.map(\.name) == ["b"])
        withExtendedLifetime(cancellable) {}
    }
}
