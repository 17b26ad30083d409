import RSTestSupport
import ReactiveSQLite
import Testing

/// A record that names its columns, as GRDB 7's documentation does.
private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
    var id: Int64
    var name: String
    var score: Int?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let name = Column(CodingKeys.name)
        static let score = Column(CodingKeys.score)
    }
}

/// A record whose database components are a value of its own, not the static members of `Columns`.
private struct Team: TableRecord {
    struct Components {
        let name = Column("name")
        let rank = Column("rank")
        /// A component that is no column.
        var isFirst: SQLExpression { rank == 1 }
    }

    static var databaseComponents: Components { Components() }
}

/// A record that names no columns.
private struct Note: TableRecord {}

/// An error that the closures of the requests throw.
private struct ComponentError: Error {}

/// The SQL and arguments a request runs, as prepared by a real database.
private func sql(_ request: some FetchRequest) throws -> (String, StatementArguments) {
    try fixture().read { db in
        let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
        return (statement.sql, statement.arguments)
    }
}

private func fixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
        try db.execute(sql: "CREATE TABLE team (name TEXT, rank INTEGER)")
        for (id, name, score) in [(1, "Arthur", 100), (2, "Barbara", 200), (3, "Craig", 200)] {
            try Player(id: Int64(id), name: name, score: score).insert(db)
        }
    }
    return dbQueue
}

@Suite struct DatabaseComponentsTests {
    @Test func theComponentsOfARecordAreItsColumnsByDefault() throws {
        #expect(Player.DatabaseComponents.self == Player.Columns.Type.self)
        #expect(Player.databaseComponents == Player.Columns.self)
        #expect(Player.databaseComponents.score.name == "score")
        #expect(QueryInterfaceRequest<Player>.DatabaseComponents.self == Player.Columns.Type.self)
        #expect(Table<Player>.DatabaseComponents.self == Player.Columns.Type.self)
        // A record that names no columns has no components.
        #expect(Note.Columns.self == Never.self)
        #expect(Note.DatabaseComponents.self == Never.Type.self)
    }

