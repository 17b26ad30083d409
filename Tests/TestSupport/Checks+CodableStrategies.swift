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
            let error = try expectDatabaseError { _ = try OneDate.fetchOne(db, sql: sql) }
            try expectDatabaseError(error, .SQLITE_MISMATCH, sql: sql, messageContains: "could not decode Date")
            let dataSQL = "SELECT 1 AS id, 'short' AS payload"
            let dataError = try expectDatabaseError { _ = try OneData.fetchOne(db, sql: dataSQL) }
            try expectDatabaseError(dataError, .SQLITE_MISMATCH, sql: dataSQL, messageContains: "could not decode Data")
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
        .custom { dbValue in String.fromDatabaseValue(dbValue).flatMap(hexadecimalData) }
    }
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
        column == "raw" ? .custom { $0.map { String($0, radix: 16).zeroPaddedToTwo }.joined() } : .text
    }

    static func databaseDataDecodingStrategy(for column: String) -> DatabaseDataDecodingStrategy {
        column == "raw" ? .custom { String.fromDatabaseValue($0).flatMap(hexadecimalData) } : .deferredToData
    }

    static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy {
        switch column {
        case "upper": return .uppercaseString
        case "lower": return .lowercaseString
        default: return .deferredToUUID
        }
    }
}

extension String {
    fileprivate var zeroPaddedToTwo: String { count == 1 ? "0" + self : self }
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
