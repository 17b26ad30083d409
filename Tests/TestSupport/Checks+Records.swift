import Foundation
import RSCore

/// Records: fetching, persistence, every shape of primary key, and the round trip of standard types.
let recordChecks: [ConformanceCheck] = [
    ConformanceCheck("a hand-written record is inserted, fetched, updated, and deleted") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE handPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
            var arthur = HandWrittenPlayer(id: nil, name: "Arthur", score: 100)
            try arthur.insert(db)
            try expectEqual(arthur.id, 1)
            var barbara = HandWrittenPlayer(id: nil, name: "Barbara", score: nil)
            try barbara.insert(db)
            try expectEqual(barbara.id, 2)
            try expectEqual(try HandWrittenPlayer.fetchOne(db, key: 1), arthur)
            try expectEqual(
                try HandWrittenPlayer.fetchAll(db, sql: "SELECT * FROM handPlayer ORDER BY id"), [arthur, barbara])

            arthur.score = 200
            try arthur.update(db)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT score FROM handPlayer WHERE id = 1"), 200)
            try expectEqual(try arthur.exists(db), true)
            try expectEqual(try arthur.delete(db), true)
            try expectEqual(try arthur.exists(db), false)
            try expectEqual(try arthur.delete(db), false)
            try expectEqual(try HandWrittenPlayer.fetchAll(db), [barbara])
        }
    },
    ConformanceCheck("a hand-written PersistableRecord class takes its id in didInsert") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE classPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            let player = ClassPlayer(name: "Arthur")
            try player.insert(db)
            try expectEqual(player.id, 1)
            player.name = "Arthur Dent"
            try player.update(db)
            let fetched = try ClassPlayer.fetchOne(db, key: 1)
            try expectEqual(fetched?.name, "Arthur Dent")
            try expectEqual(fetched?.id, 1)
        }
    },
    ConformanceCheck("a Codable record takes its auto-incremented id in didInsert, and is fetched back") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: playerSchema)
            var arthur = Player(id: nil, name: "Arthur", score: 100)
            try arthur.insert(db)
            try expectEqual(arthur.id, 1)
            let barbara = try Player(id: nil, name: "Barbara", score: 50).inserted(db)
            try expectEqual(barbara.id, 2)
            try expectEqual(try Player.fetchOne(db, key: 1), arthur)
            try expectEqual(try Player.fetchAll(db, sql: "SELECT * FROM player ORDER BY id"), [arthur, barbara])
            try expectEqual(try Player.fetchCount(db), 2)
            try expectEqual(
                try Player.fetchOne(db, sql: "SELECT * FROM player WHERE score < ?", arguments: [60]), barbara)
        }
    },
    ConformanceCheck("update, save, delete and exists act on the row of the record's primary key") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: playerSchema)
            var player = Player(id: nil, name: "Arthur", score: 100)
            try player.save(db)
            try expectEqual(player.id, 1)
            try expectEqual(try Player.fetchCount(db), 1)

            player.score = 150
            try player.save(db)
            try expectEqual(try Player.fetchCount(db), 1)
            try expectEqual(try Player.fetchOne(db, key: 1)?.score, 150)

            player.name = "Arthur Dent"
            player.score = 999
            try player.update(db, columns: ["name"])
            try expectEqual(try Player.fetchOne(db, key: 1), Player(id: 1, name: "Arthur Dent", score: 150))

            try player.update(db)
            try expectEqual(try Player.fetchOne(db, key: 1)?.score, 999)
            try expectEqual(try player.exists(db), true)
            try expectEqual(try player.delete(db), true)
            try expectEqual(try player.exists(db), false)
            try expectEqual(try Player.fetchCount(db), 0)

            // Saving a record whose row is gone inserts it again, with its id.
            try player.save(db)
            try expectEqual(try Player.fetchOne(db, key: 1), player)
        }
    },
    ConformanceCheck("updating a Codable record whose optional properties became nil sets their columns to NULL") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT, score INTEGER, tag TEXT)")
            var note = Note(id: nil, text: "draft", score: 3, tag: .urgent)
            try note.insert(db)
            note.text = nil
            note.score = nil
            note.tag = nil
            try note.update(db)
            try expectEqual(try Note.fetchOne(db, key: note.id), note)
            try expectEqual(
                try Row.fetchOne(db, sql: "SELECT text, score, tag FROM note"), ["text": nil, "score": nil, "tag": nil])
        }
    },
    ConformanceCheck("updating a missing row throws RecordError.recordNotFound") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: playerSchema)
            let error = try expectError(RecordError.self) {
                try Player(id: 42, name: "Nobody", score: 0).update(db)
            }
            guard case .recordNotFound(let table, let key) = error else {
                throw ConformanceFailure(description: "unexpected \(error)", location: #fileID)
            }
            try expectEqual(table, "player")
            try expectEqual(key, ["id": Int64(42).databaseValue])
            _ = try expectError(RecordError.self) { try Player(id: nil, name: "New", score: 0).update(db) }
            _ = try expectError(RecordError.self) { _ = try Player.find(db, key: 42) }
            try expectEqual(try Player.fetchCount(db), 0)
        }
    },
    ConformanceCheck("inserting an existing primary key fails, unless the conflict resolution replaces the row") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: playerSchema)
            _ = try Player(id: 1, name: "Arthur", score: 100).inserted(db)
            let error = try expectDatabaseError { _ = try Player(id: 1, name: "Barbara", score: 50).inserted(db) }
            try expectEqual(error.extendedResultCode, .SQLITE_CONSTRAINT_PRIMARYKEY)
            _ = try Player(id: 1, name: "Barbara", score: 50).inserted(db, onConflict: .replace)
            try expectEqual(try Player.fetchAll(db), [Player(id: 1, name: "Barbara", score: 50)])
            _ = try Player(id: 1, name: "Craig", score: 0).inserted(db, onConflict: .ignore)
            try expectEqual(try Player.fetchAll(db), [Player(id: 1, name: "Barbara", score: 50)])
        }
    },
    ConformanceCheck("records of other columns or tables, inserted one after the other, each use their own INSERT") {
        factory in
        struct Full: Encodable, PersistableRecord {
            static let databaseTableName = "item"
            var id: Int64, name: String, score: Int
        }
        struct Reordered: Encodable, PersistableRecord {
            static let databaseTableName = "item"
            var score: Int, id: Int64, name: String
        }
        struct Partial: Encodable, PersistableRecord {
            static let databaseTableName = "item"
            var id: Int64, name: String
        }
        struct Elsewhere: Encodable, PersistableRecord {
            static let databaseTableName = "other"
            var id: Int64, name: String, score: Int
        }
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
                    CREATE TABLE other (id INTEGER PRIMARY KEY, name TEXT, score INTEGER)
                    """)
            try Full(id: 1, name: "a", score: 10).insert(db)
            try Reordered(score: 20, id: 2, name: "b").insert(db)
            try Partial(id: 3, name: "c").insert(db)
            try Elsewhere(id: 4, name: "d", score: 40).insert(db)
            try Full(id: 5, name: "e", score: 50).insert(db)
            let items = try Row.fetchAll(db, sql: "SELECT id, name, score FROM item ORDER BY id").map {
                "\($0[0] as Int64) \($0[1] as String) \(($0[2] as Int?).map(String.init) ?? "NULL")"
            }
            try expectEqual(items, ["1 a 10", "2 b 20", "3 c NULL", "5 e 50"])
            try expectEqual(try String.fetchAll(db, sql: "SELECT name || score FROM other"), ["d40"])
        }
    },
    ConformanceCheck("an INTEGER PRIMARY KEY table: fetchOne, fetchAll, find, exists, deleteOne, deleteAll by key") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: playerSchema)
            for name in ["Arthur", "Barbara", "Craig", "David"] {
                _ = try Player(id: nil, name: name, score: 0).inserted(db)
            }
            try expectEqual(try Player.fetchOne(db, key: 2)?.name, "Barbara")
            try expectEqual(try Player.fetchOne(db, key: 99), nil)
            try expectEqual(try Player.fetchOne(db, key: Int64?.none), nil)
            try expectEqual(try Player.find(db, key: 3).name, "Craig")
            try expectEqual(try Player.fetchAll(db, keys: [1, 3, 99]).map(\.name).sorted(), ["Arthur", "Craig"])
            try expectEqual(try Player.fetchAll(db, keys: [Int]()), [])
            try expectEqual(try Player.exists(db, key: 4), true)
            try expectEqual(try Player.deleteOne(db, key: 4), true)
            try expectEqual(try Player.deleteOne(db, key: 4), false)
            try expectEqual(try Player.exists(db, key: 4), false)
            try expectEqual(try Player.deleteAll(db, keys: [1, 2, 99]), 2)
            try expectEqual(try Player.fetchAll(db).map(\.name), ["Craig"])
            try expectEqual(try Player.deleteAll(db), 1)
            try expectEqual(try Player.fetchCount(db), 0)
        }
    },
    ConformanceCheck("a table without explicit primary key is keyed by its hidden rowid") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE event (name TEXT NOT NULL)")
            var launch = Event(rowid: nil, name: "launch")
            try launch.insert(db)
            try expectEqual(launch.rowid, 1)
            var landing = Event(rowid: nil, name: "landing")
            try landing.insert(db)
            try expectEqual(landing.rowid, 2)
            try expectEqual(try Event.fetchOne(db, key: 2)?.name, "landing")
            try expectEqual(
                try Event.fetchAll(db, sql: "SELECT rowid, * FROM event ORDER BY rowid"), [launch, landing])

            landing.name = "touchdown"
            try landing.update(db)
            try expectEqual(
                try String.fetchAll(db, sql: "SELECT name FROM event ORDER BY rowid"), ["launch", "touchdown"])
            try expectEqual(try launch.exists(db), true)
            try expectEqual(try launch.delete(db), true)
            try expectEqual(try launch.exists(db), false)
            try expectEqual(try Event.deleteOne(db, key: 2), true)
            try expectEqual(try Event.fetchCount(db), 0)
        }
    },
    ConformanceCheck("a TEXT primary key: records are fetched, updated and deleted by their key") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE country (code TEXT NOT NULL PRIMARY KEY, name TEXT NOT NULL)")
            try Country(code: "FR", name: "France").insert(db)
            try Country(code: "DE", name: "Germany").insert(db)
            try expectEqual(try Country.fetchOne(db, key: "FR"), Country(code: "FR", name: "France"))
            try expectEqual(try Country.fetchOne(db, key: "fr"), nil)
            try expectEqual(try Country.fetchAll(db, keys: ["DE", "FR", "IT"]).map(\.code).sorted(), ["DE", "FR"])
            try Country(code: "FR", name: "République française").update(db)
            try expectEqual(try Country.find(db, key: "FR").name, "République française")
            try Country(code: "IT", name: "Italy").save(db)
            try expectEqual(try Country.fetchCount(db), 3)
            try expectEqual(try Country.deleteOne(db, key: "DE"), true)
            try expectEqual(try Country.exists(db, key: "DE"), false)
            _ = try expectError(RecordError.self) { try Country(code: "ES", name: "Spain").update(db) }
        }
    },
    ConformanceCheck("a UUID primary key of an Identifiable record: fetchOne(id:), find(id:), deleteOne(id:)") {
        factory in
        let writer = try factory.makeWriter()
        let first = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let second = UUID(uuidString: "0F9CCB4D-5A4F-4C9E-8E0B-3C1D2A6B7E8F")!
        let missing = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE book (id BLOB NOT NULL PRIMARY KEY, title TEXT NOT NULL)")
            try Book(id: first, title: "Dune").insert(db)
            try Book(id: second, title: "Solaris").insert(db)
            try expectEqual(try Book.fetchOne(db, id: first), Book(id: first, title: "Dune"))
            try expectEqual(try Book.fetchOne(db, id: missing), nil)
            try expectEqual(try Book.find(db, id: second).title, "Solaris")
            _ = try expectError(RecordError.self) { _ = try Book.find(db, id: missing) }
            try expectEqual(
                try Book.fetchAll(db, ids: [first, second, missing]).map(\.title).sorted(), ["Dune", "Solaris"])
            try expectEqual(try Book.exists(db, id: second), true)
            try Book(id: second, title: "Solaris (1961)").update(db)
            try expectEqual(try Book.fetchOne(db, id: second)?.title, "Solaris (1961)")
            try expectEqual(try Book.deleteOne(db, id: second), true)
            try expectEqual(try Book.deleteOne(db, id: second), false)
            try expectEqual(try Book.exists(db, id: second), false)
            try expectEqual(try Book.fetchAll(db), [Book(id: first, title: "Dune")])
        }
    },
    ConformanceCheck("a composite primary key: fetchOne, update, save and deleteOne with a key dictionary") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE membership (
                        teamId INTEGER NOT NULL, playerId INTEGER NOT NULL, role TEXT NOT NULL,
                        PRIMARY KEY (teamId, playerId))
                    """)
            try Membership(teamId: 1, playerId: 2, role: "captain").insert(db)
            try Membership(teamId: 2, playerId: 1, role: "goalkeeper").insert(db)
            try expectEqual(
                try Membership.fetchOne(db, key: ["teamId": 1, "playerId": 2]),
                Membership(teamId: 1, playerId: 2, role: "captain"))
            try expectEqual(try Membership.fetchOne(db, key: ["teamId": 1, "playerId": 1]), nil)
            try Membership(teamId: 2, playerId: 1, role: "striker").update(db)
            try expectEqual(try Membership.fetchOne(db, key: ["teamId": 2, "playerId": 1])?.role, "striker")
            try expectEqual(try Membership.fetchOne(db, key: ["teamId": 1, "playerId": 2])?.role, "captain")
            try Membership(teamId: 3, playerId: 3, role: "coach").save(db)
            try expectEqual(try Membership.fetchCount(db), 3)
            try expectEqual(try Membership(teamId: 3, playerId: 3, role: "").exists(db), true)
            try expectEqual(try Membership.deleteOne(db, key: ["teamId": 1, "playerId": 2]), true)
            try expectEqual(try Membership.deleteOne(db, key: ["teamId": 1, "playerId": 2]), false)
            try expectEqual(try Membership(teamId: 2, playerId: 1, role: "").delete(db), true)
            try expectEqual(try Membership.fetchAll(db), [Membership(teamId: 3, playerId: 3, role: "coach")])
            // A single value cannot address a composite primary key.
            let error = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "membership") {
                _ = try Membership.fetchOne(db, key: 3)
            }
        }
    },
    ConformanceCheck("fetchOne(key:) with a dictionary fetches by a unique key") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: playerSchema + "; CREATE UNIQUE INDEX player_name ON player(name)")
            _ = try Player(id: nil, name: "Arthur", score: 100).inserted(db)
            _ = try Player(id: nil, name: "Barbara", score: 50).inserted(db)
            try expectEqual(try Player.fetchOne(db, key: ["name": "Barbara"])?.id, 2)
            try expectEqual(try Player.fetchOne(db, key: ["name": "Nobody"]), nil)
            try expectEqual(try Player.deleteOne(db, key: ["name": "Arthur"]), true)
            try expectEqual(try Player.fetchAll(db).map(\.name), ["Barbara"])
        }
    },
    ConformanceCheck("a key dictionary must be a unique key: other columns are refused, and nothing is deleted") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: playerSchema + """
                    ; ALTER TABLE player ADD COLUMN code TEXT
                    ; CREATE UNIQUE INDEX player_name ON player(name)
                    ; CREATE UNIQUE INDEX player_code ON player(code) WHERE code IS NOT NULL
                    ; CREATE UNIQUE INDEX player_lower_name ON player(lower(name))
                    ; INSERT INTO player (name, score, code) VALUES ('Arthur', 10, 'a'), ('Barbara', 10, 'b')
                    """)
            // Not a unique key, although an index on an expression (no column) is unique.
            let error = try expectDatabaseError { try Player.deleteOne(db, key: ["score": 10]) }
            try expectEqual(error.resultCode, .SQLITE_MISUSE)
            try expect(error.message?.contains("score") == true, "message of \(error)")
            let fetchError = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "score") {
                _ = try Player.fetchOne(db, key: ["score": 10])
            }
            try expectEqual(try Player.fetchCount(db), 2)
            // Unique keys, compared case-insensitively: a unique index (partial ones too, as in GRDB),
            // the primary key or the rowid, and any columns that include one of them.
            for key in [["NAME"], ["code"], ["id"], ["rowid"], ["name", "score"], ["id", "score"]] {
                try expect(try db.table("player", hasUniqueKey: key), "\(key) is a unique key")
            }
            try expect(try !db.table("player", hasUniqueKey: ["score"]), "score is no unique key")
            try expectEqual(try Player.deleteOne(db, key: ["name": "Arthur", "score": 10]), true)
            try expectEqual(try Player.fetchAll(db).map(\.name), ["Barbara"])
        }
    },
    ConformanceCheck("an INTEGER PRIMARY KEY is the rowid, except WITHOUT ROWID or in descending order") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE plain (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE withoutRowID (id INTEGER PRIMARY KEY, name TEXT) WITHOUT ROWID;
                    CREATE TABLE descending (id INTEGER PRIMARY KEY DESC, name TEXT)
                    """)
            try expectEqual(try db.primaryKey("plain").rowIDColumn, "id")
            try expectEqual(try db.primaryKey("withoutRowID").rowIDColumn, nil)
            try expectEqual(try db.primaryKey("descending").rowIDColumn, nil)
            try expectEqual(try db.primaryKey("withoutRowID").columns, ["id"])
            try expect(try !db.table("withoutRowID", hasUniqueKey: ["rowid"]), "no rowid WITHOUT ROWID")
            // A table with a rowid and another primary key; a column that shadows a name of the rowid.
            try db.execute(sql: "CREATE TABLE tag (name TEXT PRIMARY KEY, oid INTEGER)")
            try expect(try db.table("tag", hasUniqueKey: ["rowid"]), "rowid of tag")
            try expect(try db.table("descending", hasUniqueKey: ["_rowid_"]), "rowid of descending")
            try expect(try !db.table("tag", hasUniqueKey: ["oid"]), "oid is a column of tag")
        }
    },
    ConformanceCheck("the default table name is the type name with a lowercase initial") { _ in
        try expectEqual(Player.databaseTableName, "player")
        try expectEqual(HTTPRequest.databaseTableName, "httpRequest")
        try expectEqual(Country.databaseTableName, "country")
    },
    ConformanceCheck("every standard type survives the round trip through a Codable record") { factory in
        let writer = try factory.makeWriter()
        let original = AllTypes.sample
        let fetched = try writer.write { db -> AllTypes? in
            try db.execute(sql: AllTypes.schema)
            try original.insert(db)
            return try AllTypes.fetchOne(db, key: original.id)
        }
        guard let fetched else {
            throw ConformanceFailure(description: "the record was not fetched back", location: #fileID)
        }
        try expectEqual(milliseconds(fetched.date), milliseconds(original.date))
        try expectEqual(milliseconds(fetched.oldDate), milliseconds(original.oldDate))
        var comparable = fetched
        comparable.date = original.date
        comparable.oldDate = original.oldDate
        try expectEqual(comparable, original)
    },
    ConformanceCheck("standard types are stored in the formats GRDB uses") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: AllTypes.schema)
            try AllTypes.sample.insert(db)
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT typeof(emptyData) AS emptyDataType, length(emptyData) AS emptyDataLength,
                        typeof(emptyString) AS emptyStringType, typeof(uuid) AS uuidType, length(uuid) AS uuidLength,
                        date, oldDate, bool, flag, color, size, missing, url, nested
                    FROM allTypes
                    """)!
            try expectEqual(row["emptyDataType"] as String, "blob")
            try expectEqual(row["emptyDataLength"] as Int, 0)
            try expectEqual(row["emptyStringType"] as String, "text")
            try expectEqual(row["uuidType"] as String, "blob")
            try expectEqual(row["uuidLength"] as Int, 16)
            try expectEqual(row["date"] as String, "2023-11-14 22:13:20.123")
            try expectEqual(row["oldDate"] as String, "1969-12-17 17:03:52.110")
            try expectEqual(row["bool"] as Int64, 1)
            try expectEqual(row["flag"] as Int64, 0)
            try expectEqual(row["color"] as String, "red")
            try expectEqual(row["size"] as String, "large")
            try expectEqual(row["missing"] as String?, nil)
            try expectEqual(row["url"] as String, "https://example.com/path?query=1#fragment")
            let json = try JSONSerialization.jsonObject(with: Data((row["nested"] as String).utf8))
            let object = json as? [String: Any]
            try expectEqual(object?["label"] as? String, "nested")
            try expectEqual(object?["values"] as? [Int], [1, 2, 3])
        }
    },
    ConformanceCheck("a record decoded from a single value reads the leftmost column, or the whole row") { factory in
        try factory.makeWriter().read { db in
            try expectEqual(
                try SingleScore.fetchAll(db, sql: "SELECT 7, 'x' UNION ALL SELECT NULL, 'y'"),
                [
                    SingleScore(score: 7), SingleScore(score: nil),
                ])
            let wrapped = try unwrap(
                try WrappedCountry.fetchOne(db, sql: "SELECT 'FR' AS code, 'France' AS name"), "no record")
            let stamp = try unwrap(try Stamp.fetchOne(db, sql: "SELECT '2024-01-02 03:04:05'"), "no stamp")
            try expectEqual(stamp.date, Date(timeIntervalSince1970: 1_704_164_645))
            // A record through its init(row:), another Decodable type through its keys.
            try expectEqual(wrapped.shouted.name, "FRANCE")
            try expectEqual(wrapped.country, Country(code: "FR", name: "France"))
            let sql = "SELECT 'abc'"
            let error = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql, messageContains: "could not decode Int") {
                _ = try SingleScore.fetchAll(db, sql: sql)
            }
        }
    },
]

