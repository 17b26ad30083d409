import Foundation
import ReactiveSQLite
import Testing

// The SQL of requests with associations through others (`hasMany(_:through:using:key:)`,
// `hasOne(_:through:using:key:)`), as GRDB 7 generates it for the same requests (values are bound
// as `?` here, where GRDB's tests print them inline).

private struct Country: TableRecord, EncodableRecord {
    var code = "FR"
    static let passports = hasMany(Passport.self)
    static let citizens = hasMany(Citizen.self, through: passports, using: Passport.citizen)
    static let profile = hasOne(Profile.self)
    static let flag = hasOne(Flag.self, through: profile, using: Profile.flag)
    static let flags = hasMany(Flag.self, through: profile, using: Profile.flags)

    func encode(to container: inout PersistenceContainer) {
        container["code"] = code
    }
}

private struct Passport: TableRecord {
    static let citizen = belongsTo(Citizen.self)
}

private struct Citizen: TableRecord {}

private struct Profile: TableRecord {
    static let flag = hasOne(Flag.self)
    static let flags = hasMany(Flag.self)
}

private struct Flag: TableRecord {}

private struct Author: TableRecord, EncodableRecord {
    static let country = belongsTo(Country.self)
    static let countryPassports = hasMany(Passport.self, through: country, using: Country.passports)

    func encode(to container: inout PersistenceContainer) {
        container["countryCode"] = "FR"
    }
}

private struct Book: TableRecord {
    static let author = belongsTo(Author.self)
    static let country = hasOne(Country.self, through: author, using: Author.country)
    static let countryCitizens = hasMany(Citizen.self, through: country, using: Country.citizens)
}

