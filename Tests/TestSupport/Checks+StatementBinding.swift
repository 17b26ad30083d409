import Foundation
import RSCore

/// A type of an application that binds through the default implementation: its database value.
private struct Celsius: DatabaseValueConvertible {
    var degrees: Double

    var databaseValue: DatabaseValue { "\(degrees)°C".databaseValue }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Celsius? { nil }
}

/// A `RawRepresentable` type that converts to database values.
private enum Suit: String, DatabaseValueConvertible {
    case hearts
}

/// A `RawRepresentable` type that only binds: through its raw value.
private enum Flag: Int, StatementBinding {
    case on = 1
}

/// A bare statement `SELECT ?1, typeof(?1)` whose parameter is bound by `bind(to:at:)`.
private struct BoundSelect {
    let statement: Statement
    let code: CInt

    init(_ db: Database, _ bind: (SQLiteStatement) -> CInt) throws {
        statement = try db.makeStatement(sql: "SELECT ?1, typeof(?1)")
        code = bind(statement.sqliteStatement)
    }

    /// Steps the statement once through the driver, and returns the bound value and its storage
    /// class; then resets the statement. (A fetch would bind the statement's own arguments.)
    func read() throws -> (value: DatabaseValue, type: String?) {
        let api = statement.database.driver.api
        let sqliteStatement = statement.sqliteStatement
        defer { _ = api.reset(sqliteStatement) }
        try expectEqual(api.step(sqliteStatement), 100)  // SQLITE_ROW
        return (
            DatabaseValue(sqliteStatement: sqliteStatement, index: 0),
            String.fromStatement(sqliteStatement, atUncheckedIndex: 1)
        )
    }
}

/// Fails unless `value.bind(to:at:)` returns `SQLITE_OK` and binds exactly `storage` (compared as
/// storage: the integer 1 differs from the real 1.0), of the storage class `type`.
private func expectBinding(
    _ value: some StatementBinding, _ storage: DatabaseValue.Storage, _ type: String, _ db: Database,
    file: StaticString = #fileID, line: UInt = #line
) throws {
    let select = try BoundSelect(db) { value.bind(to: $0, at: 1) }
    try expectEqual(select.code, 0, file: file, line: line)  // SQLITE_OK
    let (bound, boundType) = try select.read()
    try expect(bound.storage == storage, "\(value) bound \(bound), not \(storage)", file: file, line: line)
    try expectEqual(boundType, type, file: file, line: line)
}

