import Foundation
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

// Associations through others: joins, prefetches, aggregates and `request(for:)` reach the
// destination through the pivot, and the regions of their requests hold the pivot table too.

/// The schema of the checks: countries, the passports they issue, the citizens who hold them, and
/// a table that none of them reads.
private let throughSchema = """
    CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE citizen (id INTEGER PRIMARY KEY, name TEXT NOT NULL, birthCountryCode TEXT REFERENCES country(code));
    CREATE TABLE passport (
        id INTEGER PRIMARY KEY, countryCode TEXT NOT NULL REFERENCES country(code),
        citizenId INTEGER NOT NULL REFERENCES citizen(id));
    CREATE TABLE unrelated (id INTEGER PRIMARY KEY);
    INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany'), ('IT', 'Italy');
    INSERT INTO citizen VALUES (1, 'Ann', 'FR'), (2, 'Bob', 'DE'), (3, 'Cid', NULL);
    INSERT INTO passport VALUES (1, 'FR', 1), (2, 'DE', 1), (3, 'DE', 2);
    """

private struct ThroughCountry: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "country"
    static let passports = hasMany(ThroughPassport.self)
    static let citizens = hasMany(ThroughCitizen.self, through: passports, using: ThroughPassport.citizen)
    var code: String
    var name: String
}

private struct ThroughPassport: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "passport"
    static let citizen = belongsTo(ThroughCitizen.self)
    static let country = belongsTo(ThroughCountry.self)
    static let holderBirthCountry = hasOne(ThroughCountry.self, through: citizen, using: ThroughCitizen.birthCountry)
    var id: Int64
    var countryCode: String
    var citizenId: Int64
}

private struct ThroughCitizen: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "citizen"
    static let passports = hasMany(ThroughPassport.self)
    static let countries = hasMany(ThroughCountry.self, through: passports, using: ThroughPassport.country)
    static let birthCountry = belongsTo(ThroughCountry.self, key: "birthCountry")
    var id: Int64
    var name: String
    var birthCountryCode: String?
}

/// A citizen and their country of birth, if any.
private struct CitizenInfo: Decodable, FetchableRecord, Equatable {
    var citizen: ThroughCitizen
    var birthCountry: ThroughCountry?
}

/// A country and its citizens, each with their country of birth.
private struct CountryInfo: Decodable, FetchableRecord, Equatable {
    var country: ThroughCountry
    var citizens: [CitizenInfo]
}

/// A country and its citizens.
private struct CountryCitizens: Decodable, FetchableRecord, Equatable {
    var country: ThroughCountry
    var citizens: [ThroughCitizen]
}

/// A passport and the country of birth of its holder.
private struct PassportInfo: Decodable, FetchableRecord, Equatable {
    var passport: ThroughPassport
    var birthCountry: ThroughCountry?
}

private func makeThroughDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: throughSchema) }
    return writer
}

private let france = ThroughCountry(code: "FR", name: "France")
private let germany = ThroughCountry(code: "DE", name: "Germany")
private let italy = ThroughCountry(code: "IT", name: "Italy")
private let ann = ThroughCitizen(id: 1, name: "Ann", birthCountryCode: "FR")
private let bob = ThroughCitizen(id: 2, name: "Bob", birthCountryCode: "DE")

