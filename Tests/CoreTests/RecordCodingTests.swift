import Foundation
import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

private struct Address: Codable, Equatable {
    var street: String
    var city: String
}

/// Raw-value enums that do not declare `DatabaseValueConvertible`: Codable stores their raw value.
private enum Role: String, Codable {
    case admin
    case member
}

private enum Priority: Int, Codable {
    case low = 1
    case high = 2
}

private struct Member: Codable, FetchableRecord, PersistableRecord, Equatable {
    var id: Int64
    var name: String
    var address: Address
    var role: Role
    var priority: Priority
    var nickname: String?
    var tags: [String]
    var joinedAt: Date
    var token: UUID
}

private let memberSchema = """
    CREATE TABLE member (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL, address TEXT NOT NULL, role TEXT NOT NULL,
        priority INTEGER NOT NULL, nickname TEXT, tags TEXT NOT NULL, joinedAt DATETIME NOT NULL, token BLOB NOT NULL)
    """

private let arthur = Member(
    id: 1, name: "Arthur", address: Address(street: "1 Main Street", city: "Paris"), role: .admin,
    priority: .high, nickname: nil, tags: ["a", "b"], joinedAt: Date(timeIntervalSince1970: 86_400),
    token: UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)))

/// A record whose `init(row:)` decodes its `Decodable` properties, then completes them.
private struct Signature: Decodable, FetchableRecord, Equatable {
    var name: String
    var initials: String?

    init(name: String, initials: String?) {
        self.name = name
        self.initials = initials
    }

    init(row: Row) throws {
        self = try FetchableRecordDecoder().decode(Signature.self, from: row)
        initials = initials ?? String(name.prefix(1))
    }
}

/// A generic type: the generic arguments are dropped from its default table name.
private struct Box<Content>: TableRecord {}

private func fetchOne<Record: FetchableRecord>(_ type: Record.Type, sql: String) throws -> Record? {
    let dbQueue = try DatabaseQueue()
    return try dbQueue.read { db in try Record.fetchOne(db, sql: sql) }
}

@Suite struct RecordCodingTests {
    // MARK: - Encoding

    @Test func codableRecordsStoreOneColumnPerProperty() throws {
        let dbQueue = try DatabaseQueue()
        let row = try dbQueue.write { db in
            try db.execute(sql: memberSchema)
            try arthur.insert(db)
            return try Row.fetchOne(
                db,
                sql: """
                    SELECT id, name, address, role, typeof(role) AS roleType, priority, typeof(priority) AS priorityType,
                    nickname, tags, joinedAt, token, typeof(token) AS tokenType FROM member
                    """)
        }
        let stored = try #require(row)
        #expect(stored["id"] as? Int64 == 1)
        #expect(stored["name"] as? String == "Arthur")
        #expect(stored["address"] as? String == #"{"city":"Paris","street":"1 Main Street"}"#)
        #expect(stored["role"] as? String == "admin")
        #expect(stored["roleType"] as? String == "text")
        #expect(stored["priority"] as? Int64 == 2)
        #expect(stored["priorityType"] as? String == "integer")
        #expect(stored.hasNull(atIndex: try #require(stored.index(forColumn: "nickname"))))
        #expect(stored["tags"] as? String == #"["a","b"]"#)
        #expect(stored["joinedAt"] as? String == "1970-01-02 00:00:00.000")
        #expect(stored["token"] as? Data == Data(0..<16))
        #expect(stored["tokenType"] as? String == "blob")
    }

