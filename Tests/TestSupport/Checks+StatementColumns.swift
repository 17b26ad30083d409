import Foundation
import RSCore

/// An application's type read from statements: its fetches go through `init(sqliteStatement:index:)`,
/// which gives ten times the integer, where `fromDatabaseValue` gives it unchanged.
private struct Tenfold: DatabaseValueConvertible, StatementColumnConvertible, Equatable {
    var value: Int64

    init(value: Int64) { self.value = value }

    init?(sqliteStatement: SQLiteStatement, index: CInt) {
        guard let integer = Int64(sqliteStatement: sqliteStatement, index: index) else { return nil }
        value = integer * 10
    }

    var databaseValue: DatabaseValue { value.databaseValue }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Tenfold? {
        Int64.fromDatabaseValue(dbValue).map(Tenfold.init(value:))
    }
}

/// A `RawRepresentable` type read from statements through its raw value.
private enum Level: Int, DatabaseValueConvertible, StatementColumnConvertible {
    case low = 1
    case high = 2
}

/// The values of the column `x` of the table `mixed`, whose column has no affinity, so that each
/// row keeps the kind of value it was given: INTEGER, REAL, TEXT, BLOB, NULL, and the texts of a
/// date and a UUID.
private let mixedValues: [DatabaseValue] = [
    42.databaseValue, 2.75.databaseValue, 0.databaseValue, "text".databaseValue, Data([0, 255]).databaseValue,
    .null, "2024-05-06 07:08:09.010".databaseValue, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".databaseValue,
    Int64.max.databaseValue, 300.databaseValue,
]

private func makeMixedTable(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE mixed (x)")
    for value in mixedValues { try db.execute(sql: "INSERT INTO mixed (x) VALUES (?)", arguments: [value]) }
}

/// Fails unless each value of `mixed`, fetched as `Value` (through `fetchAll`, `fetchCursor` and
/// `fetchOne`, unadapted and adapted), is what `fromDatabaseValue` decodes, or throws
/// `SQLITE_MISMATCH` where it decodes nothing.
private func expectFetchesDecodeAsDatabaseValues<
    Value: DatabaseValueConvertible & StatementColumnConvertible & Equatable
>(
    _ type: Value.Type, _ db: Database
) throws {
    let adapter = SuffixRowAdapter(fromIndex: 1)
    for (offset, dbValue) in mixedValues.enumerated() {
        let sql = "SELECT x FROM mixed WHERE rowid = \(offset + 1)"
        let adaptedSQL = "SELECT 'ignored', x FROM mixed WHERE rowid = \(offset + 1)"
        let fetches: [(String, () throws -> Value?)] = [
            ("fetchAll", { try Value.fetchAll(db, sql: sql).first }),
            ("fetchCursor", { try Value.fetchCursor(db, sql: sql).next() }),
            ("fetchAll adapted", { try Value.fetchAll(db, sql: adaptedSQL, adapter: adapter).first }),
            ("fetchCursor adapted", { try Value.fetchCursor(db, sql: adaptedSQL, adapter: adapter).next() }),
        ]
        for (name, fetch) in fetches {
            if let expected = Value.fromDatabaseValue(dbValue) {
                let fetched = try fetch()
                try expect(
                    fetched == expected, "\(name) of \(Value.self) from \(dbValue): \(String(describing: fetched))")
            } else {
                try expectDatabaseError(.SQLITE_MISMATCH) { _ = try fetch() }
            }
        }
    }
}