let associationThroughChecks: [ConformanceCheck] = [
    ConformanceCheck("associations through others decode nested records, prefetched through the pivot") { factory in
        let writer = try makeThroughDatabase(factory)
        try writer.read { db in
            let infos = try ThroughCountry.including(
                all: ThroughCountry.citizens.including(optional: ThroughCitizen.birthCountry).orderByPrimaryKey()
            ).order(Column("name")).asRequest(of: CountryInfo.self).fetchAll(db)
            try expectEqual(
                infos,
                [
                    CountryInfo(
                        country: france, citizens: [CitizenInfo(citizen: ann, birthCountry: france)]),
                    CountryInfo(
                        country: germany,
                        citizens: [
                            CitizenInfo(citizen: ann, birthCountry: france),
                            CitizenInfo(citizen: bob, birthCountry: germany),
                        ]),
                    CountryInfo(country: italy, citizens: []),
                ])
            // Joined: one row per pair, in the scope of the unselected pivot.
            let pairs = try Row.fetchAll(
                db, ThroughCitizen.including(required: ThroughCitizen.countries.select(Column("code")))
            ).map { "\($0["name"] as String) \(try unwrap($0.scopesTree["country"], "country")["code"] as String)" }
            try expectEqual(pairs.sorted(), ["Ann DE", "Ann FR", "Bob DE"])
            let passports = try ThroughPassport.including(optional: ThroughPassport.holderBirthCountry)
                .orderByPrimaryKey().asRequest(of: PassportInfo.self).fetchAll(db)
            try expectEqual(passports.map(\.birthCountry?.code), ["FR", "FR", "DE"])
            // Aggregates count the destination records through the pivot.
            let counts = try Row.fetchAll(
                db, ThroughCountry.annotated(with: ThroughCountry.citizens.count).order(Column("name"))
            ).map { $0["citizenCount"] as Int }
            try expectEqual(counts, [1, 2, 0])
            try expectEqual(
                try ThroughCountry.having(ThroughCountry.citizens.isEmpty).fetchAll(db).map(\.code), ["IT"])
            // The associated records of one record.
            try expectEqual(
                try germany.request(for: ThroughCountry.citizens).orderByPrimaryKey().fetchAll(db), [ann, bob])
            try expectEqual(try italy.request(for: ThroughCountry.citizens).fetchCount(db), 0)
            // The same associations between tables, without record types.
            let (country, passport, citizen) = (Table("country"), Table("passport"), Table("citizen"))
            let citizens = country.hasMany(
                Row.self, through: country.hasMany(passport), using: passport.belongsTo(citizen))
            let names = try Row.fetchAll(db, country.including(all: citizens.orderByPrimaryKey()).order(Column("name")))
                .map { row in try unwrap(row.prefetchedRows["citizens"], "citizens").map { $0["name"] as String } }
            try expectEqual(names, [["Ann"], ["Ann", "Bob"], []])
            let holderCountries = passport.hasOne(
                Row.self, through: passport.belongsTo(citizen), using: citizen.belongsTo(country, key: "birthCountry"))
            let birthCountries = try Row.fetchAll(
                db, passport.including(optional: holderCountries.select(Column("code"))).order(Column("id"))
            ).map { $0.scopesTree["birthCountry"]?["code"] as String? }
            try expectEqual(birthCountries, ["FR", "FR", "DE"])
        }
    },
    ConformanceCheck("an observation of records through a pivot is told of changes to the pivot, not to others") {
        factory in
        let writer = try makeThroughDatabase(factory)
        try writer.read { db in
            try expectEqual(
                try ThroughCountry.including(all: ThroughCountry.citizens).databaseRegion(db).description,
                "citizen(birthcountrycode,id,name),country(code,name),passport(citizenid,countrycode)")
        }
        let changeCount = Locked(0)
        let observation = ValueObservation.tracking { db in
            try ThroughCountry.including(all: ThroughCountry.citizens).order(Column("name"))
                .asRequest(of: CountryCitizens.self).fetchAll(db).map(\.citizens.count)
        }.handleEvents(databaseDidChange: { changeCount.withLock { $0 += 1 } })
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext(where: { $0 == [1, 2, 0] })
        try writer.write { db in try db.execute(sql: "INSERT INTO unrelated DEFAULT VALUES") }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO passport (countryCode, citizenId) VALUES ('IT', 2)")
        }
        _ = try recorder.waitForNext(where: { $0 == [1, 2, 1] })
        try expectEqual(changeCount.current, 1)
    },
]