    @Test func databaseDictionaryOfACodableRecord() throws {
        let dictionary = try arthur.databaseDictionary
        #expect(
            Set(dictionary.keys) == [
                "id", "name", "address", "role", "priority", "nickname", "tags", "joinedAt", "token",
            ])
        #expect(dictionary["role"]?.storage == .string("admin"))
        #expect(dictionary["priority"]?.storage == .int64(2))
        #expect(dictionary["nickname"]?.storage == .null)
        #expect(dictionary["address"]?.storage == .string(#"{"city":"Paris","street":"1 Main Street"}"#))
    }

    @Test func nestedValuesUseTheJSONOfGRDB() throws {
        // Dates as milliseconds since 1970 and data as base64, so that GRDB reads what we write,
        // and the other way round.
        struct Event: Codable, Equatable {
            var date: Date
            var payload: Data
        }
        struct Log: Codable, FetchableRecord, PersistableRecord, Equatable {
            var event: Event
        }
        let log = Log(event: Event(date: Date(timeIntervalSince1970: 1.5), payload: Data([1, 2])))
        #expect(try log.databaseDictionary["event"]?.storage == .string(#"{"date":1500,"payload":"AQI="}"#))
        let dbQueue = try DatabaseQueue()
        let fetched = try dbQueue.read { db in
            try Log.fetchOne(db, sql: #"SELECT '{"date":1500,"payload":"AQI="}' AS event"#)
        }
        #expect(fetched == log)
    }

    @Test func aSuperclassEncodesIntoTheSameRecord() throws {
        class Base: Encodable {
            var id: Int64 = 1
        }
        final class Derived: Base, PersistableRecord {
            var name = "Arthur"
            private enum CodingKeys: String, CodingKey { case name }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try super.encode(to: container.superEncoder())
            }
        }
        let dictionary = try Derived().databaseDictionary
        #expect(dictionary.mapValues(\.storage) == ["id": .int64(1), "name": .string("Arthur")])
    }

    @Test func codableRecordsRoundTrip() throws {
        var nicknamed = arthur
        nicknamed.id = 2
        nicknamed.nickname = "King"
        nicknamed.role = .member
        nicknamed.priority = .low
        nicknamed.tags = []
        let dbQueue = try DatabaseQueue()
        let fetched = try dbQueue.write { db in
            try db.execute(sql: memberSchema)
            try arthur.insert(db)
            try nicknamed.insert(db)
            return try Member.fetchAll(db, sql: "SELECT * FROM member ORDER BY id")
        }
        #expect(fetched == [arthur, nicknamed])
    }

    @Test func updatingAnOptionalPropertyToNilStoresNull() throws {
        var nicknamed = arthur
        nicknamed.nickname = "King"
        let dbQueue = try DatabaseQueue()
        let (before, after) = try dbQueue.write { db in
            try db.execute(sql: memberSchema)
            try nicknamed.insert(db)
            let before = try String.fetchOne(db, sql: "SELECT nickname FROM member")
            nicknamed.nickname = nil
            try nicknamed.update(db)
            return (before, try String.fetchOne(db, sql: "SELECT nickname FROM member"))
        }
        #expect(before == "King")
        #expect(after == nil)
    }

    @Test func customCodingKeysNameTheColumns() throws {
        struct Contact: Codable, FetchableRecord, PersistableRecord, Equatable {
            var id: Int64
            var fullName: String
            enum CodingKeys: String, CodingKey {
                case id
                case fullName = "full_name"
            }
        }
        let dbQueue = try DatabaseQueue()
        let (stored, fetched) = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL)")
            try Contact(id: 1, fullName: "Arthur Dent").insert(db)
            return (
                try String.fetchOne(db, sql: "SELECT full_name FROM contact"),
                try Contact.fetchOne(db, sql: "SELECT * FROM contact")
            )
        }
        #expect(stored == "Arthur Dent")
        #expect(fetched == Contact(id: 1, fullName: "Arthur Dent"))
    }

    // MARK: - Decoding

    @Test func optionalPropertiesDecodeMissingColumnsAsNil() throws {
        struct Partial: Decodable, FetchableRecord {
            var id: Int64
            var nickname: String?
            var address: Address?
            var role: Role?
        }
        let partial = try #require(try fetchOne(Partial.self, sql: "SELECT 1 AS id"))
        #expect(partial.id == 1)
        #expect(partial.nickname == nil)
        #expect(partial.address == nil)
        #expect(partial.role == nil)

        let nulls = try #require(
            try fetchOne(Partial.self, sql: "SELECT 2 AS id, NULL AS nickname, NULL AS address, NULL AS role"))
        #expect(nulls.id == 2)
        #expect(nulls.nickname == nil)
        #expect(nulls.address == nil)
        #expect(nulls.role == nil)

        let full = try #require(
            try fetchOne(
                Partial.self,
                sql: #"SELECT 3 AS id, 'Art' AS nickname, '{"street":"s","city":"c"}' AS address, 'member' AS role"#))
        #expect(full.nickname == "Art")
        #expect(full.address == Address(street: "s", city: "c"))
        #expect(full.role == .member)
    }

    @Test func aFetchableRecordDecoderDecodesAsTheDecodableConformanceDoes() throws {
        #expect(
            try fetchOne(Signature.self, sql: "SELECT 'Arthur' AS name") == Signature(name: "Arthur", initials: "A"))
        #expect(
            try fetchOne(Signature.self, sql: "SELECT 'Arthur' AS name, 'AD' AS initials")
                == Signature(name: "Arthur", initials: "AD"))
        let row: Row = ["initials": "B"]
        let error = #expect(throws: DatabaseError.self) {
            try FetchableRecordDecoder().decode(Signature.self, from: row)
        }
        #expect(error?.message?.contains("name") == true)
    }

    @Test func columnsAreMatchedCaseInsensitively() throws {
        struct Named: Decodable, FetchableRecord {
            var name: String
        }
        let named = try #require(try fetchOne(Named.self, sql: "SELECT 'Arthur' AS NAME"))
        #expect(named.name == "Arthur")
    }

    @Test func nullInANonOptionalPropertyIsAMismatch() throws {
        struct Strict: Decodable, FetchableRecord {
            var id: Int64
            var name: String
        }
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode String from database value NULL at column `name` (index 1)",
            sql: "SELECT 1 AS id, NULL AS name"
        ) { try fetchOne(Strict.self, sql: "SELECT 1 AS id, NULL AS name") }
    }

    @Test func nullInANonConvertibleEnumIsAMismatch() throws {
        struct WithRole: Decodable, FetchableRecord {
            var role: Role
        }
        // The enum decodes its raw value, which is not NULL.
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode String from database value NULL at column `role`",
            sql: "SELECT NULL AS role"
        ) { try fetchOne(WithRole.self, sql: "SELECT NULL AS role") }
    }

    @Test func nullInANestedStructIsAMismatch() throws {
        struct WithAddress: Decodable, FetchableRecord {
            var address: Address
        }
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode Address from database value NULL at column `address`",
            sql: "SELECT NULL AS address"
        ) { try fetchOne(WithAddress.self, sql: "SELECT NULL AS address") }
    }

    @Test func invalidJSONIsAMismatch() throws {
        struct WithAddress: Decodable, FetchableRecord {
            var address: Address
        }
        let error = try expectDatabaseError(.SQLITE_MISMATCH, sql: "SELECT 'not json' AS address") {
            try fetchOne(WithAddress.self, sql: "SELECT 'not json' AS address")
        }
        // The message goes on with the error of the JSON decoder.
        #expect(error.message?.hasPrefix("could not decode Address from JSON at column `address`: ") == true)
    }

    @Test func mistypedValuesAreMismatches() throws {
        struct Typed: Decodable, FetchableRecord {
            var count: Int
        }
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: #"could not decode Int from database value "many" at column `count` (index 0)"#,
            sql: "SELECT 'many' AS count"
        ) { try fetchOne(Typed.self, sql: "SELECT 'many' AS count") }

        struct WithPriority: Decodable, FetchableRecord {
            var priority: Priority
        }
        // The enum decodes its raw value, an Int.
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: #"could not decode Int from database value "high" at column `priority`"#,
            sql: "SELECT 'high' AS priority"
        ) { try fetchOne(WithPriority.self, sql: "SELECT 'high' AS priority") }
    }

    @Test func unknownRawValuesFailToDecode() throws {
        struct WithRole: Decodable, FetchableRecord {
            var role: Role
        }
        // The raw value decodes, and the enum's own initializer (synthesized by Swift) refuses it:
        // a mismatch, as a NULL or a mistyped raw value.
        try expectDatabaseError(
            .SQLITE_MISMATCH,
            message:
                #"could not decode Role from database value "superuser" at column `role`: "#
                + "Cannot initialize Role from invalid String value superuser",
            sql: "SELECT 'superuser' AS role"
        ) { try fetchOne(WithRole.self, sql: "SELECT 'superuser' AS role") }
    }

    @Test func aMissingNonOptionalColumnThrows() throws {
        struct Strict: Decodable, FetchableRecord {
            var id: Int64
            var name: String
        }
        try expectDatabaseError(
            .SQLITE_ERROR, message: "no such column in row: name (the row has columns id)", sql: "SELECT 1 AS id"
        ) { try fetchOne(Strict.self, sql: "SELECT 1 AS id") }
    }

    // MARK: - Table names

    @Test func defaultTableNames() {
        struct Player: TableRecord {}
        struct HTTPRequest: TableRecord {}
        struct TOEFL: TableRecord {}
        // swift-format-ignore: TypeNamesShouldBeCapitalized
        struct postalAddress: TableRecord {}
        struct URLSession2: TableRecord {}
        struct A: TableRecord {}
        #expect(Player.databaseTableName == "player")
        #expect(HTTPRequest.databaseTableName == "httpRequest")
        #expect(TOEFL.databaseTableName == "toefl")
        #expect(postalAddress.databaseTableName == "postalAddress")
        #expect(URLSession2.databaseTableName == "urlSession2")
        #expect(A.databaseTableName == "a")
        #expect(Member.databaseTableName == "member")
        #expect(Box<Int>.databaseTableName == "box")
    }

    @Test func explicitTableName() {
        struct Player: TableRecord {
            static let databaseTableName = "players"
        }
        #expect(Player.databaseTableName == "players")
    }
}

