import ReactiveSQLite
import Testing

@Suite struct DatabaseRegionTests {
    // MARK: - Values

    @Test func emptyAndFullDatabase() {
        let empty = DatabaseRegion()
        #expect(empty.isEmpty)
        #expect(!empty.isFullDatabase)
        #expect(empty.description == "empty")
        #expect(empty.tableNames == [])

        let full = DatabaseRegion.fullDatabase
        #expect(!full.isEmpty)
        #expect(full.isFullDatabase)
        #expect(full.description == "full database")
        #expect(full.tableNames == nil)
        #expect(empty != full)
    }

    @Test func tableRegions() {
        let table = DatabaseRegion(table: "player")
        #expect(!table.isEmpty)
        #expect(!table.isFullDatabase)
        #expect(table.description == "player(*)")
        #expect(DatabaseRegion(table: "player", columns: ["name", "id"]).description == "player(id,name)")
        #expect(DatabaseRegion(table: "player", rowIDs: [2, 1]).description == "player(*)[1,2]")
        #expect(DatabaseRegion(table: "player", columns: ["name"], rowIDs: [3]).description == "player(name)[3]")
        #expect(DatabaseRegion(table: "player", columns: ["name"]).tableNames == ["player"])
    }

    @Test func emptySetsOfColumnsOrRowsMakeEmptyRegions() {
        #expect(DatabaseRegion(table: "player", columns: []) == DatabaseRegion())
        #expect(DatabaseRegion(table: "player", rowIDs: []) == DatabaseRegion())
        #expect(DatabaseRegion(table: "player", columns: []).isEmpty)
    }

    @Test func namesAreCaseInsensitive() {
        let lowercase = DatabaseRegion(table: "player", columns: ["name", "teamid"])
        let mixedCase = DatabaseRegion(table: "Player", columns: ["NAME", "teamId"])
        #expect(lowercase == mixedCase)
        #expect(lowercase.hashValue == mixedCase.hashValue)
        #expect(Set([lowercase, mixedCase]).count == 1)
        #expect(mixedCase.description == "player(name,teamid)")
        #expect(mixedCase.union(lowercase) == lowercase)
    }

    @Test func caseFoldingIsTheASCIIFoldingOfSQLite() {
        // SQLite folds the case of ASCII letters only: "é" and "É" are different identifiers.
        #expect(DatabaseRegion(table: "café") == DatabaseRegion(table: "CAFé"))
        #expect(DatabaseRegion(table: "café") != DatabaseRegion(table: "cafÉ"))
        #expect(DatabaseRegion(table: "ÉTÉ").description == "ÉtÉ(*)")
    }

    // MARK: - Union

    @Test func unionOfTables() {
        let region = DatabaseRegion(table: "player", columns: ["name"]).union(DatabaseRegion(table: "team"))
        #expect(region.description == "player(name),team(*)")
        #expect(region.tableNames == ["player", "team"])
    }

    @Test func unionOfColumns() {
        let names = DatabaseRegion(table: "player", columns: ["name"])
        let scores = DatabaseRegion(table: "player", columns: ["score", "name"])
        #expect(names.union(scores).description == "player(name,score)")
        #expect(names.union(DatabaseRegion(table: "player")).description == "player(*)")
        #expect(DatabaseRegion(table: "player").union(names).description == "player(*)")
    }

    @Test func unionOfRows() {
        let one = DatabaseRegion(table: "player", rowIDs: [1])
        let two = DatabaseRegion(table: "player", rowIDs: [2])
        #expect(one.union(two).description == "player(*)[1,2]")
        // All rows of the table on one side: all rows in the union.
        #expect(one.union(DatabaseRegion(table: "player")).description == "player(*)")
        #expect(DatabaseRegion(table: "player", columns: ["name"]).union(one).description == "player(*)")
        let nameOfOne = DatabaseRegion(table: "player", columns: ["name"], rowIDs: [1])
        let scoreOfTwo = DatabaseRegion(table: "player", columns: ["score"], rowIDs: [2])
        #expect(nameOfOne.union(scoreOfTwo).description == "player(name,score)[1,2]")
    }

