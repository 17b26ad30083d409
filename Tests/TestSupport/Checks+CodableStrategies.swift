import Foundation
import RSCore

/// The coding strategies of `Codable` records: columns named from coding keys, dates, data and
/// UUIDs stored and read in the forms the record type chooses, per column, the JSON of nested
/// values, and the `userInfo` of the coders.
let codableStrategyChecks: [ConformanceCheck] = [
    ConformanceCheck("column strategies store coding keys in snake case columns, and read them back") { factory in
        try factory.makeWriter().write { db in
            try db.execute(
                sql: "CREATE TABLE snake (id INTEGER PRIMARY KEY, player_name TEXT, player_id INTEGER, url_string TEXT)"
            )
            let record = SnakeRecord(id: 1, playerName: "Arthur", playerID: 7, urlString: "https://a.b")
            try record.insert(db)
            let row = try unwrap(try Row.fetchOne(db, sql: "SELECT * FROM snake"), "no row")
            try expectEqual(row.columnNames, ["id", "player_name", "player_id", "url_string"])
            try expectEqual(row["player_name"] as String, "Arthur")
            try expectEqual(row["player_id"] as Int, 7)
            // Decoding converts "player_id" to the key "playerId", which the record's own
            // CodingKeys spell so.
            try expectEqual(try SnakeRecord.fetchOne(db, sql: "SELECT * FROM snake"), record)
            let custom = try unwrap(
                try CustomColumns.fetchOne(db, sql: "SELECT 'Arthur' AS col_name, 3 AS col_score"), "no record")
            try expectEqual(custom, CustomColumns(name: "Arthur", score: 3))
            try expectEqual(
                try CustomColumns(name: "B", score: 4).databaseDictionary,
                ["col_name": "B".databaseValue, "col_score": 4.databaseValue])
        }
    },
    ConformanceCheck("column strategies apply to every row of a fetch, and to each record type encoded in turn") {
        factory in
        try factory.makeWriter().write { db in
            try db.execute(
                sql: "CREATE TABLE snake (id INTEGER PRIMARY KEY, player_name TEXT, player_id INTEGER, url_string TEXT)"
            )
            let records = (1...3).map { index in
                SnakeRecord(id: Int64(index), playerName: "P\(index)", playerID: index * 10, urlString: "u\(index)")
            }
            for record in records {
                // Three types in turn, two of them with the same coding keys, each with its columns.
                try record.insert(db)
                try expectEqual(
                    try CustomColumns(name: record.playerName, score: record.playerID).databaseDictionary,
                    ["col_name": record.playerName.databaseValue, "col_score": record.playerID.databaseValue])
                try expectEqual(
                    try NameAndScore(name: record.playerName, score: record.playerID).databaseDictionary,
                    ["name": record.playerName.databaseValue, "score": record.playerID.databaseValue])
            }
            // The containers that a fetch keeps from one row to the next keep mapping the keys.
            try expectEqual(try SnakeRecord.fetchAll(db, sql: "SELECT * FROM snake ORDER BY id"), records)
            try expectEqual(
                try CustomColumns.fetchAll(db, sql: "SELECT 'a' AS col_name, 1 AS col_score UNION ALL SELECT 'b', 2"),
                [CustomColumns(name: "a", score: 1), CustomColumns(name: "b", score: 2)])
        }
    },
    ConformanceCheck("date strategies store and read dates in the form of each column") { factory in
        let date = Date(timeIntervalSince1970: 1_699_999_980)
        try factory.makeWriter().write { db in
            try db.execute(
                sql: "CREATE TABLE event (id INTEGER PRIMARY KEY, \(DatedRecord.columns.joined(separator: ", ")))")
            try DatedRecord(id: 1, date: date).insert(db)
            let stored = try unwrap(try Row.fetchOne(db, sql: "SELECT * FROM event"), "no row")
            let expected: [String: DatabaseValue] = [
                "deferred": "2023-11-14 22:13:00.000".databaseValue,
                "referenceDate": (1_699_999_980 - 978_307_200.0).databaseValue,
                "since1970": 1_699_999_980.0.databaseValue,
                "seconds": 1_699_999_980.databaseValue,
                "milliseconds": 1_699_999_980_000.databaseValue,
                "iso": "2023-11-14T22:13:00Z".databaseValue,
                "formatted": "14/11/2023 22:13".databaseValue,
                "custom": "day 19675".databaseValue,
            ]
            for column in DatedRecord.columns {
                try expectEqual(stored[column] as DatabaseValue, expected[column]!)
            }
            try expectEqual(
                try String.fetchAll(
                    db, sql: "SELECT typeof(seconds) || typeof(milliseconds) || typeof(since1970) FROM event"),
                ["integerintegerreal"])
            let read = try unwrap(try DatedRecord.fetchOne(db, sql: "SELECT * FROM event"), "no record")
            try expectEqual(read, DatedRecord(id: 1, date: date, customDayRead: 19675))
        }
    },
    ConformanceCheck("a value that a strategy cannot read fails the fetch with SQLITE_MISMATCH") { factory in
        try factory.makeWriter().read { db in
            let sql = "SELECT 1 AS id, '2024-01-02 03:04:05' AS created"
            let error = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql, messageContains: "could not decode Date") {
                _ = try OneDate.fetchOne(db, sql: sql)
            }
            let dataSQL = "SELECT 1 AS id, 'short' AS payload"
            let dataError = try expectDatabaseError(
                .SQLITE_MISMATCH, sql: dataSQL, messageContains: "could not decode Data"
            ) { _ = try OneData.fetchOne(db, sql: dataSQL) }
        }
    },
    ConformanceCheck("data and UUID strategies store text, and UUIDs read back from any of their forms") { factory in
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE blobs (id INTEGER PRIMARY KEY, text, raw, upper, lower, plain)")
            let record = BlobRecord(
                id: 1, text: Data("héllo".utf8), raw: Data([1, 2]), upper: uuid, lower: uuid, plain: uuid)
            try record.insert(db)
            let row = try unwrap(try Row.fetchOne(db, sql: "SELECT * FROM blobs"), "no row")
            try expectEqual(row["text"] as DatabaseValue, "héllo".databaseValue)
            try expectEqual(row["raw"] as DatabaseValue, "0102".databaseValue)
            try expectEqual(row["upper"] as DatabaseValue, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".databaseValue)
            try expectEqual(row["lower"] as DatabaseValue, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f".databaseValue)
            try expectEqual(row["plain"] as DatabaseValue, uuid.databaseValue)
            try expectEqual(try BlobRecord.fetchOne(db, sql: "SELECT * FROM blobs"), record)
            let invalid = BlobRecord(id: 2, text: Data([0xFF]), raw: Data(), upper: uuid, lower: uuid, plain: uuid)
            try expectError(EncodingError.self) { try invalid.insert(db) }
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM blobs"), 1)
        }
    },
    ConformanceCheck("nested values are stored as the JSON of the record type's coders, with their userInfo") {
        factory in
        try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE settings (id INTEGER PRIMARY KEY, preferences TEXT, info TEXT)")
            try Settings(id: 1, preferences: .init(fontSize: 12, darkMode: true)).insert(db)
            try expectEqual(
                try String.fetchOne(db, sql: "SELECT preferences FROM settings"),
                #"{"dark_mode":true,"font_size":12,"source":"encoder info"}"#)
            try expectEqual(try String.fetchOne(db, sql: "SELECT info FROM settings"), "record encoder info")
            let read = try unwrap(try Settings.fetchOne(db, sql: "SELECT * FROM settings"), "no record")
            try expectEqual(read.preferences, .init(fontSize: 12, darkMode: true, source: "decoder info"))
            try expectEqual(read.decoderInfo, "record decoder info")
        }
    },
    ConformanceCheck("single-value wrappers get the strategies of their column, the user info and the JSON coders") {
        factory in
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let record = Wrappers(
            id: 1, createdAt: Wrapper(Date(timeIntervalSince1970: 1_700_000_000)), rawBytes: Wrapper(Data([1, 171])),
            token: Wrapper(uuid), label: Label(text: "hi"), boxedPrefs: Wrapper(Prefs(fontSize: 12)),
            userPrefs: Prefs(fontSize: 14))
        try factory.makeWriter().write { db in
            try db.execute(sql: Wrappers.schema)
            try record.insert(db)
            let row = try unwrap(try Row.fetchOne(db, sql: "SELECT * FROM wrappers"), "no row")
            // The strategies of the columns ("created_at", not the key "createdAt").
            try expectEqual(row["created_at"] as DatabaseValue, 1_700_000_000_000.databaseValue)
            try expectEqual(row["raw_bytes"] as DatabaseValue, "01ab".databaseValue)
            try expectEqual(row["token"] as DatabaseValue, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f".databaseValue)
            try expectEqual(row["label"] as DatabaseValue, "hi (record encoder info)".databaseValue)
            try expectEqual(
                row["boxed_prefs"] as DatabaseValue, #"{"encoder_key":"boxedPrefs","font_size":12}"#.databaseValue)
            let read = try unwrap(try Wrappers.fetchOne(db, sql: "SELECT * FROM wrappers"), "no record")
            try expectEqual(read.createdAt, record.createdAt)
            try expectEqual(read.rawBytes, record.rawBytes)
            try expectEqual(read.token, record.token)
            try expectEqual(read.label, Label(text: "hi (record encoder info)", decoderInfo: "record decoder info"))
            try expectEqual(read.boxedPrefs, Wrapper(Prefs(fontSize: 12, decoderKey: "boxedPrefs")))
        }
    },
    ConformanceCheck("optional dates, data and UUIDs encoded as optionals get their strategies, or NULL") { _ in
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let record = ExplicitOptionals(
            date: Date(timeIntervalSince1970: 1_700_000_000), data: Data("héllo".utf8), uuid: uuid)
        try expectEqual(
            try record.databaseDictionary,
            [
                "date": 1_700_000_000.databaseValue, "data": "héllo".databaseValue,
                "uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f".databaseValue,
            ])
        try expectEqual(
            try ExplicitOptionals(date: nil, data: nil, uuid: nil).databaseDictionary,
            ["date": .null, "data": .null, "uuid": .null])
    },
    ConformanceCheck("the JSON coders of a record type are given the coding key of a property, not its column") {
        factory in
        let record = Wrappers(
            id: 1, createdAt: Wrapper(Date(timeIntervalSince1970: 0)), rawBytes: Wrapper(Data()),
            token: Wrapper(UUID()), label: Label(text: ""), boxedPrefs: Wrapper(Prefs(fontSize: 12)),
            userPrefs: Prefs(fontSize: 14))
        try factory.makeWriter().write { db in
            try db.execute(sql: Wrappers.schema)
            try record.insert(db)
            try expectEqual(
                try String.fetchOne(db, sql: "SELECT user_prefs FROM wrappers"),
                #"{"encoder_key":"userPrefs","font_size":14}"#)
            let read = try unwrap(try Wrappers.fetchOne(db, sql: "SELECT * FROM wrappers"), "no record")
            try expectEqual(read.userPrefs, Prefs(fontSize: 14, decoderKey: "userPrefs"))
        }
    },
    ConformanceCheck("a column strategy maps the keys of nested containers of scopes, not of nested values") {
        factory in
        try factory.makeWriter().read { db in
            // The record's own columns, then the columns of the scope "team", each with a plain
            // and a prefixed name.
            let sql = "SELECT 'Arthur' AS col_name, 'Bob' AS name, 'plain' AS name, 'prefixed' AS col_name"
            let adapter = RangeRowAdapter(0..<2).addingScopes(["team": RangeRowAdapter(2..<4)])
            let info = try unwrap(try PrefixedInfo.fetchOne(db, sql: sql, adapter: adapter), "no record")
            // The record's key "name" reads "col_name". The nested values decoded from the scope
            // and from the row itself have keys that are columns: "name". The nested container
            // of the scope maps its key "name" to "col_name".
            try expectEqual(info.name, "Arthur")
            try expectEqual(info.team, Named(name: "plain"))
            try expectEqual(info.player, Named(name: "Bob"))
            try expectEqual(info.teamNameFromContainer, "prefixed")
        }
    },
    ConformanceCheck("convertToSnakeCase names columns as JSONEncoder converts keys, one-letter keys included") {
        factory in
        let record = SnakeKeys(a: 1, url: 2, myURLValue: 3, a1B: 4)
        let jsonEncoder = JSONEncoder()
        jsonEncoder.keyEncodingStrategy = .convertToSnakeCase
        let json = try JSONSerialization.jsonObject(with: jsonEncoder.encode(record))
        let jsonKeys = try unwrap(json as? [String: Any], "no JSON object").keys.sorted()
        try expectEqual(jsonKeys, ["a", "a1_b", "my_url_value", "u_rl"])
        try expectEqual(try record.databaseDictionary.keys.sorted(), jsonKeys)
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE snakeKeys (a, u_rl, my_url_value, a1_b)") }
        let statements = try tracedSQL(writer) { db in try record.insert(db) }
        let insert = #"INSERT INTO "snakeKeys" ("a", "u_rl", "my_url_value", "a1_b") VALUES (?, ?, ?, ?)"#
        try expect(statements.contains(insert), "\(statements)")
        try expectEqual(
            try writer.read { db in try Row.fetchOne(db, sql: "SELECT * FROM snakeKeys") },
            ["a": 1, "u_rl": 2, "my_url_value": 3, "a1_b": 4])
    },
    ConformanceCheck("under a column strategy, a key reads only its mapped column, and all keys are listed once") {
        factory in
        try factory.makeWriter().read { db in
            let sql = """
                SELECT 7 AS player_id, NULL AS score, '2024-01-02 03:04:05' AS joined_at, 'Arthur' AS player_name,
                'Barbara' AS playerName
                """
            let record = try unwrap(try SnakeOptionals.fetchOne(db, sql: sql), "no record")
            try expectEqual(record.playerId, 7)
            try expectEqual(record.score, nil)
            try expectEqual(record.bonus, nil)
            try expectEqual(record.joinedAt, Date(timeIntervalSince1970: 1_704_164_645))
            // The leftmost column of the key "playerName".
            try expectEqual(record.playerName, "Arthur")
            // No column maps to the key "player_name": the column of that name is for "playerName".
            try expectEqual(record.snakeName, nil)
            try expect(!record.containsSnakeName, "the key player_name has a column")
            try expectEqual(record.allKeys, ["joinedAt", "playerId", "playerName", "score"])
            let error = try expectDatabaseError(.SQLITE_ERROR, sql: sql, messageContains: "no such column") {
                _ = try SnakeName.fetchOne(db, sql: sql)
            }
        }
    },
    ConformanceCheck("under a column strategy, columns whose names differ only in case are read by their own keys") {
        factory in
        try factory.makeWriter().read { db in
            let sql = """
                SELECT 1 AS score, 2 AS SCORE, NULL AS bonus, 3 AS BONUS, 1 AS level, 2 AS LEVEL, NULL AS tier,
                2 AS TIER
                """
            let record = try unwrap(try CaseColumns.fetchOne(db, sql: sql), "no record")
            try expectEqual([record.lower, record.upper, record.upperBonus ?? 0], [1, 2, 3])
            try expectEqual(record.lowerBonus, nil)
            try expectEqual([record.lowerLevel, record.upperLevel], [.one, .two])
            try expectEqual([record.lowerTier, record.upperTier], [nil, .two])
        }
    },
]

/// A record whose columns are its keys in snake case.
private struct SnakeRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "snake"
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var id: Int64
    var playerName: String
    var playerID: Int
    var urlString: String

    // "player_id" decodes as "playerId", as JSONDecoder converts it.
    enum CodingKeys: String, CodingKey {
        case id, playerName, urlString
        case playerID = "playerId"
    }
}

/// A record whose columns are its keys prefixed with "col_".
private struct CustomColumns: Codable, FetchableRecord, EncodableRecord, Equatable {
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.custom { "col_" + $0.stringValue }
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.custom { column in
        AnyKey(stringValue: String(column.dropFirst(4)))
    }
    var name: String
    var score: Int

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A record that keeps the default keys, with the coding keys of `CustomColumns`.
private struct NameAndScore: Encodable, EncodableRecord {
    var name: String
    var score: Int
}

/// A record with one date per strategy, each in the column of its name.
private struct DatedRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "event"
    static let columns = [
        "deferred", "referenceDate", "since1970", "seconds", "milliseconds", "iso", "formatted", "custom",
    ]
    var id: Int64
    var deferred, referenceDate, since1970, seconds, milliseconds, iso, formatted, custom: Date
    /// The day number that the custom strategy read, which it stores in the date.
    var customDayRead: Int? = nil

    init(id: Int64, date: Date, customDayRead: Int? = nil) {
        self.id = id
        (deferred, referenceDate, since1970, seconds, milliseconds, iso, formatted) =
            (date, date, date, date, date, date, date)
        custom = customDayRead.map { Date(timeIntervalSince1970: Double($0) * 86_400) } ?? date
        self.customDayRead = customDayRead
    }

    enum CodingKeys: String, CodingKey {
        case id, deferred, referenceDate, since1970, seconds, milliseconds, iso, formatted, custom
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        deferred = try container.decode(Date.self, forKey: .deferred)
        referenceDate = try container.decode(Date.self, forKey: .referenceDate)
        since1970 = try container.decode(Date.self, forKey: .since1970)
        seconds = try container.decode(Date.self, forKey: .seconds)
        milliseconds = try container.decode(Date.self, forKey: .milliseconds)
        iso = try container.decode(Date.self, forKey: .iso)
        formatted = try container.decode(Date.self, forKey: .formatted)
        custom = try container.decode(Date.self, forKey: .custom)
        customDayRead = Int(custom.timeIntervalSince1970 / 86_400)
    }

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        switch column {
        case "referenceDate": return .timeIntervalSinceReferenceDate
        case "since1970": return .timeIntervalSince1970
        case "seconds": return .secondsSince1970
        case "milliseconds": return .millisecondsSince1970
        case "iso": return .iso8601
        case "formatted": return .formatted(dayFormatter)
        case "custom": return .custom { "day \(Int($0.timeIntervalSince1970 / 86_400))" }
        default: return .deferredToDate
        }
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        switch column {
        case "referenceDate": return .timeIntervalSinceReferenceDate
        case "since1970", "seconds": return .timeIntervalSince1970
        case "milliseconds": return .millisecondsSince1970
        case "iso": return .iso8601
        case "formatted": return .formatted(dayFormatter)
        case "custom":
            return .custom { dbValue in
                String.fromDatabaseValue(dbValue).flatMap { Double($0.dropFirst(4)) }.map {
                    Date(timeIntervalSince1970: $0 * 86_400)
                }
            }
        default: return .deferredToDate
        }
    }
}

/// "dd/MM/yyyy HH:mm" in UTC.
private let dayFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "dd/MM/yyyy HH:mm"
    return formatter
}()