/// The milliseconds since 1970 of a date, rounded.
private func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}

private let playerSchema = "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)"

/// A record with a hand-written `init(row:)` and `encode(to:)`.
/// A record that decodes itself from a single value: the leftmost column, NULL included.
private struct SingleScore: Decodable, FetchableRecord, Equatable {
    var score: Int?

    init(score: Int?) { self.score = score }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        score = container.decodeNil() ? nil : try container.decode(Int.self)
    }
}

/// A record that decodes itself from a single convertible value.
private struct Stamp: Decodable, FetchableRecord {
    var date: Date

    init(from decoder: any Decoder) throws {
        date = try decoder.singleValueContainer().decode(Date.self)
    }
}

/// A record that wraps others, decoded from the same row through a single value.
private struct WrappedCountry: Decodable, FetchableRecord {
    var shouted: ShoutedCountry
    var country: Country

    init(from decoder: any Decoder) throws {
        shouted = try decoder.singleValueContainer().decode(ShoutedCountry.self)
        country = try decoder.singleValueContainer().decode(Country.self)
    }
}

/// A `Decodable` record whose `init(row:)` is its own: it shouts the name.
private struct ShoutedCountry: Decodable, FetchableRecord {
    var name: String

    init(row: Row) throws {
        name = try row.decode(String.self, forColumn: "name").uppercased()
    }
}

