import Foundation
import ReactiveSQLite
import Testing

/// A value of nested containers: stored as JSON text.
private struct Tags: Codable, DatabaseValueConvertible, Equatable {
    var names: [String]
    var since: Date
}

/// A wrapper that encodes a single value: stored as that value.
private struct Email: Codable, DatabaseValueConvertible, Equatable {
    var address: String

    init(_ address: String) { self.address = address }

    init(from decoder: any Decoder) throws {
        address = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(address)
    }
}

/// A value whose JSON coders write ISO 8601 dates.
private struct Event: Codable, DatabaseValueConvertible, Equatable {
    var at: Date

    static func databaseJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static func databaseJSONDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// A raw-value enum that is `Codable` too: stored as its raw value.
private enum Grade: Int, Codable, DatabaseValueConvertible {
    case low = 1
    case high = 2
}

/// A record with properties of these types.
private struct Contact: Codable, FetchableRecord, PersistableRecord, Equatable {
    var id: Int64
    var email: Email
    var tags: Tags
    var grade: Grade?
}

/// `Codable` types that declare `DatabaseValueConvertible` get GRDB's conversions: their single
/// value, or else their JSON text, as their JSON coders write it.
@Suite struct CodableValueTests {
    private let tags = Tags(names: ["b", "a"], since: Date(timeIntervalSince1970: 86_400))

    @Test func aValueOfNestedContainersIsStoredAsSortedJSON() throws {
        // Dates as milliseconds since 1970, sorted keys, as GRDB writes them.
        let json = #"{"names":["b","a"],"since":86400000}"#
        #expect(tags.databaseValue == json.databaseValue)
        #expect(Tags.fromDatabaseValue(json.databaseValue) == tags)
        // A blob of JSON decodes too; anything else does not.
        #expect(Tags.fromDatabaseValue(Data(json.utf8).databaseValue) == tags)
        #expect(Tags.fromDatabaseValue(#"{"names":[]}"#.databaseValue) == nil)
        #expect(Tags.fromDatabaseValue(42.databaseValue) == nil)
        #expect(Tags.fromDatabaseValue(.null) == nil)
    }

    @Test func aValueOfOneValueIsStoredAsThatValue() {
        #expect(Email("a@b.c").databaseValue == "a@b.c".databaseValue)
        #expect(Email.fromDatabaseValue("a@b.c".databaseValue) == Email("a@b.c"))
        #expect(Email.fromDatabaseValue(.null) == nil)
        #expect(Email?.fromDatabaseValue(.null) == .some(nil))
        #expect(Grade.high.databaseValue == 2.databaseValue)
        #expect(Grade.fromDatabaseValue(1.databaseValue) == .low)
        #expect(Grade.fromDatabaseValue(3.databaseValue) == nil)
    }

    @Test func theJSONCodersOfTheTypeApply() throws {
        let event = Event(at: Date(timeIntervalSince1970: 86_400))
        let json = #"{"at":"1970-01-02T00:00:00Z"}"#
        #expect(event.databaseValue == json.databaseValue)
        #expect(Event.fromDatabaseValue(json.databaseValue) == event)
        // The default coders are GRDB's.
        #expect(Tags.databaseJSONEncoder().outputFormatting == .sortedKeys)
        #expect(String(decoding: try Email.databaseJSONEncoder().encode(Data([1, 2])), as: UTF8.self) == #""AQI=""#)
    }

    @Test func valuesRoundTripThroughSQLiteAndRecords() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, email TEXT, tags TEXT, grade INTEGER)")
            let contact = Contact(id: 1, email: Email("a@b.c"), tags: tags, grade: .high)
            try contact.insert(db)
            let row = try #require(try Row.fetchOne(db, sql: "SELECT email, tags, grade FROM contact"))
            #expect(row.databaseValues == [contact.email.databaseValue, tags.databaseValue, 2.databaseValue])
            #expect(try Contact.fetchOne(db) == contact)
            #expect(try Tags.fetchOne(db, sql: "SELECT ?", arguments: [tags]) == tags)
            #expect(try Email.fetchAll(db, sql: "SELECT email FROM contact") == [Email("a@b.c")])
            // A value that does not decode is a mismatch.
            let error = #expect(throws: DatabaseError.self) { try Tags.fetchOne(db, sql: "SELECT 'not json'") }
            #expect(error?.resultCode == .SQLITE_MISMATCH)
        }
    }
}