/// A record that reads its date as seconds since 1970.
private struct OneDate: Decodable, FetchableRecord {
    var id: Int
    var created: Date
    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .timeIntervalSince1970
    }
}

/// A record that reads its data from hexadecimal text.
private struct OneData: Decodable, FetchableRecord {
    var id: Int
    var payload: Data
    static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
        hexadecimalDecoding
    }
}

/// Data stored as hexadecimal text.
private let hexadecimalEncoding = DatabaseDataEncodingStrategy.custom { data in
    data.map { String(format: "%02x", $0) }.joined()
}

/// Data read from hexadecimal text.
private let hexadecimalDecoding = DatabaseDataDecodingStrategy.custom { dbValue in
    String.fromDatabaseValue(dbValue).flatMap(hexadecimalData)
}

/// The bytes of a hexadecimal text, or nil.
private func hexadecimalData(_ text: String) -> Data? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
        guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
            return nil
        }
        bytes.append(byte)
    }
    return Data(bytes)
}

/// A record with data as text, data as hexadecimal, and UUIDs as uppercase text, lowercase text,
/// and a blob.
private struct BlobRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "blobs"
    var id: Int64
    var text: Data
    var raw: Data
    var upper: UUID
    var lower: UUID
    var plain: UUID

    static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
        column == "raw" ? hexadecimalEncoding : .text
    }

    static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
        column == "raw" ? hexadecimalDecoding : .deferredToData
    }

    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        switch column {
        case "upper": return .uppercaseString
        case "lower": return .lowercaseString
        default: return .deferredToUUID
        }
    }
}