private struct HandWrittenPlayer: FetchableRecord, MutablePersistableRecord, Equatable {
    static let databaseTableName = "handPlayer"
    var id: Int64?
    var name: String
    var score: Int?

    init(id: Int64?, name: String, score: Int?) {
        self.id = id
        self.name = name
        self.score = score
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        score = try row.decode(forColumn: "score")
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["score"] = score
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A hand-written record class, which takes its id without being mutating.
private final class ClassPlayer: FetchableRecord, PersistableRecord {
    static let databaseTableName = "classPlayer"
    var id: Int64?
    var name: String

    init(name: String) {
        self.name = name
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
    }

    func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A Codable record with an auto-incremented primary key, in the default table "player".
private struct Player: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    var id: Int64?
    var name: String
    var score: Int

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A Codable record with optional properties.
private struct Note: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    enum Tag: String, Codable {
        case urgent
    }

    var id: Int64?
    var text: String?
    var score: Int?
    var tag: Tag?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A record of a table without explicit primary key: it encodes and decodes the hidden rowid.
private struct Event: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    var rowid: Int64?
    var name: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        rowid = inserted.rowID
    }
}

/// A record with a TEXT primary key.
private struct Country: Codable, FetchableRecord, PersistableRecord, Equatable {
    var code: String
    var name: String
}

/// An Identifiable record with a UUID primary key.
private struct Book: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable {
    var id: UUID
    var title: String
}

/// A record with a composite primary key.
private struct Membership: Codable, FetchableRecord, PersistableRecord, Equatable {
    var teamId: Int64
    var playerId: Int64
    var role: String
}

/// A type whose name starts with an acronym.
private struct HTTPRequest: TableRecord {}

/// A String enum stored through Codable only.
private enum Color: String, Codable {
    case red, green
}

/// A String enum that is also DatabaseValueConvertible.
private enum Size: String, Codable, DatabaseValueConvertible {
    case small, large
}

/// A nested Codable value, stored as JSON.
private struct Nested: Codable, Equatable {
    var label: String
    var values: [Int]
}

/// A record with a property of every standard type.
private struct AllTypes: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "allTypes"
    static let schema = """
        CREATE TABLE allTypes (
            id INTEGER PRIMARY KEY,
            int INTEGER, int8 INTEGER, int16 INTEGER, int32 INTEGER, int64 INTEGER,
            uint INTEGER, uint8 INTEGER, uint16 INTEGER, uint32 INTEGER, uint64 INTEGER,
            double DOUBLE, float FLOAT, bool BOOLEAN, flag BOOLEAN,
            string TEXT, emptyString TEXT, data BLOB, emptyData BLOB,
            date DATETIME, oldDate DATETIME, uuid BLOB, url TEXT, decimal TEXT,
            missing TEXT, present INTEGER, color TEXT, size TEXT, nested TEXT)
        """

