import Foundation
import RSCore

/// `SQLRequest` as GRDB 7 and the RxGRDB samples build it: from a string interpolation whose values
/// are bound arguments, as a request of rows without generic argument, and turned into a request
/// of values with `asRequest(of:)`.
let sqlRequestChecks: [ConformanceCheck] = [
    ConformanceCheck("an SQLRequest built from a string interpolation binds the interpolated values as arguments") {
        factory in
        let writer = try makePlayerDatabase(factory)
        let name = "O'Brien"
        let request = SQLRequest<String>("SELECT name FROM player WHERE name = \(name) AND score > \(10)")
        try writer.read { db in
            let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
            try expectEqual(statement.sql, "SELECT name FROM player WHERE name = ? AND score > ?")
            try expectEqual(statement.arguments, [name, 10])
            try expectEqual(try request.fetchAll(db), [name])
        }
    },
    ConformanceCheck("SQLRequest(sql:) and SQLRequest(literal:) without generic argument are requests of rows") {
        factory in
        let writer = try makePlayerDatabase(factory)
        let name = "O'Brien"
        let sqlRequest = SQLRequest(sql: "SELECT name, score FROM player WHERE name = ?", arguments: [name])
        let literalRequest = SQLRequest(literal: "SELECT name, score FROM player WHERE name = \(name)")
        try writer.read { db in
            let rows: [Row] = try sqlRequest.fetchAll(db)
            try expectEqual(rows, [["name": name, "score": 20]])
            try expectEqual(try literalRequest.fetchAll(db), rows)
            let statement = try literalRequest.makePreparedRequest(db, forSingleResult: false).statement
            try expectEqual(statement.sql, "SELECT name, score FROM player WHERE name = ?")
            try expectEqual(statement.arguments, [name])
        }
    },
    ConformanceCheck("asRequest(of:) of a request of rows fetches values: Int, URL, and optionals for NULL") {
        factory in
        let writer = try makePlayerDatabase(factory)
        try writer.read { db in
            // The samples of RxGRDB, where `SQLRequest("…")` is a request of rows.
            let maxScore = SQLRequest("SELECT MAX(score) FROM player").asRequest(of: Int.self)
            try expectEqual(try maxScore.fetchOne(db), 20)
            let urls = SQLRequest("SELECT url FROM link ORDER BY id").asRequest(of: URL.self)
            try expectEqual(try urls.fetchAll(db), [URL(string: "https://example.com/a")!, URL(string: "file:///b")!])
            let emails = SQLRequest("SELECT email FROM player ORDER BY id").asRequest(of: String?.self)
            try expectEqual(try emails.fetchAll(db), ["arthur@example.com", nil])
            // A value is nil when the request has no row, or one row with NULL.
            let noRow = SQLRequest("SELECT score FROM player WHERE 0").asRequest(of: Int.self)
            try expectEqual(try noRow.fetchOne(db), nil)
            let null = SQLRequest("SELECT NULL").asRequest(of: Int.self)
            try expectEqual(try null.fetchOne(db), nil)
        }
    },
    ConformanceCheck("asRequest(of:) of a request of rows keeps its arguments and its statement caching") { factory in
        let writer = try makePlayerDatabase(factory)
        try writer.read { db in
            let arguments = SQLRequest(sql: "SELECT score FROM player WHERE name = ?", arguments: ["Arthur"])
            try expectEqual(try arguments.asRequest(of: Int.self).fetchOne(db), 10)
            let name = "O'Brien"
            let interpolated = SQLRequest<Row>("SELECT score FROM player WHERE name = \(name)")
            try expectEqual(try interpolated.asRequest(of: Int.self).fetchOne(db), 20)
            let sql = "SELECT score FROM player ORDER BY id"
            let cached = SQLRequest(sql: sql, cached: true).asRequest(of: Int.self)
            try expect(
                try cached.makePreparedRequest(db, forSingleResult: false).statement === db.cachedStatement(sql: sql))
            let uncached = SQLRequest(sql: sql).asRequest(of: Int.self)
            try expect(
                try uncached.makePreparedRequest(db, forSingleResult: false).statement !== db.cachedStatement(sql: sql))
        }
    },
]

/// A database with two players and two links.
private func makePlayerDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(
            sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL, email TEXT);
                INSERT INTO player (name, score, email) VALUES ('Arthur', 10, 'arthur@example.com');
                INSERT INTO player (name, score, email) VALUES ('O''Brien', 20, NULL);
                CREATE TABLE link (id INTEGER PRIMARY KEY, url TEXT NOT NULL);
                INSERT INTO link (url) VALUES ('https://example.com/a'), ('file:///b');
                """)
    }
    return writer
}