    @Test func unionWithEmptyAndFullDatabase() {
        let region = DatabaseRegion(table: "player", columns: ["name"])
        #expect(region.union(DatabaseRegion()) == region)
        #expect(DatabaseRegion().union(region) == region)
        #expect(region.union(.fullDatabase).isFullDatabase)
        #expect(DatabaseRegion.fullDatabase.union(region).isFullDatabase)
        #expect(DatabaseRegion().union(DatabaseRegion()).isEmpty)
    }

    @Test func formUnion() {
        var region = DatabaseRegion()
        region.formUnion(DatabaseRegion(table: "player", columns: ["name"]))
        region.formUnion(DatabaseRegion(table: "Player", columns: ["Score"]))
        region.formUnion(DatabaseRegion(table: "team", rowIDs: [1]))
        #expect(region.description == "player(name,score),team(*)[1]")
        region.formUnion(.fullDatabase)
        #expect(region == .fullDatabase)
    }

    // MARK: - Intersection

    @Test func intersectionOfTables() {
        let players = DatabaseRegion(table: "player").union(DatabaseRegion(table: "team"))
        let teams = DatabaseRegion(table: "Team").union(DatabaseRegion(table: "award"))
        #expect(players.intersection(teams).description == "team(*)")
        #expect(DatabaseRegion(table: "player").intersection(DatabaseRegion(table: "team")).isEmpty)
    }

    @Test func intersectionOfColumns() {
        let nameAndScore = DatabaseRegion(table: "player", columns: ["name", "score"])
        let scoreAndTeam = DatabaseRegion(table: "player", columns: ["SCORE", "teamId"])
        #expect(nameAndScore.intersection(scoreAndTeam).description == "player(score)")
        // All columns on one side: the columns of the other.
        #expect(nameAndScore.intersection(DatabaseRegion(table: "player")) == nameAndScore)
        #expect(DatabaseRegion(table: "player").intersection(nameAndScore) == nameAndScore)
        // No common column: no table.
        let name = DatabaseRegion(table: "player", columns: ["name"])
        #expect(name.intersection(DatabaseRegion(table: "player", columns: ["score"])).isEmpty)
    }