/// A record that encodes its optional properties with the generic `encode(_:forKey:)`, as
/// hand-written code may, where synthesized code calls `encodeIfPresent`.
private struct ExplicitOptionals: Encodable, EncodableRecord {
    var date: Date?
    var data: Data?
    var uuid: UUID?

    enum CodingKeys: String, CodingKey { case date, data, uuid }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(data, forKey: .data)
        try container.encode(uuid, forKey: .uuid)
    }

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy { .secondsSince1970 }
    static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy { .text }
    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .lowercaseString }
}

/// A record whose nested preferences are JSON in snake case, with the coders' user info.
private struct Settings: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "settings"
    var id: Int64
    var preferences: Preferences
    var decoderInfo: String? = nil

    struct Preferences: Codable, Equatable {
        var fontSize: Int
        var darkMode: Bool
        var source: String? = nil

        enum CodingKeys: String, CodingKey { case fontSize, darkMode, source }

        init(fontSize: Int, darkMode: Bool, source: String? = nil) {
            (self.fontSize, self.darkMode, self.source) = (fontSize, darkMode, source)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            fontSize = try container.decode(Int.self, forKey: .fontSize)
            darkMode = try container.decode(Bool.self, forKey: .darkMode)
            source = decoder.userInfo[infoKey] as? String
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fontSize, forKey: .fontSize)
            try container.encode(darkMode, forKey: .darkMode)
            try container.encode(encoder.userInfo[infoKey] as? String, forKey: .source)
        }
    }

    enum CodingKeys: String, CodingKey { case id, preferences, info }

    init(id: Int64, preferences: Preferences) {
        (self.id, self.preferences) = (id, preferences)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        preferences = try container.decode(Preferences.self, forKey: .preferences)
        decoderInfo = decoder.userInfo[infoKey] as? String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(preferences, forKey: .preferences)
        try container.encode(encoder.userInfo[infoKey] as? String, forKey: .info)
    }

    static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { [infoKey: "record encoder info"] }
    static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] { [infoKey: "record decoder info"] }

    static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo = [infoKey: "encoder info"]
        return encoder
    }

    static func databaseJSONDecoder(for column: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.userInfo = [infoKey: "decoder info"]
        return decoder
    }
}