/// `StatementColumnConvertible`: value fetches that read the statement directly.
let statementColumnChecks: [ConformanceCheck] = [
    ConformanceCheck("value fetches of the standard types decode every kind of stored value as fromDatabaseValue does")
    {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try makeMixedTable(db) }
        try writer.read { db in
            try expectFetchesDecodeAsDatabaseValues(Int64.self, db)
            try expectFetchesDecodeAsDatabaseValues(Int.self, db)
            try expectFetchesDecodeAsDatabaseValues(Int32.self, db)
            try expectFetchesDecodeAsDatabaseValues(UInt8.self, db)
            try expectFetchesDecodeAsDatabaseValues(Bool.self, db)
            try expectFetchesDecodeAsDatabaseValues(Double.self, db)
            try expectFetchesDecodeAsDatabaseValues(Float.self, db)
            try expectFetchesDecodeAsDatabaseValues(String.self, db)
            try expectFetchesDecodeAsDatabaseValues(Data.self, db)
            try expectFetchesDecodeAsDatabaseValues(Date.self, db)
            try expectFetchesDecodeAsDatabaseValues(UUID.self, db)
            try expectFetchesDecodeAsDatabaseValues(Decimal.self, db)
            try expectFetchesDecodeAsDatabaseValues(Int?.self, db)
            try expectFetchesDecodeAsDatabaseValues(String?.self, db)
        }
    },
    ConformanceCheck("a value fetch of NULL or of an undecodable value throws SQLITE_MISMATCH, with the SQL") {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            for sql in ["SELECT NULL", "SELECT 'abc'", "SELECT 1 UNION ALL SELECT NULL"] {
                let error = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql) { _ = try Int.fetchAll(db, sql: sql) }
            }
            try expectEqual(try Int?.fetchAll(db, sql: "SELECT NULL UNION ALL SELECT 2"), [nil, 2])
            try expectEqual(try String?.fetchOne(db, sql: "SELECT NULL"), .some(nil))
            try expectEqual(try Int.fetchSet(db, sql: "SELECT 1 UNION ALL SELECT 1 UNION ALL SELECT 2"), [1, 2])
        }
    },
    ConformanceCheck("an application's type is read with init(sqliteStatement:index:), and NULL with fromDatabaseValue")
    {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            try expectEqual(
                try Tenfold.fetchAll(db, sql: "SELECT 4 UNION ALL SELECT 5"), [Tenfold(value: 40), Tenfold(value: 50)])
            try expectEqual(try Tenfold?.fetchAll(db, sql: "SELECT NULL"), [nil])
            let error = try expectDatabaseError(.SQLITE_MISMATCH) { _ = try Tenfold.fetchAll(db, sql: "SELECT NULL") }
            try expectEqual(try Level.fetchAll(db, sql: "SELECT 2 UNION ALL SELECT 1"), [.high, .low])
            let levelError = try expectDatabaseError(.SQLITE_MISMATCH) { _ = try Level.fetchAll(db, sql: "SELECT 3") }
            // Generic code written for GRDB's fast cursors.
            func fastCursor<Value: DatabaseValueConvertible & StatementColumnConvertible>(
                _ type: Value.Type, sql: String
            ) throws -> FastDatabaseValueCursor<Value> {
                try Value.fetchCursor(db, sql: sql)
            }
            try expectEqual(try Array(fastCursor(Int.self, sql: "SELECT 7 UNION ALL SELECT 8")), [7, 8])
        }
    },
    ConformanceCheck(
        "value fetches of statement-column types go through a FastDatabaseValueCursor, done after an error"
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            let sql = "SELECT 1 UNION ALL SELECT 'abc' UNION ALL SELECT 3"
            let fast = try Int.fetchCursor(db, sql: sql)
            try expect(type(of: fast) == FastDatabaseValueCursor<Int>.self, "the cursor is a \(type(of: fast))")
            try expectEqual(try fast.next(), 1)
            let error = try expectDatabaseError(.SQLITE_MISMATCH, sql: sql, messageContains: "could not decode Int") {
                _ = try fast.next()
            }
            try expectEqual(try fast.next(), nil)
            // GRDB's general cursor, when the type is spelled.
            let general: DatabaseValueCursor<Int> = try Int.fetchCursor(db, sql: sql)
            try expectEqual(try general.next(), 1)
            // The adapted column, and its name in a decoding error.
            let adapted = try Int.fetchCursor(
                db, sql: "SELECT 'a', 'b' AS name, 7 AS score", adapter: ColumnMapping(["renamed": "name"]))
            let adaptedError = try expectDatabaseError(.SQLITE_MISMATCH, messageContains: "`renamed`") {
                _ = try adapted.next()
            }
            try expectEqual(
                try Int.fetchAll(db, sql: "SELECT 'a', 'b', 7", adapter: SuffixRowAdapter(fromIndex: 2)), [7])
            try expectEqual(
                try Int.fetchSet(db, SQLRequest<Int>(sql: "SELECT 5 UNION ALL SELECT 5 UNION ALL SELECT 6")), [5, 6])
            // The statement was reset: it runs again from its first row.
            try expectEqual(try Int.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2"), [1, 2])
            try expectEqual(try Int.fetchAll(db, sql: "SELECT 1 UNION ALL SELECT 2"), [1, 2])
        }
    },
    ConformanceCheck("fromStatement reads the current row of a statement; NULL is nil, or .some(nil) for an optional") {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            let statement = try db.makeStatement(sql: "SELECT 12, NULL, 'twelve'")
            let rows = try Row.fetchCursor(statement)
            _ = try unwrap(try rows.next(), "no row")
            let sqliteStatement = statement.sqliteStatement
            try expectEqual(Int.fromStatement(sqliteStatement, atUncheckedIndex: 0), 12)
            try expectEqual(Int.fromStatement(sqliteStatement, atUncheckedIndex: 1), nil)
            try expectEqual(Int?.fromStatement(sqliteStatement, atUncheckedIndex: 1), .some(nil))
            try expectEqual(Int?.fromStatement(sqliteStatement, atUncheckedIndex: 0), .some(12))
            try expectEqual(String.fromStatement(sqliteStatement, atUncheckedIndex: 2), "twelve")
            try expectEqual(Int(sqliteStatement: sqliteStatement, index: 2), nil)
            try expectEqual(Tenfold.fromStatement(sqliteStatement, atUncheckedIndex: 0), Tenfold(value: 120))
            try expectEqual(Level(sqliteStatement: sqliteStatement, index: 0), nil)
        }
    },
]