@Suite struct OptionalPropertyDecodingTests {
    private struct Profile: Decodable, FetchableRecord, Equatable {
        var score: Int?
        var name: String?
        var ratio: Double?
    }

    @Test func anOptionalPropertyIsNilForAMissingColumnOrNull() throws {
        let dbQueue = try DatabaseQueue()
        let (full, nulls, partial) = try dbQueue.read { db in
            (
                try Profile.fetchOne(db, sql: "SELECT 1 AS score, 'a' AS name, 0.5 AS ratio"),
                try Profile.fetchOne(db, sql: "SELECT NULL AS score, NULL AS name, NULL AS ratio"),
                try Profile.fetchOne(db, sql: "SELECT 2 AS score")
            )
        }
        #expect(full == Profile(score: 1, name: "a", ratio: 0.5))
        #expect(nulls == Profile(score: nil, name: nil, ratio: nil))
        #expect(partial == Profile(score: 2, name: nil, ratio: nil))
    }

    @Test func anOptionalPropertyOfTheWrongTypeIsAMismatch() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(
            .SQLITE_MISMATCH,
            message: #"could not decode Optional<Int> from database value "abc" at column `score` (index 0)"#,
            sql: "SELECT 'abc' AS score"
        ) {
            try dbQueue.read { db in _ = try Profile.fetchOne(db, sql: "SELECT 'abc' AS score") }
        }
    }
}

