import Foundation
import ReactiveSQLite
import Testing

// The SQL of JSON expressions, on the system SQLite. What SQLite does with them is checked by the
// conformance suite over every driver: Tests/TestSupport/Checks+JSON.swift.

private struct Player: TableRecord {
    static let databaseTableName = "player"
}

/// The SQL a request runs.
private func sql(_ request: some FetchRequest) throws -> String {
    let dbQueue = try DatabaseQueue()
    return try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, info TEXT, name TEXT)")
        return try request.makePreparedRequest(db, forSingleResult: false).statement.sql
    }
}

@Suite struct JSONSQLTests {
    @Test func jsonColumnsAreJSONInTheFunctionsThatBuildJSON() throws {
        let info = JSONColumn("info")
        let name = Column("name")
        #expect(
            try sql(Player.select(Database.jsonArray([info, name] as [any SQLExpressible])))
                == #"SELECT JSON_ARRAY(JSON("info"), "name") FROM "player""#)
        #expect(
            try sql(
                Player.select(
                    Database.jsonObject(
                        [("n", name.asJSON), ("i", Database.json(info))] as [(key: String, value: any SQLExpressible)]))
            )
                == #"SELECT JSON_OBJECT(?, JSON("name"), ?, JSON("info")) FROM "player""#)
        #expect(
            try sql(Player.select(Database.jsonQuote(info.jsonRepresentation(atPath: "$.a"))))
                == #"SELECT JSON_QUOTE("info" -> ?) FROM "player""#)
        #expect(
            try sql(Player.select(Database.jsonGroupArray(info, filter: name != nil)))
                == #"SELECT JSON_GROUP_ARRAY(JSON("info")) FILTER (WHERE "name" IS NOT NULL) FROM "player""#)
    }

    @Test func pathsOfJSONColumns() throws {
        let info = JSONColumn("info")
        #expect(try sql(Player.filter(info["$.score"] > 10)) == #"SELECT * FROM "player" WHERE ("info" ->> ?) > ?"#)
        #expect(
            try sql(Player.select(info.jsonExtract(atPaths: ["$.a", "$.b"]), Column("name").asJSON["$.c"]))
                == #"SELECT JSON_EXTRACT("info", ?, ?), "name" ->> ? FROM "player""#)
    }

    @Test func jsonColumnsOfAliasesStayJSON() throws {
        let alias = TableAlias(name: "p")
        let info = JSONColumn("info")
        #expect(
            try sql(Player.aliased(alias).select(Database.jsonArray([alias[info]])))
                == #"SELECT JSON_ARRAY(JSON("p"."info")) FROM "player" "p""#)
        // A JSON column typed as any expression: the alias keeps it JSON.
        let anyInfo: any SQLSpecificExpressible = info
        #expect(
            try sql(Player.aliased(alias).select(Database.jsonArray([alias[anyInfo]])))
                == #"SELECT JSON_ARRAY(JSON("p"."info")) FROM "player" "p""#)
        #expect(
            try sql(Player.aliased(alias).select(alias[info]["$.a"], alias[info].jsonRepresentation(atPath: "$.b")))
                == #"SELECT "p"."info" ->> ?, "p"."info" -> ? FROM "player" "p""#)
        #expect(
            try sql(Player.select(Database.jsonArray([Database.jsonExtract(info, atPaths: ["$.a", "$.b"]).asJSON])))
                == #"SELECT JSON_ARRAY(JSON_EXTRACT("info", ?, ?)) FROM "player""#)
    }
}