private let infoKey = CodingUserInfoKey(rawValue: "source")!

/// A record of snake case columns whose properties wrap their values in single-value containers,
/// and whose JSON coders tell, in `Prefs`, the key they are made for.
private struct Wrappers: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "wrappers"
    static let schema = """
        CREATE TABLE wrappers (
            id INTEGER PRIMARY KEY, created_at, raw_bytes, token, label, boxed_prefs, user_prefs)
        """
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var id: Int64
    var createdAt: Wrapper<Date>
    var rawBytes: Wrapper<Data>
    var token: Wrapper<UUID>
    var label: Label
    var boxedPrefs: Wrapper<Prefs>
    var userPrefs: Prefs

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        column == "created_at" ? .millisecondsSince1970 : .deferredToDate
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        column == "created_at" ? .millisecondsSince1970 : .deferredToDate
    }

    static func databaseDataEncodingStrategy(for column: String) -> DatabaseDataEncodingStrategy {
        column == "raw_bytes" ? hexadecimalEncoding : .deferredToData
    }

    static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
        column == "raw_bytes" ? hexadecimalDecoding : .deferredToData
    }

    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        column == "token" ? .lowercaseString : .deferredToUUID
    }

    static var databaseEncodingUserInfo: [CodingUserInfoKey: Any] { [infoKey: "record encoder info"] }
    static var databaseDecodingUserInfo: [CodingUserInfoKey: Any] { [infoKey: "record decoder info"] }

    static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        encoder.userInfo = [codingKeyInfo: column]
        return encoder
    }

    static func databaseJSONDecoder(for column: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.userInfo = [codingKeyInfo: column]
        return decoder
    }
}