/// `StatementBinding`: values bound to a bare statement with `bind(to:at:)`, as GRDB's.
let statementBindingChecks: [ConformanceCheck] = [
    ConformanceCheck("the standard types bind their own storage class", kinds: [.queueInMemory]) { factory in
        try factory.makeWriter().read { db in
            try expectBinding(42, .int64(42), "integer", db)
            try expectBinding(Int8(-8), .int64(-8), "integer", db)
            try expectBinding(Int16(-300), .int64(-300), "integer", db)
            try expectBinding(Int32.min, .int64(Int64(Int32.min)), "integer", db)
            try expectBinding(Int64.min, .int64(Int64.min), "integer", db)
            try expectBinding(UInt(7), .int64(7), "integer", db)
            try expectBinding(UInt8.max, .int64(255), "integer", db)
            try expectBinding(UInt16.max, .int64(65535), "integer", db)
            try expectBinding(UInt32.max, .int64(Int64(UInt32.max)), "integer", db)
            try expectBinding(UInt64(Int64.max), .int64(Int64.max), "integer", db)
            try expectBinding(true, .int64(1), "integer", db)
            try expectBinding(false, .int64(0), "integer", db)
            try expectBinding(2.75, .double(2.75), "real", db)
            try expectBinding(Float(1.5), .double(1.5), "real", db)
            try expectBinding("héllo", .string("héllo"), "text", db)
            try expectBinding("", .string(""), "text", db)
            // All the bytes: a NUL character does not end the text.
            try expectBinding("a\u{0}b", .string("a\u{0}b"), "text", db)
            let long = String(repeating: "long text ", count: 500)
            try expectBinding(long, .string(long), "text", db)
            try expectBinding(Data([0, 255]), .blob(Data([0, 255])), "blob", db)
            try expectBinding(Data(), .blob(Data()), "blob", db)
        }
    },
    ConformanceCheck("a database value binds its storage; an optional binds NULL for nil", kinds: [.queueInMemory]) {
        factory in
        try factory.makeWriter().read { db in
            try expectBinding(DatabaseValue.null, .null, "null", db)
            try expectBinding(DatabaseValue(storage: .int64(5)), .int64(5), "integer", db)
            try expectBinding(DatabaseValue(storage: .double(5)), .double(5), "real", db)
            try expectBinding(DatabaseValue(storage: .string("five")), .string("five"), "text", db)
            try expectBinding(DatabaseValue(storage: .blob(Data([5]))), .blob(Data([5])), "blob", db)
            try expectBinding(Int?.none, .null, "null", db)
            try expectBinding(Int?.some(3), .int64(3), "integer", db)
            try expectBinding(String?.none, .null, "null", db)
            try expectBinding(Data?.some(Data([3])), .blob(Data([3])), "blob", db)
            try expectBinding(Flag??.some(nil), .null, "null", db)
        }
    },
    ConformanceCheck(
        "other types bind their database value, and RawRepresentable types their raw value", kinds: [.queueInMemory]
    ) { factory in
        try factory.makeWriter().read { db in
            try expectBinding(Celsius(degrees: 21.5), .string("21.5°C"), "text", db)
            try expectBinding(Suit.hearts, .string("hearts"), "text", db)
            try expectBinding(Flag.on, .int64(1), "integer", db)
            try expectBinding(Flag?.some(.on), .int64(1), "integer", db)
            let date = Date(timeIntervalSince1970: 1_000_000_000)
            try expectBinding(date, date.databaseValue.storage, "text", db)
            let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
            try expectBinding(uuid, uuid.databaseValue.storage, "blob", db)
            // Through an existential, as generic code binds.
            let bindings: [(any StatementBinding, DatabaseValue.Storage, String)] = [
                (7, .int64(7), "integer"), ("seven", .string("seven"), "text"),
                (Suit.hearts, .string("hearts"), "text"),
                (Flag.on, .int64(1), "integer"), (Int?.none, .null, "null"),
            ]
            for (value, storage, type) in bindings {
                try expectBinding(value, storage, type, db)
            }
        }
    },
    ConformanceCheck(
        "text and blob bytes are copied: the value may change or go after binding", kinds: [.queueInMemory]
    ) { factory in
        try factory.makeWriter().read { db in
            var data = Data(repeating: 1, count: 100)
            var text = String(repeating: "a", count: 100)
            let blobSelect = try BoundSelect(db) { data.bind(to: $0, at: 1) }
            let textSelect = try BoundSelect(db) { text.bind(to: $0, at: 1) }
            let valueSelect = try BoundSelect(db) { DatabaseValue(storage: .blob(data)).bind(to: $0, at: 1) }
            // Overwritten in place, while the statements still hold their bindings.
            data.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 9) }
            text.removeAll(keepingCapacity: true)
            text += String(repeating: "b", count: 100)
            try expectEqual(try blobSelect.read().value, Data(repeating: 1, count: 100).databaseValue)
            try expectEqual(try textSelect.read().value, String(repeating: "a", count: 100).databaseValue)
            try expectEqual(try valueSelect.read().value, Data(repeating: 1, count: 100).databaseValue)
        }
    },
    ConformanceCheck("binding to an index that names no parameter returns SQLITE_RANGE", kinds: [.queueInMemory]) {
        factory in
        try factory.makeWriter().read { db in
            let bindings: [any StatementBinding] = [
                42, Int64(42), true, 2.5, Float(2.5), "text", Data([1]), DatabaseValue.null, Int?.none, Suit.hearts,
                Flag.on, Celsius(degrees: 1),
            ]
            for value in bindings {
                for index: CInt in [0, 2] {
                    let select = try BoundSelect(db) { value.bind(to: $0, at: index) }
                    try expectEqual(select.code, 25)  // SQLITE_RANGE
                }
            }
        }
    },
]