/// A cursor reuses one keyed container for the `Decodable` records of its rows.
@Suite struct CursorDecodingContainerTests {
    private struct Name: Decodable, FetchableRecord, Equatable {
        var name: String
    }

    private struct Score: Decodable, FetchableRecord, Equatable {
        var score: Int
        var name: String
    }

    private struct Renamed: Decodable, FetchableRecord, Equatable {
        var label: String
        enum CodingKeys: String, CodingKey { case label = "name" }
    }

    private static let sql = "SELECT 'a' AS name, 1 AS score UNION ALL SELECT 'b', 2 UNION ALL SELECT 'c', 3"

    @Test func recordsOfDifferentCodingKeysDecodeFromOneCursor() throws {
        let dbQueue = try DatabaseQueue()
        let decoded = try dbQueue.read { db in
            let rows = try Row.fetchCursor(db, sql: Self.sql + " ORDER BY 1")
            var decoded: [(Name, Score, Renamed, Name)] = []
            while let row = try rows.next() {
                decoded.append((try Name(row: row), try Score(row: row), try Renamed(row: row), try Name(row: row)))
            }
            return decoded
        }
        #expect(decoded.map(\.0) == [Name(name: "a"), Name(name: "b"), Name(name: "c")])
        #expect(
            decoded.map(\.1) == [Score(score: 1, name: "a"), Score(score: 2, name: "b"), Score(score: 3, name: "c")])
        #expect(decoded.map(\.2) == [Renamed(label: "a"), Renamed(label: "b"), Renamed(label: "c")])
        #expect(decoded.map(\.3) == decoded.map(\.0))
    }

    /// Whether the statement is deallocated once the cursor that decoded records from it ends in `end`.
    private func statementIsReleased(sql: String, end: (RecordCursor<Score>) throws -> Void) throws -> Bool {
        let dbQueue = try DatabaseQueue()
        return try dbQueue.read { db in
            weak var released: Statement?
            try {
                let statement = try db.makeStatement(sql: sql)
                released = statement
                try end(Score.fetchCursor(statement))
            }()
            return released == nil
        }
    }

    private struct Score2: Decodable, FetchableRecord, Equatable { var score: Int }
    private struct Score3: Decodable, FetchableRecord, Equatable { var SCORE: Int }
    private struct Both: Decodable, FetchableRecord, Equatable { var name: String, score: Int }

    @Test func moreCodingKeysThanKeptContainersDecodeFromOneCursor() throws {
        let dbQueue = try DatabaseQueue()
        let decoded = try dbQueue.read { db in
            let rows = try Row.fetchCursor(db, sql: Self.sql + " ORDER BY 1")
            var decoded: [String] = []
            while let row = try rows.next() {
                let name = try Name(row: row).name
                let renamed = try Renamed(row: row).label
                let score = try Score(row: row).score
                let score2 = try Score2(row: row).score
                let score3 = try Score3(row: row).SCORE
                let both = try Both(row: row)
                decoded.append("\(name)\(renamed)\(score)\(score2)\(score3)\(both.name)\(both.score)")
            }
            return decoded
        }
        #expect(decoded == ["aa111a1", "bb222b2", "cc333c3"])
    }

    @Test func aCursorThatEndsReleasesItsStatement() throws {
        let exhausted = try statementIsReleased(sql: Self.sql) { cursor in while try cursor.next() != nil {} }
        let abandoned = try statementIsReleased(sql: Self.sql) { cursor in _ = try cursor.next() }
        let mistyped = "SELECT 'a' AS name, 1 AS score UNION ALL SELECT 'b', 'x'"
        let failedDecoding = try statementIsReleased(sql: mistyped) { cursor in
            _ = try cursor.next()
            try expectDatabaseError(
                .SQLITE_MISMATCH, message: #"could not decode Int from database value "x" at column `score` (index 1)"#,
                sql: mistyped
            ) { try cursor.next() }
        }
        // SQLite fails the second step (integer overflow).
        let failingStep = "WITH t(x) AS (VALUES (1), (-9223372036854775808)) SELECT 'n' AS name, abs(x) AS score FROM t"
        let failedStep = try statementIsReleased(sql: failingStep) { cursor in
            _ = try cursor.next()
            try expectDatabaseError(.SQLITE_ERROR, message: "integer overflow", sql: failingStep) { try cursor.next() }
        }
        #expect(exhausted)
        #expect(abandoned)
        #expect(failedDecoding)
        #expect(failedStep)
    }
}