/// A value coded through a single-value container.
private struct Wrapper<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value

    init(_ value: Value) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Value.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A text coded through a single-value container, stored with the encoder's user info, and that
/// keeps the decoder's.
private struct Label: Codable, Equatable {
    var text: String
    var decoderInfo: String? = nil

    init(text: String, decoderInfo: String? = nil) { (self.text, self.decoderInfo) = (text, decoderInfo) }

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
        decoderInfo = decoder.userInfo[infoKey] as? String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("\(text) (\(encoder.userInfo[infoKey] as? String ?? "no info"))")
    }
}

/// Nested JSON, which stores the key that its encoder was made for, and keeps the decoder's.
private struct Prefs: Codable, Equatable {
    var fontSize: Int
    var decoderKey: String? = nil

    enum CodingKeys: String, CodingKey { case fontSize, encoderKey }

    init(fontSize: Int, decoderKey: String? = nil) { (self.fontSize, self.decoderKey) = (fontSize, decoderKey) }

    init(from decoder: any Decoder) throws {
        fontSize = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .fontSize)
        decoderKey = decoder.userInfo[codingKeyInfo] as? String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encode(encoder.userInfo[codingKeyInfo] as? String, forKey: .encoderKey)
    }
}

private let codingKeyInfo = CodingUserInfoKey(rawValue: "codingKey")!