    @Test func intersectionOfRows() {
        let oneAndTwo = DatabaseRegion(table: "player", rowIDs: [1, 2])
        let twoAndThree = DatabaseRegion(table: "player", rowIDs: [2, 3])
        #expect(oneAndTwo.intersection(twoAndThree).description == "player(*)[2]")
        // All rows on one side: the rows of the other.
        #expect(
            oneAndTwo.intersection(DatabaseRegion(table: "player", columns: ["name"])).description
                == "player(name)[1,2]")
        // No common row: no table.
        #expect(oneAndTwo.intersection(DatabaseRegion(table: "player", rowIDs: [3])).isEmpty)
        // Columns and rows meet separately; a table stays only when both do.
        let nameOfOne = DatabaseRegion(table: "player", columns: ["name", "score"], rowIDs: [1, 2])
        let scoreOfTwo = DatabaseRegion(table: "player", columns: ["score"], rowIDs: [2, 3])
        #expect(nameOfOne.intersection(scoreOfTwo).description == "player(score)[2]")
        let region = DatabaseRegion(table: "player", columns: ["name"], rowIDs: [1])
            .union(DatabaseRegion(table: "team"))
        let other = DatabaseRegion(table: "player", columns: ["name"], rowIDs: [2])
            .union(DatabaseRegion(table: "team", columns: ["name"]))
        #expect(region.intersection(other).description == "team(name)")
    }

    @Test func intersectionWithEmptyAndFullDatabase() {
        let region = DatabaseRegion(table: "player", columns: ["name"], rowIDs: [1])
        #expect(region.intersection(DatabaseRegion()).isEmpty)
        #expect(DatabaseRegion().intersection(region).isEmpty)
        #expect(region.intersection(.fullDatabase) == region)
        #expect(DatabaseRegion.fullDatabase.intersection(region) == region)
        #expect(DatabaseRegion.fullDatabase.intersection(.fullDatabase).isFullDatabase)
        #expect(DatabaseRegion.fullDatabase.intersection(DatabaseRegion()).isEmpty)
    }

    @Test func formIntersection() {
        var region = DatabaseRegion(table: "player", columns: ["name", "score"]).union(DatabaseRegion(table: "team"))
        region.formIntersection(.fullDatabase)
        #expect(region.description == "player(name,score),team(*)")
        region.formIntersection(DatabaseRegion(table: "player", columns: ["score"], rowIDs: [4]))
        #expect(region.description == "player(score)[4]")
        region.formIntersection(DatabaseRegion(table: "team"))
        #expect(region.isEmpty)
    }

    // MARK: - Modification

    @Test func modificationByTable() {
        let region = DatabaseRegion(table: "player", columns: ["name", "score"])
        #expect(region.isModified(byTable: "player"))
        #expect(region.isModified(byTable: "PLAYER"))
        #expect(!region.isModified(byTable: "team"))
        #expect(!DatabaseRegion().isModified(byTable: "player"))
        #expect(DatabaseRegion.fullDatabase.isModified(byTable: "anything", columns: ["a"], rowID: 1))
    }

    @Test func modificationByColumns() {
        let region = DatabaseRegion(table: "player", columns: ["name", "score"])
        #expect(region.isModified(byTable: "player", columns: ["score"]))
        #expect(region.isModified(byTable: "player", columns: ["Score", "bonus"]))
        #expect(!region.isModified(byTable: "player", columns: ["bonus"]))
        #expect(!region.isModified(byTable: "player", columns: []))
        // All columns of the region are modified by any column.
        #expect(DatabaseRegion(table: "player").isModified(byTable: "player", columns: ["bonus"]))
    }

    @Test func modificationByRows() {
        let region = DatabaseRegion(table: "player", columns: ["name"], rowIDs: [1, 2])
        #expect(region.isModified(byTable: "player", rowID: 1))
        #expect(!region.isModified(byTable: "player", rowID: 3))
        #expect(region.isModified(byTable: "player", columns: ["name"], rowID: 2))
        #expect(!region.isModified(byTable: "player", columns: ["score"], rowID: 2))
        // An unknown row may be any row.
        #expect(region.isModified(byTable: "player", columns: ["name"], rowID: nil))
        #expect(DatabaseRegion(table: "player").isModified(byTable: "player", rowID: 42))
    }

    @Test func modificationByEventKinds() {
        let region = DatabaseRegion(table: "player", columns: ["score"])
        #expect(region.isModified(byEventsOfKind: .insert(tableName: "player")))
        #expect(region.isModified(byEventsOfKind: .delete(tableName: "Player")))
        #expect(region.isModified(byEventsOfKind: .update(tableName: "player", columnNames: ["score", "name"])))
        #expect(!region.isModified(byEventsOfKind: .update(tableName: "player", columnNames: ["name"])))
        #expect(!region.isModified(byEventsOfKind: .insert(tableName: "team")))
        #expect(DatabaseEventKind.update(tableName: "player", columnNames: ["name"]).tableName == "player")
        #expect(DatabaseEventKind.delete(tableName: "team").tableName == "team")
    }

    // MARK: - DatabaseRegionConvertible

    @Test func regionConvertibles() throws {
        let dbQueue = try DatabaseQueue()
        let region = DatabaseRegion(table: "player", columns: ["name"])
        let regions = try dbQueue.read { db in
            [
                try region.databaseRegion(db),
                try AnyDatabaseRegionConvertible(region).databaseRegion(db),
                try AnyDatabaseRegionConvertible { _ in .fullDatabase }.databaseRegion(db),
                try asRegionConvertible(.fullDatabase).databaseRegion(db),
            ]
        }
        #expect(regions == [region, region, .fullDatabase, .fullDatabase])
    }

    @Test func aCustomRequestHasTheRegionOfItsStatement() throws {
        struct NamesRequest: FetchRequest {
            typealias RowDecoder = String
            func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest {
                PreparedRequest(statement: try db.makeStatement(sql: "SELECT name FROM player"))
            }
            func fetchCount(_ db: Database) throws -> Int { 0 }
        }
        let dbQueue = try DatabaseQueue()
        let region = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)")
            return try NamesRequest().databaseRegion(db)
        }
        #expect(region.description == "player(name)")
    }

    /// Its argument, where a `DatabaseRegionConvertible` is expected: `.fullDatabase` must resolve there.
    private func asRegionConvertible(_ region: some DatabaseRegionConvertible) -> some DatabaseRegionConvertible {
        region
    }
}
