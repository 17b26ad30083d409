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