    var id: Int64
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var flag: Bool
    var string: String
    var emptyString: String
    var data: Data
    var emptyData: Data
    var date: Date
    var oldDate: Date
    var uuid: UUID
    var url: URL
    var decimal: Decimal
    var missing: String?
    var present: Int?
    var color: Color
    var size: Size
    var nested: Nested

    static let sample = AllTypes(
        id: 1,
        int: Int.min, int8: Int8.min, int16: Int16.max, int32: Int32.min, int64: Int64.max,
        uint: 42, uint8: UInt8.max, uint16: UInt16.max, uint32: UInt32.max, uint64: 1234,
        double: 3.141592653589793, float: 0.15625, bool: true, flag: false,
        string: "Zoë 'quoted' \"double\" 🌍 世界", emptyString: "",
        data: Data([0, 1, 2, 0, 255]), emptyData: Data(),
        date: Date(timeIntervalSince1970: 1_700_000_000.123), oldDate: Date(timeIntervalSince1970: -1_234_567.89),
        uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        url: URL(string: "https://example.com/path?query=1#fragment")!,
        decimal: Decimal(string: "1234567890.0123456789", locale: Locale(identifier: "en_US_POSIX"))!,
        missing: nil, present: 7, color: .red, size: .large,
        nested: Nested(label: "nested", values: [1, 2, 3]))
}