/// A connection reuses one encoder, and its keyed container, for the `Encodable` records it encodes.
@Suite struct ConnectionRecordEncoderTests {
    private struct Named: Encodable, PersistableRecord {
        var name: String
    }

    private struct Scored: Encodable, PersistableRecord {
        var score: Int
        var name: String
    }

    /// Encodes the dictionary of another record while it is being encoded itself.
    private struct Nesting: Encodable, PersistableRecord {
        var id: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            let inner = try Scored(score: 7, name: "inner").databaseDictionary
            try container.encode(inner.count, forKey: .innerCount)
        }
        enum CodingKeys: String, CodingKey { case id, innerCount }
    }

    /// Encodes as an unkeyed container, which has no columns.
    private struct Unkeyed: Encodable, PersistableRecord {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(1)
        }
    }

    private func columns(_ dictionary: [String: DatabaseValue]) -> [String] { dictionary.keys.sorted() }

    @Test func recordsOfDifferentCodingKeysEncodeInOneAccess() throws {
        let dbQueue = try DatabaseQueue()
        let dictionaries = try dbQueue.read { db in
            try (0..<2).flatMap { _ in
                [try Named(name: "a").databaseDictionary, try Scored(score: 1, name: "b").databaseDictionary]
            }
        }
        #expect(dictionaries.map(columns) == [["name"], ["name", "score"], ["name"], ["name", "score"]])
        #expect(dictionaries[3]["score"] == 1.databaseValue)
    }

    @Test func aRecordEncodedWhileAnotherOneIsGetsItsOwnEncoder() throws {
        let dbQueue = try DatabaseQueue()
        let (nesting, next) = try dbQueue.read { db in
            (try Nesting(id: 1).databaseDictionary, try Named(name: "next").databaseDictionary)
        }
        #expect(nesting == ["id": 1.databaseValue, "innerCount": 2.databaseValue])
        #expect(next == ["name": "next".databaseValue])
    }

    @Test func aFailedInsertionTellsTheRecordValues() throws {
        let dbQueue = try DatabaseQueue()
        let error = try expectDatabaseError(
            .SQLITE_CONSTRAINT_PRIMARYKEY, message: "UNIQUE constraint failed: scored.score",
            sql: #"INSERT INTO "scored" ("score", "name") VALUES (?, ?)"#
        ) {
            try dbQueue.write { db in
                try db.execute(sql: "CREATE TABLE scored (score INTEGER PRIMARY KEY, name TEXT)")
                try Scored(score: 1, name: "a").insert(db)
                try Scored(score: 1, name: "b").insert(db)
            }
        }
        #expect(error.arguments == [1, "b"])
        #expect(error.arguments?.description == "[1, \"b\"]")
    }

    @Test func aFailedEncodingLeavesNothingForTheNextRecord() throws {
        let dbQueue = try DatabaseQueue()
        let next = try dbQueue.read { db in
            let error = #expect(throws: EncodingError.self) { _ = try Unkeyed().databaseDictionary }
            if case .invalidValue(let value, let context) = error {
                #expect(value is Unkeyed)
                #expect(
                    context.debugDescription == "a record must encode as a keyed container: its properties are columns")
            } else {
                Issue.record("expected EncodingError.invalidValue, got \(String(describing: error))")
            }
            return try Named(name: "next").databaseDictionary
        }
        #expect(next == ["name": "next".databaseValue])
    }

    @Test func readersOfAPoolEncodeAtTheSameTimeEachWithItsOwnEncoder() throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbPool = try DatabasePool(path: directory.path("db.sqlite"))
        let failures = try readConcurrently(dbPool, count: 2) { reader, _ in
            (0..<500).compactMap { index -> String? in
                let dictionary =
                    reader == 0
                    ? try? Named(name: "\(index)").databaseDictionary
                    : try? Scored(score: index, name: "\(index)").databaseDictionary
                let expected: [String: DatabaseValue] =
                    reader == 0
                    ? ["name": "\(index)".databaseValue]
                    : ["score": index.databaseValue, "name": "\(index)".databaseValue]
                return dictionary == expected ? nil : "reader \(reader), record \(index)"
            }
        }
        #expect(failures.flatMap { $0 } == [])
    }

    @Test func recordsEncodeOutsideOfADatabaseAccess() throws {
        #expect(
            try Scored(score: 3, name: "c").databaseDictionary == ["score": 3.databaseValue, "name": "c".databaseValue])
    }
}
