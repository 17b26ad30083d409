import Foundation
import ReactiveSQLite
import Testing

/// 2024-02-29 13:45:07 UTC.
private let leapDayAfternoon: TimeInterval = 1_709_214_307
/// 2024-02-29 00:00:00 UTC.
private let leapDayMidnight: TimeInterval = 1_709_164_800

private func decode(_ string: String) -> Date? {
    Date.fromDatabaseValue(DatabaseValue(storage: .string(string)))
}

private func encode(_ timestamp: TimeInterval) -> DatabaseValue.Storage {
    Date(timeIntervalSince1970: timestamp).databaseValue.storage
}

@Suite struct DateTests {
    // MARK: - Encoding

    @Test func datesEncodeAsUTCTextWithMilliseconds() {
        #expect(encode(0) == .string("1970-01-01 00:00:00.000"))
        #expect(encode(leapDayAfternoon) == .string("2024-02-29 13:45:07.000"))
        #expect(encode(leapDayAfternoon + 0.123) == .string("2024-02-29 13:45:07.123"))
        #expect(encode(951_868_799.999) == .string("2000-02-29 23:59:59.999"))
        #expect(encode(86_400 * 365) == .string("1971-01-01 00:00:00.000"))
    }

    @Test func datesBefore1970() {
        #expect(encode(-1) == .string("1969-12-31 23:59:59.000"))
        #expect(encode(-0.25) == .string("1969-12-31 23:59:59.750"))
        #expect(encode(-2_203_934_400) == .string("1900-02-28 12:00:00.000"))
        #expect(encode(-2_203_891_200) == .string("1900-03-01 00:00:00.000"))
        #expect(encode(-11_670_975_000) == .string("1600-02-29 06:30:00.000"))
    }

