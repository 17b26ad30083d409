import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

private enum Color: String, DatabaseValueConvertible {
    case red
    case green
}

private enum Level: Int, DatabaseValueConvertible {
    case low = 1
    case high = 2
}

private func int(_ value: Int64) -> DatabaseValue { DatabaseValue(storage: .int64(value)) }
private func double(_ value: Double) -> DatabaseValue { DatabaseValue(storage: .double(value)) }
private func text(_ value: String) -> DatabaseValue { DatabaseValue(storage: .string(value)) }
private func blob(_ bytes: [UInt8]) -> DatabaseValue { DatabaseValue(storage: .blob(Data(bytes))) }

@Suite struct DatabaseValueTests {
    // MARK: - Integers

    @Test func fetchOneOfAnOptionalTellsAMissingRowFromNull() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.read { db throws in
            // NULL: `.some(nil)` for an optional type, nil for the others.
            #expect(try String?.fetchOne(db, sql: "SELECT NULL") == .some(nil))
            #expect(try String?.fetchOne(db.makeStatement(sql: "SELECT NULL")) == .some(nil))
            #expect(try SQLRequest<String?>(sql: "SELECT NULL").fetchOne(db) == .some(nil))
            #expect(try String.fetchOne(db, sql: "SELECT NULL") == nil)
            // No row: nil for every type.
            #expect(try String?.fetchOne(db, sql: "SELECT 'a' WHERE 0") == nil)
            #expect(try SQLRequest<String?>(sql: "SELECT 'a' WHERE 0").fetchOne(db) == nil)
            #expect(try DatabaseValue.fetchOne(db, sql: "SELECT 'a' WHERE 0") == nil)
            // A value.
            #expect(try String?.fetchOne(db, sql: "SELECT 'a'") == .some("a"))
            #expect(try Int?.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 1") == [nil, 1])
        }
    }

    @Test func theStorageGivesItsValue() {
        #expect(DatabaseValue.null.storage.value == nil)
        #expect(int(1).storage.value as? Int64 == 1)
        #expect(double(1.5).storage.value as? Double == 1.5)
        #expect(text("a").storage.value as? String == "a")
        #expect(blob([1]).storage.value as? Data == Data([1]))
    }

    @Test func integersAreStoredAsInt64() {
        #expect(Int8(-8).databaseValue.storage == .int64(-8))
        #expect(Int16(-1600).databaseValue.storage == .int64(-1600))
        #expect(Int32.min.databaseValue.storage == .int64(Int64(Int32.min)))
        #expect(Int64.max.databaseValue.storage == .int64(Int64.max))
        #expect(Int(42).databaseValue.storage == .int64(42))
        #expect(UInt8.max.databaseValue.storage == .int64(255))
        #expect(UInt16.max.databaseValue.storage == .int64(65535))
        #expect(UInt32.max.databaseValue.storage == .int64(4_294_967_295))
        #expect(UInt(7).databaseValue.storage == .int64(7))
        #expect(UInt64(Int64.max).databaseValue.storage == .int64(Int64.max))
    }

    @Test func integersDecodeValuesInRange() {
        #expect(Int8.fromDatabaseValue(int(127)) == 127)
        #expect(Int8.fromDatabaseValue(int(-128)) == -128)
        #expect(Int16.fromDatabaseValue(int(-32768)) == -32768)
        #expect(Int32.fromDatabaseValue(int(Int64(Int32.max))) == Int32.max)
        #expect(Int64.fromDatabaseValue(int(Int64.min)) == Int64.min)
        #expect(Int.fromDatabaseValue(int(-5)) == -5)
        #expect(UInt8.fromDatabaseValue(int(255)) == 255)
        #expect(UInt16.fromDatabaseValue(int(65535)) == 65535)
        #expect(UInt32.fromDatabaseValue(int(4_294_967_295)) == UInt32.max)
        #expect(UInt64.fromDatabaseValue(int(Int64.max)) == UInt64(Int64.max))
        #expect(UInt.fromDatabaseValue(int(0)) == 0)
    }

    @Test func integersRejectOutOfRangeValues() {
        #expect(Int8.fromDatabaseValue(int(128)) == nil)
        #expect(Int8.fromDatabaseValue(int(-129)) == nil)
        #expect(Int16.fromDatabaseValue(int(32768)) == nil)
        #expect(Int32.fromDatabaseValue(int(Int64(Int32.max) + 1)) == nil)
        #expect(Int32.fromDatabaseValue(int(Int64(Int32.min) - 1)) == nil)
        #expect(UInt8.fromDatabaseValue(int(-1)) == nil)
        #expect(UInt8.fromDatabaseValue(int(256)) == nil)
        #expect(UInt16.fromDatabaseValue(int(65536)) == nil)
        #expect(UInt32.fromDatabaseValue(int(4_294_967_296)) == nil)
        #expect(UInt64.fromDatabaseValue(int(-1)) == nil)
        #expect(UInt.fromDatabaseValue(int(-1)) == nil)
    }

    @Test func integersDecodeRealsTruncatedTowardZero() {
        #expect(Int.fromDatabaseValue(double(3.0)) == 3)
        #expect(Int8.fromDatabaseValue(double(-128.0)) == -128)
        // Reals are truncated toward zero, as by SQLite's CAST and GRDB.
        #expect(Int.fromDatabaseValue(double(3.5)) == 3)
        #expect(Int.fromDatabaseValue(double(-3.5)) == -3)
        #expect(Int8.fromDatabaseValue(double(127.9)) == 127)
        #expect(Int64.fromDatabaseValue(double(-9_223_372_036_854_775_808.0)) == .min)
        #expect(Int64.fromDatabaseValue(double(9_223_372_036_854_775_808.0)) == nil)
        #expect(Int64.fromDatabaseValue(double(.nan)) == nil)
        #expect(Int8.fromDatabaseValue(double(128.0)) == nil)
        #expect(Int64.fromDatabaseValue(double(1e19)) == nil)
        #expect(Int64.fromDatabaseValue(double(.infinity)) == nil)
    }

    @Test func integersDoNotDecodeTextBlobOrNull() {
        #expect(Int.fromDatabaseValue(text("1")) == nil)
        #expect(Int64.fromDatabaseValue(blob([1])) == nil)
        #expect(Int32.fromDatabaseValue(.null) == nil)
    }

    @Test func integersRoundTripThroughSQLite() throws {
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            (
                try Int8.fetchOne(db, sql: "SELECT ?", arguments: [Int8.min]),
                try UInt32.fetchOne(db, sql: "SELECT ?", arguments: [UInt32.max]),
                try Int64.fetchOne(db, sql: "SELECT ?", arguments: [Int64.min]),
                try String.fetchOne(db, sql: "SELECT typeof(?)", arguments: [UInt16(1)])
            )
        }
        #expect(values.0 == Int8.min)
        #expect(values.1 == UInt32.max)
        #expect(values.2 == Int64.min)
        #expect(values.3 == "integer")
    }

    @Test func fetchingAnOutOfRangeIntegerThrowsAMismatch() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(
            .SQLITE_MISMATCH, message: "could not decode Int8 from database value 300 at column `300` (index 0)",
            sql: "SELECT 300"
        ) {
            try dbQueue.read { db in try Int8.fetchOne(db, sql: "SELECT 300") }
        }
    }

    // MARK: - Reals and booleans

    @Test func doublesAndFloats() {
        #expect(1.5.databaseValue.storage == .double(1.5))
        #expect(Float(0.25).databaseValue.storage == .double(0.25))
        #expect(Double.fromDatabaseValue(double(-2.5)) == -2.5)
        #expect(Double.fromDatabaseValue(int(3)) == 3.0)
        #expect(Float.fromDatabaseValue(double(0.5)) == 0.5)
        #expect(Float.fromDatabaseValue(int(-4)) == -4.0)
        #expect(Double.fromDatabaseValue(text("1.5")) == nil)
        #expect(Float.fromDatabaseValue(.null) == nil)
    }

    @Test func booleans() {
        #expect(true.databaseValue.storage == .int64(1))
        #expect(false.databaseValue.storage == .int64(0))
        #expect(Bool.fromDatabaseValue(int(0)) == false)
        #expect(Bool.fromDatabaseValue(int(1)) == true)
        #expect(Bool.fromDatabaseValue(int(-7)) == true)
        #expect(Bool.fromDatabaseValue(double(0.0)) == false)
        #expect(Bool.fromDatabaseValue(double(0.5)) == true)
        #expect(Bool.fromDatabaseValue(text("1")) == nil)
        #expect(Bool.fromDatabaseValue(.null) == nil)
    }

    // MARK: - Strings and data

    @Test func strings() {
        #expect("héllo".databaseValue.storage == .string("héllo"))
        #expect(String.fromDatabaseValue(text("abc")) == "abc")
        #expect(String.fromDatabaseValue(DatabaseValue(storage: .blob(Data("héllo".utf8)))) == "héllo")
        #expect(String.fromDatabaseValue(blob([0xFF, 0xFE, 0xFD])) == nil)
        #expect(String.fromDatabaseValue(int(1)) == nil)
        #expect(String.fromDatabaseValue(.null) == nil)
    }

    @Test func data() {
        #expect(Data([1, 2, 3]).databaseValue.storage == .blob(Data([1, 2, 3])))
        #expect(Data.fromDatabaseValue(blob([0, 255])) == Data([0, 255]))
        #expect(Data.fromDatabaseValue(text("abé")) == Data([0x61, 0x62, 0xC3, 0xA9]))
        #expect(Data.fromDatabaseValue(int(1)) == nil)
        #expect(Data.fromDatabaseValue(.null) == nil)
    }

    @Test func emptyStringsAndBlobsAreNotNull() throws {
        let dbQueue = try DatabaseQueue()
        let row = try dbQueue.read { db in
            try Row.fetchOne(
                db, sql: "SELECT typeof(?) AS t1, typeof(?) AS t2, ? AS v1, ? AS v2",
                arguments: ["", Data(), "", Data()])
        }
        let fetched = try #require(row)
        #expect(fetched["t1"] as? String == "text")
        #expect(fetched["t2"] as? String == "blob")
        #expect(fetched.databaseValue(forColumn: "v1")?.storage == .string(""))
        #expect(fetched.databaseValue(forColumn: "v2")?.storage == .blob(Data()))
    }

    @Test func textAndBlobsRoundTripThroughSQLite() throws {
        let dbQueue = try DatabaseQueue()
        let bytes = Data([0, 1, 2, 0xFF, 0])
        let values = try dbQueue.read { db in
            (
                try String.fetchOne(db, sql: "SELECT ?", arguments: ["naïve 🦊 \u{0}tail"]),
                try Data.fetchOne(db, sql: "SELECT ?", arguments: [bytes])
            )
        }
        #expect(values.0 == "naïve 🦊 \u{0}tail")
        #expect(values.1 == bytes)
    }

    // MARK: - UUID, URL, Decimal

    @Test func uuids() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let bytes: [UInt8] = [
            0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F,
        ]
        #expect(uuid.databaseValue.storage == .blob(Data(bytes)))
        #expect(UUID.fromDatabaseValue(blob(bytes)) == uuid)
        #expect(UUID.fromDatabaseValue(text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")) == uuid)
        #expect(UUID.fromDatabaseValue(text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f")) == uuid)
        #expect(UUID.fromDatabaseValue(blob(Array(bytes.dropLast()))) == nil)
        #expect(UUID.fromDatabaseValue(blob(bytes + [0])) == nil)
        #expect(UUID.fromDatabaseValue(text("not a uuid")) == nil)
        #expect(UUID.fromDatabaseValue(int(1)) == nil)

        let dbQueue = try DatabaseQueue()
        let fetched = try dbQueue.read { db in
            (
                try UUID.fetchOne(db, sql: "SELECT ?", arguments: [uuid]),
                try Int.fetchOne(db, sql: "SELECT length(?)", arguments: [uuid])
            )
        }
        #expect(fetched.0 == uuid)
        #expect(fetched.1 == 16)
    }

    @Test func urls() throws {
        let url = try #require(URL(string: "https://example.com/path?q=a%20b#frag"))
        #expect(url.databaseValue.storage == .string("https://example.com/path?q=a%20b#frag"))
        #expect(URL.fromDatabaseValue(text("https://example.com/path?q=a%20b#frag")) == url)
        #expect(URL.fromDatabaseValue(text("file:///tmp/db.sqlite"))?.path == "/tmp/db.sqlite")
        #expect(URL.fromDatabaseValue(int(1)) == nil)
        #expect(URL.fromDatabaseValue(.null) == nil)
    }

    @Test func decimalsAreStoredAsExactText() throws {
        let decimal = try #require(Decimal(string: "12.345", locale: Locale(identifier: "en_US_POSIX")))
        #expect(decimal.databaseValue.storage == .string("12.345"))
        #expect(Decimal.fromDatabaseValue(text("12.345")) == decimal)
        #expect(Decimal.fromDatabaseValue(int(12)) == Decimal(12))
        #expect(
            Decimal.fromDatabaseValue(double(0.5)) == Decimal(string: "0.5", locale: Locale(identifier: "en_US_POSIX")))
        #expect(Decimal.fromDatabaseValue(double(.infinity)) == nil)
        #expect(Decimal.fromDatabaseValue(text("twelve")) == nil)
        #expect(Decimal.fromDatabaseValue(.null) == nil)

        let dbQueue = try DatabaseQueue()
        let (stored, fetched) = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE price (amount TEXT)")
            try db.execute(sql: "INSERT INTO price (amount) VALUES (?)", arguments: [decimal])
            return (
                try String.fetchOne(db, sql: "SELECT amount FROM price"),
                try Decimal.fetchOne(db, sql: "SELECT amount FROM price")
            )
        }
        #expect(stored == "12.345")
        #expect(fetched == decimal)
    }

    @Test func negativeDecimalsKeepEveryDigit() throws {
        let decimal = try #require(Decimal(string: "-0.000123456789", locale: Locale(identifier: "en_US_POSIX")))
        #expect(decimal.databaseValue.storage == .string("-0.000123456789"))
        #expect(Decimal.fromDatabaseValue(decimal.databaseValue) == decimal)
    }

    // MARK: - Optional and RawRepresentable

    @Test func optionals() {
        let none: Int? = nil
        #expect(none.databaseValue.storage == .null)
        #expect(Int?.some(3).databaseValue.storage == .int64(3))
        #expect(Int?.fromDatabaseValue(.null) == .some(nil))
        #expect(Int?.fromDatabaseValue(int(3)) == .some(3))
        #expect(Int?.fromDatabaseValue(text("x")) == .none)
        #expect(Int?.fromMissingColumn() == .some(nil))
        #expect(Int.fromMissingColumn() == nil)
        #expect(DatabaseValue(value: nil as Int? as Any)?.isNull == true)
        #expect(DatabaseValue(value: "a")?.storage == .string("a"))
    }

    @Test func optionalsFetchNullAsNil() throws {
        let dbQueue = try DatabaseQueue()
        let (optionals, nonOptional, null) = try dbQueue.read { db in
            (
                try Int?.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT NULL UNION ALL SELECT 3"),
                try Int.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2"),
                try Int.fetchOne(db, sql: "SELECT NULL")
            )
        }
        #expect(optionals == [1, nil, 3])
        #expect(nonOptional == [1, 2])
        #expect(null == nil)
    }

    @Test func rawRepresentableEnums() throws {
        #expect(Color.red.databaseValue.storage == .string("red"))
        #expect(Color.fromDatabaseValue(text("green")) == .green)
        #expect(Color.fromDatabaseValue(text("blue")) == nil)
        #expect(Color.fromDatabaseValue(int(1)) == nil)
        #expect(Level.high.databaseValue.storage == .int64(2))
        #expect(Level.fromDatabaseValue(int(1)) == .low)
        #expect(Level.fromDatabaseValue(int(3)) == nil)
        #expect(Level?.fromDatabaseValue(.null) == .some(nil))

        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            (
                try Color.fetchAll(db, sql: "SELECT ? UNION ALL SELECT 'red'", arguments: [Color.green]),
                try Level.fetchOne(db, sql: "SELECT ? + 1", arguments: [Level.low])
            )
        }
        #expect(values.0 == [.green, .red])
        #expect(values.1 == .high)
    }

    // MARK: - DatabaseValue

    @Test func nullValue() {
        #expect(DatabaseValue.null.isNull)
        #expect(DatabaseValue.null.storage == .null)
        #expect(!int(0).isNull)
        #expect(DatabaseValue.null.storageValue == nil)
        #expect(int(4).storageValue as? Int64 == 4)
        #expect(double(4.5).storageValue as? Double == 4.5)
        #expect(text("t").storageValue as? String == "t")
        #expect(blob([9]).storageValue as? Data == Data([9]))
    }

    @Test func integersAndRealsCompareByNumericValue() {
        #expect(int(1) == double(1.0))
        #expect(double(-3.0) == int(-3))
        #expect(int(1) != double(1.5))
        #expect(int(1) != text("1"))
        #expect(text("a") != blob([0x61]))
        #expect(DatabaseValue.null == DatabaseValue.null)
        #expect(DatabaseValue.null != int(0))
        #expect(Set([int(2), double(2.0), text("2")]).count == 2)
        #expect(int(2).hashValue == double(2.0).hashValue)
    }

    /// The documentation promises the comparison of SQLite, which compares integers and reals exactly.
    @Test func equalityMatchesSQLiteForLargeIntegers() throws {
        let pairs: [(Int64, Double)] = [
            (1, 1.0),
            (9_007_199_254_740_993, 9_007_199_254_740_992.0),  // 2^53 + 1 vs 2^53
            (Int64.max, 9_223_372_036_854_775_808.0),  // 2^63 - 1 vs 2^63
        ]
        let dbQueue = try DatabaseQueue()
        for (integer, real) in pairs {
            let sqliteSaysEqual = try dbQueue.read { db in
                try Bool.fetchOne(db, sql: "SELECT ? = ?", arguments: [integer, real])
            }
            #expect((int(integer) == double(real)) == sqliteSaysEqual, "\(integer) = \(real)")
        }
    }

    @Test func descriptionIsReadableInLogs() {
        #expect(DatabaseValue.null.description == "NULL")
        #expect(int(-42).description == "-42")
        #expect(double(1.5).description == "1.5")
        #expect(text("Arthur").description == "\"Arthur\"")
        #expect(text("say \"hi\"").description == "\"say \\\"hi\\\"\"")
        #expect(blob([0x00, 0x1F, 0xAB]).description == "Data(3 bytes)")
        #expect(blob([]).description == "Data(0 bytes)")
    }
}