    @Test func selection() throws {
        #expect(try sql(Player.select(\.score)) == ("SELECT \"score\" FROM \"player\"", []))
        #expect(try sql(Player.all().select(\.score)) == ("SELECT \"score\" FROM \"player\"", []))
        #expect(try sql(Player.select { [$0.id, $0.score] }).0 == "SELECT \"id\", \"score\" FROM \"player\"")
        #expect(try sql(Player.all().select { [$0.id, $0.score] }).0 == "SELECT \"id\", \"score\" FROM \"player\"")
        // The selection replaces the previous one.
        #expect(try sql(Player.select(\.id).select(\.name)).0 == "SELECT \"name\" FROM \"player\"")
        #expect(try sql(Player.select { [$0.id] }.select { [$0.name] }).0 == "SELECT \"name\" FROM \"player\"")
        // Other values than columns.
        #expect(
            try sql(Player.select { $0.score + 1 }) == ("SELECT \"score\" + ? FROM \"player\"", [1]))
        #expect(try sql(Table<Player>("player").all().select(\.name)).0 == "SELECT \"name\" FROM \"player\"")
    }

    @Test func selectionAsAnotherType() throws {
        let maxScore = Player.select({ max($0.score) }, as: Int.self)
        #expect(try sql(maxScore).0 == "SELECT MAX(\"score\") FROM \"player\"")
        #expect(try fixture().read { db in try maxScore.fetchOne(db) } == 200)
        let names = Player.all().order(\.name).select(\.name, as: String.self)
        #expect(try sql(names).0 == "SELECT \"name\" FROM \"player\" ORDER BY \"name\"")
        #expect(try fixture().read { db in try names.fetchAll(db) } == ["Arthur", "Barbara", "Craig"])
        // The type is inferred from the context, as in GRDB.
        let scores: QueryInterfaceRequest<Int> = Player.select(\.score)
        #expect(try fixture().read { db in try scores.fetchSet(db) } == [100, 200])
        let ids: QueryInterfaceRequest<Int64> = Player.all().select(\.id)
        #expect(try fixture().read { db in try ids.fetchAll(db) } == [1, 2, 3])
    }

    @Test func annotation() throws {
        #expect(
            try sql(Player.annotated { ($0.score * 2).forKey("double") })
                == ("SELECT *, \"score\" * ? AS \"double\" FROM \"player\"", [2]))
        #expect(
            try sql(Player.select(\.id).annotated { [$0.name, ($0.score + 1).forKey("next")] })
                == ("SELECT \"id\", \"name\", \"score\" + ? AS \"next\" FROM \"player\"", [1]))
        #expect(
            try sql(Player.annotated { [$0.name] }.annotated(with: \.score)).0
                == "SELECT *, \"name\", \"score\" FROM \"player\"")
        let rows = try fixture().read { db in try Player.annotated { ($0.score * 2).forKey("double") }.fetchAll(db) }
        #expect(rows.map(\.id) == [1, 2, 3])
        let doubles = try fixture().read { db in
            try Row.fetchAll(db, Player.all().annotated { ($0.score * 2).forKey("double") }).map {
                $0["double"] as Int?
            }
        }
        #expect(doubles == [200, 400, 400])
    }

    @Test func filtering() throws {
        #expect(
            try sql(Player.filter { $0.score > 1000 }) == ("SELECT * FROM \"player\" WHERE \"score\" > ?", [1000]))
        #expect(
            try sql(Player.all().filter { $0.name == "O'Brien" })
                == ("SELECT * FROM \"player\" WHERE \"name\" = ?", ["O'Brien"]))
        // Conditions add up with AND, whatever their form.
        #expect(
            try sql(Player.filter { $0.score > 10 }.filter(Column("id") < 5).filter { $0.name != nil })
                == (
                    "SELECT * FROM \"player\" WHERE (\"score\" > ?) AND (\"id\" < ?) AND (\"name\" IS NOT NULL)",
                    [10, 5]
                ))
        #expect(try sql(Player.filter(\.score)).0 == "SELECT * FROM \"player\" WHERE \"score\"")
        let names = try fixture().read { db in try Player.filter { $0.score > 150 }.order(\.name).fetchAll(db) }
        #expect(names.map(\.name) == ["Barbara", "Craig"])
    }

    @Test func groupingAndHaving() throws {
        let request = Player.select { [$0.score, count(AllColumns())] }.group(\.score).having { max($0.id) > 1 }
        #expect(
            try sql(request)
                == ("SELECT \"score\", COUNT(*) FROM \"player\" GROUP BY \"score\" HAVING MAX(\"id\") > ?", [1]))
        #expect(
            try sql(Player.select(\.score).group { [$0.score, $0.name] }).0
                == "SELECT \"score\" FROM \"player\" GROUP BY \"score\", \"name\"")
        // A grouping replaces the previous one; conditions on groups add up with AND.
        #expect(
            try sql(Player.all().group(\.name).group(\.score).having { count($0.id) > 1 }.having { min($0.id) > 0 })
                == (
                    "SELECT * FROM \"player\" GROUP BY \"score\" HAVING (COUNT(\"id\") > ?) AND (MIN(\"id\") > ?)",
                    [1, 0]
                ))
        let rows = try fixture().read { db in try Row.fetchAll(db, request.order(\.score)) }
        #expect(rows.map(\.databaseValues) == [[200.databaseValue, 2.databaseValue]])
    }

    @Test func ordering() throws {
        #expect(try sql(Player.order(\.score.desc)).0 == "SELECT * FROM \"player\" ORDER BY \"score\" DESC")
        #expect(try sql(Player.order(\.name)).0 == "SELECT * FROM \"player\" ORDER BY \"name\"")
        #expect(
            try sql(Player.order { [$0.score.desc, $0.name] }).0
                == "SELECT * FROM \"player\" ORDER BY \"score\" DESC, \"name\"")
        #expect(
            try sql(Player.all().order { [$0.score.descNullsFirst, $0.name.asc] }).0
                .hasSuffix("ORDER BY \"score\" DESC NULLS FIRST, \"name\" ASC"))
        // The ordering replaces the previous one, and can be reversed.
        #expect(try sql(Player.order(\.name).order(\.score)).0 == "SELECT * FROM \"player\" ORDER BY \"score\"")
        #expect(
            try sql(Player.all().order { [$0.score.desc, $0.name] }.reversed()).0
                == "SELECT * FROM \"player\" ORDER BY \"score\" ASC, \"name\" DESC")
        #expect(try sql(Player.order(\.name).reversed().order(\.id)).0 == "SELECT * FROM \"player\" ORDER BY \"id\"")
        let names = try fixture().read { db in try Player.order { [$0.score.desc, $0.name.desc] }.fetchAll(db) }
        #expect(names.map(\.name) == ["Craig", "Barbara", "Arthur"])
    }

    @Test func updates() throws {
        let dbQueue = try fixture()
        var counts: [Int] = []
        let statements = try tracedSQL(dbQueue) { db in
            counts.append(try Player.updateAll(db) { $0.score += 1 })
            counts.append(try Player.updateAll(db) { [$0.score *= 2, $0.name.set(to: "P")] })
            counts.append(try Player.filter(key: 1).updateAll(db) { $0.score.set(to: 0) })
            counts.append(try Player.filter { $0.id > 1 }.updateAll(db) { [$0.score -= 2] })
            counts.append(try Table<Player>("player").updateAll(db) { $0.name.set(to: "T") })
            counts.append(try Table<Player>("player").updateAll(db) { [$0.score /= 2, $0.name.set(to: "U")] })
        }
        #expect(counts == [3, 3, 1, 2, 3, 3])
        #expect(
            statements == [
                "UPDATE \"player\" SET \"score\" = \"score\" + ?",
                "UPDATE \"player\" SET \"score\" = \"score\" * ?, \"name\" = ?",
                "UPDATE \"player\" SET \"score\" = ? WHERE \"id\" = ?",
                "UPDATE \"player\" SET \"score\" = \"score\" - ? WHERE \"id\" > ?",
                "UPDATE \"player\" SET \"name\" = ?",
                "UPDATE \"player\" SET \"score\" = \"score\" / ?, \"name\" = ?",
            ])
        let players = try dbQueue.read { db in try Player.order(\.id).fetchAll(db) }
        #expect(players.map(\.score) == [0, 200, 200])
        #expect(players.map(\.name) == ["U", "U", "U"])
    }

    @Test func componentsOfTheirOwn() throws {
        #expect(try sql(Team.select(\.name)).0 == "SELECT \"name\" FROM \"team\"")
        #expect(
            try sql(Team.filter(\.isFirst).order { [$0.rank, $0.name.desc] })
                == ("SELECT * FROM \"team\" WHERE \"rank\" = ? ORDER BY \"rank\", \"name\" DESC", [1]))
        #expect(try sql(Team.filter { $0.name == "Reds" && $0.isFirst }).1 == ["Reds", 1])
    }

    @Test func theClosuresRunOnceAndTheirErrorsAreThrown() throws {
        var calls = 0
        _ = Player.filter {
            calls += 1
            return $0.score > 1
        }
        #expect(calls == 1)
        #expect(throws: ComponentError.self) { try Player.select { _ -> any SQLSelectable in throw ComponentError() } }
        #expect(throws: ComponentError.self) { try Player.all().filter { _ in throw ComponentError() } }
        #expect(throws: ComponentError.self) {
            try Player.order { _ -> [any SQLOrderingTerm] in throw ComponentError() }
        }
        let dbQueue = try fixture()
        #expect(throws: ComponentError.self) {
            try dbQueue.write { db in try Player.updateAll(db) { _ -> ColumnAssignment in throw ComponentError() } }
        }
    }

    /// The sample of GRDB's documentation of `ValueObservation.tracking(region:fetch:)` compiles, and
    /// observes the score of one row only.
    @Test func theObservationOfOneScoreTracksTheScoreOfOneRow() throws {
        let observation = ValueObservation.tracking(
            region: Player.select(\.score).filter(id: 1),
            fetch: { db in try Player.fetchOne(db, id: 1) }
        )
        _ = observation
        let region = try fixture().read { db in
            try Player.select(\.score).filter(id: 1).databaseRegion(db).description
        }
        #expect(region == "player(id,score)[1]")
    }
}
