import Foundation
import RSCore

/// Date components, Julian days, Foundation's object types, arguments of any type, and the limits
/// of values, stored and read through real statements.
let foundationValueChecks: [ConformanceCheck] = [
    ConformanceCheck("date components are stored as the text of their format, and read back with it") { factory in
        var components = DateComponents()
        (components.year, components.month, components.day) = (2024, 2, 9)
        (components.hour, components.minute, components.second) = (7, 5, 3)
        components.nanosecond = 42_000_000
        let expected: [(DatabaseDateComponents.Format, String)] = [
            (.YMD, "2024-02-09"), (.YMD_HM, "2024-02-09 07:05"), (.YMD_HMS, "2024-02-09 07:05:03"),
            (.YMD_HMSS, "2024-02-09 07:05:03.042"), (.HM, "07:05"), (.HMS, "07:05:03"), (.HMSS, "07:05:03.042"),
        ]
        try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value)")
            for (format, _) in expected {
                try db.execute(
                    sql: "INSERT INTO t (value) VALUES (?)",
                    arguments: [DatabaseDateComponents(components, format: format)])
            }
            try expectEqual(try String.fetchAll(db, sql: "SELECT value FROM t ORDER BY id"), expected.map(\.1))
            try expectEqual(try String.fetchAll(db, sql: "SELECT DISTINCT typeof(value) FROM t"), ["text"])
            let read = try DatabaseDateComponents.fetchAll(db, sql: "SELECT value FROM t ORDER BY id")
            try expectEqual(read.map(\.format), expected.map(\.0))
            let full = read[3].dateComponents
            try expectEqual(
                [full.year, full.month, full.day, full.hour, full.minute, full.second, full.nanosecond],
                [2024, 2, 9, 7, 5, 3, 42_000_000])
            let time = read[5].dateComponents
            try expectEqual([time.year, time.hour, time.minute, time.second], [nil, 7, 5, 3])
        }
    },
    ConformanceCheck("date components decode SQLite's variants, and refuse other texts with SQLITE_MISMATCH") {
        factory in
        try factory.makeWriter().read { db in
            let iso = try unwrap(
                try DatabaseDateComponents.fetchOne(db, sql: "SELECT '2018-04-21T16:45:12.3456+02:30'"), "no value")
            try expectEqual(iso.format, .YMD_HMSS)
            try expectEqual(iso.dateComponents.nanosecond, 345_000_000)
            try expectEqual(iso.dateComponents.timeZone?.secondsFromGMT(), 9000)
            let utc = try unwrap(try DatabaseDateComponents.fetchOne(db, sql: "SELECT '12:34Z'"), "no value")
            try expectEqual(utc.format, .HM)
            try expectEqual(utc.dateComponents.timeZone?.secondsFromGMT(), 0)
            let tenths = try unwrap(try DatabaseDateComponents.fetchOne(db, sql: "SELECT '12:34:56.7'"), "no value")
            try expectEqual(tenths.dateComponents.nanosecond, 700_000_000)
            // What SQLite's own functions write reads back.
            let now = try unwrap(try DatabaseDateComponents.fetchOne(db, sql: "SELECT CURRENT_TIMESTAMP"), "no value")
            try expectEqual(now.format, .YMD_HMS)
            for text in ["2018-4-21", "2018-04-21 ", "12:3", "12:34:5", "12:34:56.", "12:34+1", "today", "1234"] {
                try expectEqual(DatabaseDateComponents.fromDatabaseValue(text.databaseValue)?.format, nil)
                let sql = "SELECT '\(text)' AS d"
                let error = try expectDatabaseError(
                    .SQLITE_MISMATCH, sql: sql, messageContains: "could not decode DatabaseDateComponents"
                ) { _ = try DatabaseDateComponents.fetchOne(db, sql: sql) }
            }
            try expectEqual(DatabaseDateComponents.fromDatabaseValue(12.databaseValue)?.format, nil)
        }
    },
    ConformanceCheck("a record encodes date components as their text, and decodes them back") { factory in
        var components = DateComponents()
        (components.hour, components.minute) = (7, 30)
        let alarm = Alarm(id: 1, time: DatabaseDateComponents(components, format: .HM))
        try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE alarm (id INTEGER PRIMARY KEY, time TEXT)")
            try alarm.insert(db)
            try expectEqual(try String.fetchOne(db, sql: "SELECT time FROM alarm"), "07:30")
            let read = try unwrap(try Alarm.fetchOne(db, sql: "SELECT * FROM alarm"), "no alarm")
            try expectEqual(read.time.format, .HM)
            try expectEqual(read.time.dateComponents.minute, 30)
        }
        let json = try JSONEncoder().encode(alarm.time)
        try expectEqual(String(decoding: json, as: UTF8.self), #""07:30""#)
        let decoded = try JSONDecoder().decode(DatabaseDateComponents.self, from: json)
        try expectEqual(decoded.dateComponents.hour, 7)
        try expectError(DecodingError.self) {
            _ = try JSONDecoder().decode(DatabaseDateComponents.self, from: Data(#""7h""#.utf8))
        }
    },
    ConformanceCheck("dates read the texts of date components, and refuse times without a day") { factory in
        try factory.makeWriter().read { db in
            let date = try Date.fetchOne(db, sql: "SELECT '2018-04-21T16:45:12.500+02:00'")
            try expectEqual(date, Date(timeIntervalSince1970: 1_524_321_912.5))
            try expectEqual(try Date.fetchOne(db, sql: "SELECT '1970-01-02'"), Date(timeIntervalSince1970: 86_400))
            for text in ["12:34", "2018-13-01", "2018-04-21 25:00"] {
                try expectEqual(Date.fromDatabaseValue(text.databaseValue), nil)
            }
        }
    },
    ConformanceCheck("a Julian day of SQLite converts to the date of the same instant, to the millisecond") { factory in
        try factory.makeWriter().read { db in
            // Instants whose Julian day is a hair below their millisecond, and one that is exact.
            for text in ["2020-12-03 11:15:44.790", "2021-02-23 19:44:21.805", "2020-01-02 03:04:05.678"] {
                let julianDay = try unwrap(
                    try Double.fetchOne(db, sql: "SELECT julianday(?)", arguments: [text]), "no Julian day")
                let expected = try unwrap(try Date.fetchOne(db, sql: "SELECT ?", arguments: [text]), "no date")
                let date = try unwrap(Date(julianDay: julianDay), "no date")
                try expectEqual(
                    (date.timeIntervalSince1970 * 1000).rounded(), (expected.timeIntervalSince1970 * 1000).rounded())
            }
            try expectEqual(Date(julianDay: 2_440_587.5), Date(timeIntervalSince1970: 0))
            try expectEqual(Date(julianDay: .nan), nil)
            try expectEqual(Date(julianDay: 1e300), nil)
        }
    },
    ConformanceCheck("Foundation's numbers, nulls, dates, UUIDs and URLs store as their Swift values do") { factory in
        let uuid = UUID()
        try factory.makeWriter().write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, value)")
            let values: [any DatabaseValueConvertible] = [
                NSNumber(value: 42), NSNumber(value: 2.5), NSNumber(value: true), NSNumber(value: UInt32.max),
                NSDecimalNumber(string: "12"), NSDecimalNumber(string: "0.5"), NSNull(),
                NSDate(timeIntervalSince1970: 0), NSUUID(uuidString: uuid.uuidString)!,
                NSURL(string: "https://example.com/a?b=c")!, CGFloat(1.25), NSNumber(value: UInt64.max),
            ]
            for value in values {
                try db.execute(sql: "INSERT INTO t (value) VALUES (?)", arguments: [value])
            }
            let stored = try Row.fetchAll(db, sql: "SELECT typeof(value) AS type, value FROM t ORDER BY id")
            try expectEqual(
                stored.map { $0["type"] as String },
                [
                    "integer", "real", "integer", "integer", "integer", "real", "null", "text", "blob", "text", "real",
                    "real",
                ])
            try expectEqual(
                stored.map { $0["value"] as DatabaseValue },
                [
                    42.databaseValue, 2.5.databaseValue, 1.databaseValue, Int64(UInt32.max).databaseValue,
                    12.databaseValue, 0.5.databaseValue, .null, "1970-01-01 00:00:00.000".databaseValue,
                    uuid.databaseValue, "https://example.com/a?b=c".databaseValue, 1.25.databaseValue,
                    Double(UInt64.max).databaseValue,
                ])
        }
    },
    ConformanceCheck("Foundation's object types decode what their Swift values decode") { factory in
        let uuid = UUID()
        try factory.makeWriter().read { db in
            try expectEqual(try NSNumber.fetchOne(db, sql: "SELECT 42")?.int64Value, 42)
            try expectEqual(try NSNumber.fetchOne(db, sql: "SELECT 2.5")?.doubleValue, 2.5)
            let decimal = try NSDecimalNumber.fetchOne(db, sql: "SELECT '123.456'")
            try expectEqual(decimal?.decimalValue, Decimal(string: "123.456"))
            try expectEqual(try NSDecimalNumber.fetchOne(db, sql: "SELECT 7")?.decimalValue, Decimal(7))
            try expectEqual(NSNumber.fromDatabaseValue("abc".databaseValue), nil)
            try expectEqual(
                try NSDate.fetchOne(db, sql: "SELECT '1970-01-02 00:00:00'")?.timeIntervalSince1970, 86_400)
            try expectEqual(try NSUUID.fetchOne(db, sql: "SELECT ?", arguments: [uuid])?.uuidString, uuid.uuidString)
            try expectEqual(
                try NSURL.fetchOne(db, sql: "SELECT 'https://example.com'")?.absoluteString, "https://example.com")
            try expectEqual(try CGFloat.fetchOne(db, sql: "SELECT 3"), CGFloat(3))
            try expectEqual(try Optional<NSNull>.fetchOne(db, sql: "SELECT NULL"), .some(nil))
        }
    },
    ConformanceCheck("arguments of any type bind when they all convert, and are nil otherwise") { factory in
        let positional = try unwrap(StatementArguments([1, "two", NSNull(), 2.5] as [Any]), "no arguments")
        let named = try unwrap(StatementArguments(["a": 1, "b": NSNull()] as [AnyHashable: Any]), "no arguments")
        let pairs = StatementArguments([("a", 1), ("b", nil), ("a", 3)] as [(String, (any DatabaseValueConvertible)?)])
        try expect(StatementArguments([1, NotConvertible()] as [Any]) == nil, "a value that does not convert binds")
        try expect(StatementArguments(["a": NotConvertible()] as [AnyHashable: Any]) == nil, "a value binds")
        try expect(StatementArguments([1: 1] as [AnyHashable: Any]) == nil, "a key that is not a string names")
        try expectEqual(DatabaseValue(value: NotConvertible()), nil)
        try expectEqual(DatabaseValue(value: NSNull()), .null)
        try expectEqual(DatabaseValue(value: Optional<Int>.none as Any), .null)
        try factory.makeWriter().read { db in
            let row = try unwrap(try Row.fetchOne(db, sql: "SELECT ?, ?, ?, ?", arguments: positional), "no row")
            try expectEqual(row.databaseValues, [1.databaseValue, "two".databaseValue, .null, 2.5.databaseValue])
            let namedRow = try unwrap(try Row.fetchOne(db, sql: "SELECT :a, :b", arguments: named), "no row")
            try expectEqual(namedRow.databaseValues, [1.databaseValue, .null])
            let pairsRow = try unwrap(try Row.fetchOne(db, sql: "SELECT :a, :b", arguments: pairs), "no row")
            try expectEqual(pairsRow.databaseValues, [3.databaseValue, .null])
        }
    },
    ConformanceCheck("a statement takes up to maximumStatementArgumentCount arguments, and fails beyond") { factory in
        try factory.makeWriter().read { db in
            let maximum = db.maximumStatementArgumentCount
            try expect(maximum >= 999, "the limit \(maximum) is below SQLite's smallest default")
            let placeholders = { (count: Int) in Array(repeating: "?", count: count).joined(separator: ",") }
            _ = try db.makeStatement(sql: "SELECT 1 WHERE 1 IN (\(placeholders(maximum)))")
            let sql = "SELECT 1 WHERE 1 IN (\(placeholders(maximum + 1)))"
            let error = try expectDatabaseError(.SQLITE_ERROR, messageContains: "too many SQL variables") {
                _ = try db.makeStatement(sql: sql)
            }
        }
    },
    ConformanceCheck("a number out of the range of an integer type fails its fetch with SQLITE_MISMATCH") { factory in
        try factory.makeWriter().read { db in
            for (sql, type) in [
                ("SELECT 3000000000", "Int32"), ("SELECT -1", "UInt64"), ("SELECT 9223372036854775808.0", "Int64"),
                ("SELECT 1e30", "Int"),
            ] {
                let error = try expectDatabaseError(
                    .SQLITE_MISMATCH, sql: sql, messageContains: "could not decode \(type) from database value"
                ) {
                    switch type {
                    case "Int32": _ = try Int32.fetchOne(db, sql: sql)
                    case "UInt64": _ = try UInt64.fetchAll(db, sql: sql)
                    case "Int64": _ = try Int64.fetchCursor(db, sql: sql).next()
                    default: _ = try Row.fetchOne(db, sql: sql).map { try $0.decode(Int.self, atIndex: 0) }
                    }
                }
            }
            // The largest real below 2^63 converts; reals are truncated toward zero.
            try expectEqual(try Int64.fetchOne(db, sql: "SELECT 9223372036854774784.0"), 9_223_372_036_854_774_784)
            try expectEqual(try Int32.fetchOne(db, sql: "SELECT -2147483648.9"), Int32.min)
        }
    },
]

/// A record with date components.
private struct Alarm: Codable, FetchableRecord, PersistableRecord {
    var id: Int64
    var time: DatabaseDateComponents
}

/// A value that does not conform to `DatabaseValueConvertible`.
private struct NotConvertible {}