private func fixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE country (code TEXT PRIMARY KEY);
                CREATE TABLE citizen (id INTEGER PRIMARY KEY);
                CREATE TABLE passport (
                    id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code),
                    citizenId INTEGER REFERENCES citizen(id));
                CREATE TABLE profile (id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code));
                CREATE TABLE flag (id INTEGER PRIMARY KEY, profileId INTEGER REFERENCES profile(id));
                CREATE TABLE author (id INTEGER PRIMARY KEY, countryCode TEXT REFERENCES country(code));
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId INTEGER REFERENCES author(id));
                INSERT INTO country (code) VALUES ('FR'), ('US');
                INSERT INTO citizen (id) VALUES (1), (2);
                INSERT INTO passport (id, countryCode, citizenId) VALUES (1, 'FR', 1), (2, 'US', 1), (3, 'US', 2);
                INSERT INTO author (id, countryCode) VALUES (1, 'US');
                INSERT INTO book (id, authorId) VALUES (1, 1);
                """)
    }
    return dbQueue
}

/// The SQL of a request.
private func sql(_ request: some FetchRequest) throws -> String {
    try fixture().read { db in try request.makePreparedRequest(db, forSingleResult: false).statement.sql }
}

private let passportJoin = #"JOIN "passport" ON "passport"."countryCode" = "country"."code""#
private let citizenJoin = #"JOIN "citizen" ON "citizen"."id" = "passport"."citizenId""#

@Suite struct AssociationThroughSQLTests {
    @Test func hasManyThroughHasManyAndBelongsTo() throws {
        #expect(
            try sql(Country.including(optional: Country.citizens))
                == #"SELECT "country".*, "citizen".* FROM "country" LEFT \#(passportJoin) LEFT \#(citizenJoin)"#)
        #expect(
            try sql(Country.including(required: Country.citizens))
                == #"SELECT "country".*, "citizen".* FROM "country" \#(passportJoin) \#(citizenJoin)"#)
        #expect(
            try sql(Country.joining(optional: Country.citizens))
                == #"SELECT "country".* FROM "country" LEFT \#(passportJoin) LEFT \#(citizenJoin)"#)
        #expect(
            try sql(Country.joining(required: Country.citizens))
                == #"SELECT "country".* FROM "country" \#(passportJoin) \#(citizenJoin)"#)
    }

    @Test func thePivotMergesWithTheSameAssociation() throws {
        #expect(
            try sql(Country.including(optional: Country.citizens).including(optional: Country.passports))
                == #"SELECT "country".*, "passport".*, "citizen".* FROM "country" LEFT \#(passportJoin) "#
                + #"LEFT \#(citizenJoin)"#)
        #expect(
            try sql(Country.including(optional: Country.citizens).joining(required: Country.passports))
                == #"SELECT "country".*, "citizen".* FROM "country" \#(passportJoin) LEFT \#(citizenJoin)"#)
        #expect(
            try sql(Country.including(required: Country.passports).joining(optional: Country.citizens))
                == #"SELECT "country".*, "passport".* FROM "country" \#(passportJoin) LEFT \#(citizenJoin)"#)
    }

    @Test func hasManyThroughBelongsToAndHasMany() throws {
        #expect(
            try sql(Author.including(required: Author.countryPassports))
                == #"SELECT "author".*, "passport".* FROM "author" "#
                + #"JOIN "country" ON "country"."code" = "author"."countryCode" \#(passportJoin)"#)
        #expect(
            try sql(Author().request(for: Author.countryPassports))
                == #"SELECT "passport".* FROM "passport" "#
                + #"JOIN "country" ON ("country"."code" = "passport"."countryCode") AND ("country"."code" = ?)"#)
    }

    @Test func throughHasOne() throws {
        let profileJoin = #"JOIN "profile" ON "profile"."countryCode" = "country"."code""#
        let flagJoin = #"JOIN "flag" ON "flag"."profileId" = "profile"."id""#
        #expect(
            try sql(Country.including(required: Country.flag))
                == #"SELECT "country".*, "flag".* FROM "country" \#(profileJoin) \#(flagJoin)"#)
        #expect(
            try sql(Country.including(optional: Country.flags))
                == #"SELECT "country".*, "flag".* FROM "country" LEFT \#(profileJoin) LEFT \#(flagJoin)"#)
        #expect(
            try sql(Country().request(for: Country.flag))
                == #"SELECT "flag".* FROM "flag" JOIN "profile" ON ("profile"."id" = "flag"."profileId") "#
                + #"AND ("profile"."countryCode" = ?)"#)
    }

    @Test func hasOneThroughBelongsToAndBelongsTo() throws {
        #expect(
            try sql(Book.including(required: Book.country))
                == #"SELECT "book".*, "country".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" "#
                + #"JOIN "country" ON "country"."code" = "author"."countryCode""#)
    }

    @Test func throughAssociationsThroughOthers() throws {
        #expect(
            try sql(Book.including(required: Book.countryCitizens))
                == #"SELECT "book".*, "citizen".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" "#
                + #"JOIN "country" ON "country"."code" = "author"."countryCode" \#(passportJoin) \#(citizenJoin)"#)
    }

    @Test func requestForAThroughAssociation() throws {
        #expect(
            try sql(Country().request(for: Country.citizens))
                == #"SELECT "citizen".* FROM "citizen" "#
                + #"JOIN "passport" ON ("passport"."citizenId" = "citizen"."id") AND ("passport"."countryCode" = ?)"#)
    }

    @Test func aggregatesJoinThePivot() throws {
        #expect(
            try sql(Country.annotated(with: Country.citizens.count))
                == #"SELECT "country".*, COUNT(DISTINCT "citizen"."id") AS "citizenCount" FROM "country" "#
                + #"LEFT \#(passportJoin) LEFT \#(citizenJoin) GROUP BY "country"."code""#)
    }

    @Test func prefetchThroughThePivot() throws {
        let dbQueue = try fixture()
        let statements = try tracedStatements(dbQueue) { db in
            _ = try Row.fetchAll(db, Country.including(all: Country.citizens.orderByPrimaryKey()))
        }
        #expect(
            statements == [
                #"SELECT * FROM "country""#,
                #"SELECT "citizen".*, "passport"."countryCode" AS "grdb_countryCode" FROM "citizen" "#
                    + #"JOIN "passport" ON ("passport"."citizenId" = "citizen"."id") "#
                    + #"AND ("passport"."countryCode" IN (?, ?)) ORDER BY "citizen"."id""#,
            ])
        #expect(try sql(Country.including(all: Country.citizens)) == #"SELECT * FROM "country""#)
    }

    @Test func aPrefetchedPivotIncludedByItselfIsAnError() throws {
        let dbQueue = try fixture()
        // A pivot to one record has the same key, joined or bridging (GRDB stops the program).
        for request in [
            Country.including(all: Country.flags).including(optional: Country.profile),
            Country.joining(required: Country.profile).including(all: Country.flags),
            Country.including(all: Country.passports).including(all: Country.citizens),
        ] {
            let error = try #require(throws: DatabaseError.self) {
                try dbQueue.read { db in _ = try Row.fetchAll(db, request) }
            }
            #expect(error.resultCode == .SQLITE_MISUSE)
            #expect(error.message?.hasPrefix("ambiguous association key") == true)
        }
        // Under another key, the pivot is included by itself; a joined pivot to many has a singular
        // key of its own.
        let joined = try dbQueue.read { db in
            try Row.fetchAll(db, Country.including(all: Country.citizens).including(required: Country.passports))
        }
        #expect(joined.count == 3)
        let rows = try dbQueue.read { db in
            try Row.fetchAll(
                db,
                Country.including(all: Country.citizens).including(all: Country.passports.forKey("issued"))
                    .orderByPrimaryKey())
        }
        #expect(rows.map { $0.prefetchedRows["citizens"]?.count } == [1, 2])
        #expect(rows.map { $0.prefetchedRows["issued"]?.count } == [1, 2])
    }

    @Test func prefetchThroughSeveralPivots() throws {
        let statements = try tracedStatements(try fixture()) { db in
            _ = try Row.fetchAll(db, Book.including(all: Book.countryCitizens))
        }
        #expect(
            statements == [
                #"SELECT * FROM "book""#,
                #"SELECT "citizen".*, "author"."id" AS "grdb_id" FROM "citizen" "#
                    + #"JOIN "passport" ON "passport"."citizenId" = "citizen"."id" "#
                    + #"JOIN "country" ON "country"."code" = "passport"."countryCode" "#
                    + #"JOIN "author" ON ("author"."countryCode" = "country"."code") AND ("author"."id" = ?)"#,
            ])
    }
}

/// The SQL of the statements that run in a database access, but the schema queries.
private func tracedStatements(_ dbQueue: DatabaseQueue, _ access: @escaping (Database) throws -> Void) throws
    -> [String]
{
    try dbQueue.read { db in
        var statements: [String] = []
        db.trace { event in
            if case .statement(let statement) = event, !statement.sql.hasPrefix("PRAGMA") {
                statements.append(statement.sql)
            }
        }
        try access(db)
        db.trace(options: [], nil)
        return statements
    }
}