/// A record of prefixed columns ("col_name" for `name`), with a scope "team": decoded as a value
/// that is no record, and through a nested container.
private struct PrefixedInfo: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.custom { column in
        CustomColumns.AnyKey(stringValue: String(column.dropFirst(4)))
    }
    var name: String
    /// Decoded from the row itself: no column nor scope has its name.
    var player: Named
    var team: Named
    var teamNameFromContainer: String

    enum CodingKeys: String, CodingKey { case name, player, team }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        player = try container.decode(Named.self, forKey: .player)
        team = try container.decode(Named.self, forKey: .team)
        teamNameFromContainer = try container.nestedContainer(keyedBy: Named.CodingKeys.self, forKey: .team)
            .decode(String.self, forKey: .name)
    }
}

private struct Named: Decodable, Equatable {
    var name: String
    enum CodingKeys: String, CodingKey { case name }
}

/// Keys that JSONEncoder's snake case splits in unusual places.
private struct SnakeKeys: Encodable, PersistableRecord {
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
    var a, url, myURLValue, a1B: Int

    enum CodingKeys: String, CodingKey {
        case a = "A"
        case url = "URL"
        case myURLValue, a1B
    }
}

/// A record of snake case columns with optional properties, and the keys its container lists.
private struct SnakeOptionals: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var playerId, score, bonus: Int?
    var joinedAt: Date?
    var playerName, snakeName: String?
    var containsSnakeName: Bool
    var allKeys: [String]

    enum CodingKeys: String, CodingKey {
        case playerId, score, bonus, joinedAt, playerName
        case snakeName = "player_name"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        playerId = try container.decodeIfPresent(Int.self, forKey: .playerId)
        score = try container.decodeIfPresent(Int.self, forKey: .score)
        bonus = try container.decodeIfPresent(Int.self, forKey: .bonus)
        joinedAt = try container.decodeIfPresent(Date.self, forKey: .joinedAt)
        playerName = try container.decodeIfPresent(String.self, forKey: .playerName)
        snakeName = try container.decodeIfPresent(String.self, forKey: .snakeName)
        containsSnakeName = container.contains(.snakeName)
        allKeys = try decoder.container(keyedBy: CustomColumns.AnyKey.self).allKeys.map(\.stringValue).sorted()
    }
}

/// A record whose key "player_name" must have a column, under a snake case column strategy.
/// A record whose column strategy maps columns that differ only in case to different keys.
private struct CaseColumns: Decodable, FetchableRecord {
    enum Level: Int, Decodable {
        case one = 1
        case two = 2
    }
    var lower, upper: Int
    var lowerBonus, upperBonus: Int?
    var lowerLevel, upperLevel: Level
    var lowerTier, upperTier: Level?

    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.custom { column in
        let keys = [
            "score": "lower", "SCORE": "upper", "bonus": "lowerBonus", "BONUS": "upperBonus", "level": "lowerLevel",
            "LEVEL": "upperLevel", "tier": "lowerTier", "TIER": "upperTier",
        ]
        return CodingKeys(stringValue: keys[column] ?? column) ?? CodingKeys.lower
    }
}

private struct SnakeName: Decodable, FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    var player_name: String
}
