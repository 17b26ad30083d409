import Foundation
import RSCore
import RSQueryInterface

// JSON: Codable properties stored as JSON text, JSON columns read by path, and SQLite's JSON
// functions, where the driver's SQLite has them; elsewhere, an error that says they are missing.

private struct JSONAddress: Codable, Equatable {
    var city: String
    var country: String
}

private struct JSONPlayer: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "player"
    var id: Int64
    var name: String
    var address: JSONAddress
    var tags: [String]

    enum Columns {
        static let name = Column("name")
        static let address = JSONColumn("address")
        static let tags = JSONColumn("tags")
    }
}

let jsonChecks: [ConformanceCheck] = [
    ConformanceCheck("JSON columns are read by path and built by SQLite's JSON functions, where it has them") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.create(table: "player") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text)
                t.column("address", .jsonText)
                t.column("tags", .jsonText)
            }
            try JSONPlayer(id: 1, name: "Arthur", address: JSONAddress(city: "Paris", country: "FR"), tags: ["a"])
                .insert(db)
            try JSONPlayer(id: 2, name: "Barbara", address: JSONAddress(city: "Berlin", country: "DE"), tags: [])
                .insert(db)
        }
        let address = JSONPlayer.Columns.address
        guard factory.driver.capabilities.supportsJSON else {
            let error = try expectDatabaseError {
                _ = try writer.read { db in
                    try JSONPlayer.filter(address.jsonExtract(atPath: "$.country") == "FR").fetchAll(db)
                }
            }
            try expectEqual(error.resultCode, .SQLITE_ERROR)
            try expect(
                error.message?.contains(
                    "JSON1 (the JSON functions) needs SQLite compiled with SQLITE_ENABLE_JSON1, or SQLite 3.38.0")
                    == true, "\(error)")
            // Codable properties are JSON text, whatever the SQLite.
            try expectEqual(try writer.read { db in try JSONPlayer.fetchOne(db, key: 1)?.address.city }, "Paris")
            return
        }
        try writer.read { db in
            try expectEqual(try JSONPlayer.filter(address["$.country"] == "FR").fetchAll(db).map(\.name), ["Arthur"])
            try expectEqual(
                try JSONPlayer.filter(address.jsonExtract(atPath: "$.city") == "Berlin").fetchAll(db).map(\.id), [2])
            try expectEqual(
                try String.fetchOne(db, JSONPlayer.filter(key: 1).select(address.jsonRepresentation(atPath: "$.city"))),
                "\"Paris\"")
            // A JSON column is JSON in the functions that build JSON; a text column is a string.
            let built = JSONPlayer.filter(key: 1).select(
                Database.jsonObject(
                    [("address", address), ("name", JSONPlayer.Columns.name), ("tags", JSONPlayer.Columns.tags)]
                        as [(key: String, value: any SQLExpressible)]))
            try expectEqual(
                try String.fetchOne(db, built),
                #"{"address":{"city":"Paris","country":"FR"},"name":"Arthur","tags":["a"]}"#)
            try expectEqual(
                try String.fetchOne(
                    db,
                    JSONPlayer.filter(key: 1).select(
                        Database.jsonArray([Column("address"), Column("address").asJSON] as [any SQLExpressible]))),
                #"["{\"city\":\"Paris\",\"country\":\"FR\"}",{"city":"Paris","country":"FR"}]"#)
            try expectEqual(
                try String.fetchOne(
                    db, JSONPlayer.select(Database.jsonGroupArray(JSONPlayer.Columns.name, filter: Column("id") > 1))),
                #"["Barbara"]"#)
            try expectEqual(
                try String.fetchOne(
                    db,
                    JSONPlayer.select(
                        Database.jsonGroupObject(key: JSONPlayer.Columns.name, value: JSONPlayer.Columns.tags))),
                #"{"Arthur":["a"],"Barbara":[]}"#)
            try expectEqual(
                try Int.fetchOne(
                    db, JSONPlayer.filter(key: 1).select(Database.jsonArrayLength(JSONPlayer.Columns.tags))), 1)
            try expectEqual(
                try String.fetchOne(db, JSONPlayer.filter(key: 2).select(Database.jsonType(address, atPath: "$.city"))),
                "text")
            try expectEqual(
                try Bool.fetchOne(db, JSONPlayer.filter(key: 2).select(Database.jsonIsValid(JSONPlayer.Columns.name))),
                false)
        }
        try writer.write { db in
            try JSONPlayer.filter(key: 2).updateAll(
                db,
                address.set(
                    to: Database.jsonSet(address, [("$.city", "Munich")] as [(key: String, value: any SQLExpressible)]))
            )
            try JSONPlayer.filter(key: 1).updateAll(db, address.set(to: Database.jsonRemove(address, atPath: "$.city")))
        }
        try expectEqual(try writer.read { db in try JSONPlayer.fetchOne(db, key: 2)?.address.city }, "Munich")
        try expectEqual(
            try writer.read { db in try String.fetchOne(db, sql: "SELECT address FROM player WHERE id = 1") },
            #"{"country":"FR"}"#)
    }
]
