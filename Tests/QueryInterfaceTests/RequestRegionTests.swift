import ReactiveSQLite
import Testing

/// A record for the region tests.
private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
    var id: Int64
    var name: String
    var score: Int?
}

@Suite struct RequestRegionTests {
    private func region(_ request: some FetchRequest) throws -> String {
        let dbQueue = try DatabaseQueue()
        return try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            try db.execute(sql: "CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (a, b))")
            try db.execute(sql: "CREATE TABLE note (text TEXT)")
            try db.execute(sql: "CREATE TABLE legacy (oid TEXT, text TEXT)")
            return try request.databaseRegion(db).description
        }
    }

    @Test func requestsReadTheColumnsTheyUse() throws {
        #expect(try region(Player.all()) == "player(id,name,score)")
        #expect(try region(Player.select(Column("name"))) == "player(name)")
        #expect(try region(Player.select(Column("name")).filter(Column("score") > 1)) == "player(name,score)")
        #expect(try region(Player.select(count(AllColumns()), as: Int.self)) == "player(*)")
    }

    @Test func keyFiltersReadOnlyTheirRows() throws {
        #expect(try region(Player.filter(key: 1)) == "player(id,name,score)[1]")
        #expect(try region(Player.filter(keys: [3, 1, 2])) == "player(id,name,score)[1,2,3]")
        #expect(try region(Player.filter(id: 4)) == "player(id,name,score)[4]")
        #expect(try region(Player.filter(Column("id") == 5)) == "player(id,name,score)[5]")
        #expect(try region(Player.filter(5 == Column("id"))) == "player(id,name,score)[5]")
        #expect(try region(Player.filter([1, 2].contains(Column("id")))) == "player(id,name,score)[1,2]")
        #expect(try region(Player.filter(key: 1).filter(Column("score") > 0)) == "player(id,name,score)[1]")
        #expect(try region(Player.filter(keys: [1, 2]).filter(key: 2)) == "player(id,name,score)[2]")
        #expect(try region(Table("note").filter(key: 7)) == "note(rowid,text)[7]")
        #expect(try region(Table("note").filter(Column.rowID == 8)) == "note(rowid,text)[8]")
    }

    @Test func otherFiltersReadEveryRow() throws {
        #expect(try region(Player.filter(Column("score") == 1)) == "player(id,name,score)")
        #expect(try region(Player.filter(Column("id") == 1 || Column("id") == 2)) == "player(id,name,score)")
        #expect(try region(Player.filter(Column("id") != 1)) == "player(id,name,score)")
        #expect(try region(Player.filter(Column("id") == "1")) == "player(id,name,score)")
        #expect(try region(Table("pair").filter(Column("a") == 1)) == "pair(a,b)")
        // A column named like the rowid hides it: filtering it selects no rowid.
        #expect(try region(Table("legacy").filter(Column("oid") == 1)) == "legacy(oid,text)")
        #expect(try region(Table("legacy").filter(Column.rowID == 1)) == "legacy(oid,rowid,text)[1]")
        // A subquery may read other rows of the same table.
        let others = Player.select(Column("id")).filter(Column("score") > 1)
        #expect(try region(Player.filter(key: 1).filter(others.contains(Column("id")))) == "player(id,name,score)")
        #expect(try region(Player.filter(key: 1).filter(sql: "1")) == "player(id,name,score)")
    }

    @Test func requestsWithNoRowReadNothing() throws {
        #expect(try region(Player.filter(keys: [Int]())) == "empty")
        #expect(try region(Player.filter(key: 1).filter(key: 2)) == "empty")
    }
}