    @Test func datesOutsideOfTheYearsOfTheTextFormatAreStoredAsNumbers() {
        #expect(encode(-62_135_596_800) == .string("0001-01-01 00:00:00.000"))
        #expect(encode(253_402_300_799) == .string("9999-12-31 23:59:59.000"))
        // Nanoseconds read as seconds, or an infinite date: a record that holds one saves again. So
        // does a date that the milliseconds of the text would round up to the year 10000, or down
        // below the year 1 (found by the fuzz target).
        for timestamp in [
            253_402_300_800, -62_135_596_801, 1.7e18, .infinity, -.infinity, 253_402_300_799.9996,
            -62_135_596_800.0006,
        ] {
            #expect(encode(timestamp) == .double(timestamp))
            #expect(
                Date.fromDatabaseValue(Date(timeIntervalSince1970: timestamp).databaseValue)?.timeIntervalSince1970
                    == timestamp)
        }
    }

    @Test func millisecondsAreRoundedAndCarried() {
        #expect(encode(59.9996) == .string("1970-01-01 00:01:00.000"))
        #expect(encode(leapDayAfternoon + 0.0004) == .string("2024-02-29 13:45:07.000"))
    }

    // MARK: - Decoding

    @Test func decodesEverySQLiteFormat() throws {
        #expect(decode("2024-02-29")?.timeIntervalSince1970 == leapDayMidnight)
        // 24:00 is the end of the day, as SQLite reads it.
        #expect(decode("2024-02-28 24:00:00")?.timeIntervalSince1970 == leapDayMidnight)
        #expect(decode("2024-02-29 13:45")?.timeIntervalSince1970 == leapDayAfternoon - 7)
        #expect(decode("2024-02-29 13:45:07")?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(decode("2024-02-29T13:45:07")?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(decode("2024-02-29T13:45")?.timeIntervalSince1970 == leapDayAfternoon - 7)
        let fractional = try #require(decode("2024-02-29 13:45:07.123")).timeIntervalSince1970
        #expect(abs(fractional - (leapDayAfternoon + 0.123)) < 1e-6)
        let fractionalT = try #require(decode("2024-02-29T13:45:07.5")).timeIntervalSince1970
        #expect(fractionalT == leapDayAfternoon + 0.5)
    }

    @Test func decodesTimeZones() throws {
        #expect(decode("2024-02-29 13:45:07Z")?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(decode("2024-02-29T13:45:07Z")?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(decode("2024-02-29 15:45:07+02:00")?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(decode("2024-02-29 08:15:07-05:30")?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(decode("2024-03-01 01:45+12:00")?.timeIntervalSince1970 == leapDayAfternoon - 7)
        let withFraction = try #require(decode("2024-02-29T15:45:07.250+02:00")).timeIntervalSince1970
        #expect(withFraction == leapDayAfternoon + 0.25)
    }

    @Test func decodesDatesBefore1970() {
        #expect(decode("1969-12-31 23:59:59")?.timeIntervalSince1970 == -1)
        #expect(decode("1900-03-01")?.timeIntervalSince1970 == -2_203_891_200)
        #expect(decode("1600-02-29 06:30")?.timeIntervalSince1970 == -11_670_975_000)
    }

    @Test func decodesNumbersAsUnixTimestamps() {
        #expect(Date.fromDatabaseValue(DatabaseValue(storage: .int64(86_400)))?.timeIntervalSince1970 == 86_400)
        #expect(Date.fromDatabaseValue(DatabaseValue(storage: .int64(-60)))?.timeIntervalSince1970 == -60)
        #expect(Date.fromDatabaseValue(DatabaseValue(storage: .double(1.5)))?.timeIntervalSince1970 == 1.5)
    }

    @Test(arguments: [
        "", "garbage", "2024", "2024-02", "24-02-29", "2024/02/29", "2024-13-01", "2024-00-10", "2024-02-00",
        "2024-02-32", "2024-02-29x", "2024-02-29 ", "2024-02-29 13", "2024-02-29 25:00", "2024-02-29 13:60",
        "2024-02-29 13:45:60", "2024-02-29 13:45:07.", "2024-02-29 13:45:07+02", "2024-02-29 13:45:07+0200",
        "2024-02-29 13:45:07 UTC", "2024-02-29T", "1709214307",
    ])
    func rejectsGarbage(_ string: String) {
        #expect(decode(string) == nil)
    }

    @Test func rejectsNullAndBlobs() {
        #expect(Date.fromDatabaseValue(.null) == nil)
        #expect(Date.fromDatabaseValue(DatabaseValue(storage: .blob(Data("2024-02-29".utf8)))) == nil)
    }

    // MARK: - SQLite date functions

    @Test func sqliteDateFunctionsUnderstandEncodedDates() throws {
        let date = Date(timeIntervalSince1970: leapDayAfternoon + 0.123)
        let dbQueue = try DatabaseQueue()
        let row = try dbQueue.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT datetime(?) AS datetime, strftime('%Y-%m-%d %H:%M:%f', ?) AS precise,
                    CAST(strftime('%s', ?) AS INTEGER) AS seconds, date(?, '+1 day') AS tomorrow
                    """,
                arguments: [date, date, date, date])
        }
        let fetched = try #require(row)
        #expect(fetched["datetime"] as? String == "2024-02-29 13:45:07")
        #expect(fetched["precise"] as? String == "2024-02-29 13:45:07.123")
        #expect(fetched["seconds"] as? Int64 == 1_709_214_307)
        #expect(fetched["tomorrow"] as? String == "2024-03-01")
    }

    @Test func datesProducedBySQLiteDecode() throws {
        let dbQueue = try DatabaseQueue()
        let dates = try dbQueue.read { db in
            (
                try Date.fetchOne(db, sql: "SELECT datetime('2024-02-28 13:45:07', '+1 day')"),
                try Date.fetchOne(db, sql: "SELECT date('2024-03-01', '-1 day')"),
                try Date.fetchOne(db, sql: "SELECT CAST(strftime('%s', '2024-02-29 13:45:07') AS INTEGER)"),
                try Date.fetchOne(db, sql: "SELECT strftime('%Y-%m-%dT%H:%M:%fZ', '2024-02-29 13:45:07.5')")
            )
        }
        #expect(dates.0?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(dates.1?.timeIntervalSince1970 == leapDayMidnight)
        #expect(dates.2?.timeIntervalSince1970 == leapDayAfternoon)
        #expect(dates.3?.timeIntervalSince1970 == leapDayAfternoon + 0.5)
    }

    @Test func datesRoundTripThroughATable() throws {
        let dates = [
            Date(timeIntervalSince1970: leapDayAfternoon + 0.123),
            Date(timeIntervalSince1970: -2_203_934_400.5),
            Date(timeIntervalSince1970: 0),
        ]
        let dbQueue = try DatabaseQueue()
        let fetched = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (id INTEGER PRIMARY KEY, at DATETIME NOT NULL)")
            for date in dates {
                try db.execute(sql: "INSERT INTO event (at) VALUES (?)", arguments: [date])
            }
            return try Date.fetchAll(db, sql: "SELECT at FROM event ORDER BY id")
        }
        #expect(fetched.count == dates.count)
        for (original, roundTripped) in zip(dates, fetched) {
            #expect(abs(original.timeIntervalSince1970 - roundTripped.timeIntervalSince1970) < 0.0005)
        }
    }

    @Test func encodedDatesSortLikeDates() throws {
        let timestamps: [TimeInterval] = [leapDayAfternoon, -1, 0.5, -2_203_934_400, leapDayMidnight]
        let dbQueue = try DatabaseQueue()
        let sorted = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE event (at DATETIME NOT NULL)")
            for timestamp in timestamps {
                try db.execute(
                    sql: "INSERT INTO event (at) VALUES (?)", arguments: [Date(timeIntervalSince1970: timestamp)])
            }
            return try Date.fetchAll(db, sql: "SELECT at FROM event ORDER BY at")
        }
        #expect(sorted.map(\.timeIntervalSince1970) == timestamps.sorted())
    }
}
