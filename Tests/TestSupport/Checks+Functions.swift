import Foundation
import RSCore

/// Custom SQL functions, through the driver's `create_function_v2`, `user_data`, `value_*` and
/// `result_*`: SQLite calls a function under its name and with its number of arguments, passes it
/// every kind of value, and takes every kind of result, NULL, and errors.
let functionChecks: [ConformanceCheck] = [
    ConformanceCheck("SQLite calls a function under its name, whatever the case") { factory in
        let values = try factory.makeWriter().read { db in
            db.add(function: successor)
            return try Int.fetchAll(db, sql: "SELECT succ(41) UNION ALL SELECT SUCC(-1)")
        }
        try expectEqual(values, [42, 0])
    },
    ConformanceCheck("a call with another number of arguments than the function's fails with SQLITE_ERROR") {
        factory in
        for sql in ["SELECT succ()", "SELECT succ(1, 2)"] {
            let error = try functionError(factory, of: sql, with: successor)
            try expectDatabaseError(
                error, .SQLITE_ERROR, sql: sql, messageContains: "wrong number of arguments to function succ()")
        }
    },
    ConformanceCheck("a function that returns nil gives NULL") { factory in
        let (value, type) = try factory.makeWriter().read { db in
            db.add(function: successor)
            return (
                try Int.fetchOne(db, sql: "SELECT succ('x')"),
                try String.fetchOne(db, sql: "SELECT typeof(succ('x'))")
            )
        }
        try expectEqual(value, nil)
        try expectEqual(type, "null")
    },
    ConformanceCheck("only pure functions are allowed in indexes") { factory in
        let impure = DatabaseFunction("impureSucc", argumentCount: 1) { values in
            Int.fromDatabaseValue(values[0]).map { $0 + 1 }
        }
        try factory.makeWriter().write { db in
            db.add(function: successor)
            db.add(function: impure)
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            try db.execute(sql: "CREATE INDEX pureIndex ON t (succ(a))")
            // The impure function runs: the index refuses it for its impurity only.
            try expectEqual(try Int.fetchOne(db, sql: "SELECT impureSucc(1)"), 2)
            let sql = "CREATE INDEX impureIndex ON t (impureSucc(a))"
            let error = try expectDatabaseError(.SQLITE_ERROR, sql: sql, messageContains: "non-deterministic") {
                try db.execute(sql: sql)
            }
        }
    },
    ConformanceCheck("a variadic function takes any number of arguments") { factory in
        let sum = DatabaseFunction("sumAll") { values in
            values.compactMap { Int64.fromDatabaseValue($0) }.reduce(0, +)
        }
        let values = try factory.makeWriter().read { db in
            db.add(function: sum)
            return try Int.fetchAll(
                db, sql: "SELECT sumAll() UNION ALL SELECT sumAll(5) UNION ALL SELECT sumAll(1, 2, 3, NULL, 4)")
        }
        try expectEqual(values, [0, 5, 10])
    },
    ConformanceCheck("functions of one name and different numbers of arguments coexist, and go one by one") {
        factory in
        let sumOfTwo = DatabaseFunction("succ", argumentCount: 2, pure: true) { values in
            values.compactMap { Int.fromDatabaseValue($0) }.reduce(0, +)
        }
        try factory.makeWriter().read { db in
            db.add(function: successor)
            db.add(function: sumOfTwo)
            try expectEqual(try Int.fetchAll(db, sql: "SELECT succ(1) UNION ALL SELECT succ(1, 5)"), [2, 6])
            db.remove(function: sumOfTwo)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT succ(1)"), 2)
            let error = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELECT succ(1, 5)", messageContains: "wrong number of arguments to function succ()"
            ) { _ = try Int.fetchOne(db, sql: "SELECT succ(1, 5)") }
        }
    },
    ConformanceCheck("functions receive every storage class") { factory in
        let storageNames = DatabaseFunction("storageNames") { values in
            values.map { value -> String in
                switch value.storage {
                case .null: return "null"
                case .int64(let int64): return "int64(\(int64))"
                case .double(let double): return "double(\(double))"
                case .string(let string): return "string(\(string))"
                case .blob(let data): return "blob(\(data.map { String($0) }.joined(separator: ",")))"
                }
            }.joined(separator: " ")
        }
        let result = try factory.makeWriter().read { db in
            db.add(function: storageNames)
            return try String.fetchOne(
                db, sql: "SELECT storageNames(NULL, -7, 2.5, 'héllo', x'00FF', '', ?)", arguments: [Data()])
        }
        try expectEqual(result, "null int64(-7) double(2.5) string(héllo) blob(0,255) string() blob()")
    },
    ConformanceCheck("functions return every storage class") { factory in
        let make = DatabaseFunction("make", argumentCount: 1) { values -> (any DatabaseValueConvertible)? in
            switch String.fromDatabaseValue(values[0]) {
            case "int": return 42
            case "double": return 0.5
            case "string": return "naïve"
            case "emptyString": return ""
            case "blob": return Data([1, 2, 3])
            case "emptyBlob": return Data()
            case "bool": return true
            case "date": return Date(timeIntervalSince1970: 0)
            default: return nil
            }
        }
        let rows = try factory.makeWriter().read { db in
            db.add(function: make)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT typeof(make(kind)) AS type, make(kind) AS value
                    FROM (SELECT 'int' AS kind UNION ALL SELECT 'double' UNION ALL SELECT 'string'
                    UNION ALL SELECT 'emptyString' UNION ALL SELECT 'blob' UNION ALL SELECT 'emptyBlob'
                    UNION ALL SELECT 'bool' UNION ALL SELECT 'date' UNION ALL SELECT 'null')
                    """)
        }
        try expectEqual(
            rows.map { $0["type"] as? String },
            ["integer", "real", "text", "text", "blob", "blob", "integer", "text", "null"])
        try expectEqual(
            rows.map { $0.databaseValue(forColumn: "value")?.storage },
            [
                .int64(42), .double(0.5), .string("naïve"), .string(""), .blob(Data([1, 2, 3])), .blob(Data()),
                .int64(1), .string("1970-01-01 00:00:00.000"), .null,
            ])
    },
    ConformanceCheck("an error thrown by a function fails the statement with its description") { factory in
        let boom = DatabaseFunction("boom", argumentCount: 0) { _ in throw Boom() }
        let error = try functionError(factory, of: "SELECT boom()", with: boom)
        try expectDatabaseError(
            error, .SQLITE_ERROR, sql: "SELECT boom()", messageContains: "boom: the function gave up")
    },
    ConformanceCheck("a DatabaseError thrown by a function gives its message to the failing statement") { factory in
        let refuse = DatabaseFunction("refuse", argumentCount: 1) { values in
            throw DatabaseError(message: "refused \(values[0])")
        }
        let error = try expectDatabaseError(.SQLITE_ERROR, sql: "INSERT INTO t (a) VALUES (refuse(7))") {
            try factory.makeWriter().write { db in
                db.add(function: refuse)
                try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t (a) VALUES (refuse(7))")
            }
        }
        try expectEqual(error.message, "refused 7")
    },
    ConformanceCheck("a DatabaseError thrown by a function gives its extended result code") { factory in
        let veto = DatabaseFunction("veto", argumentCount: 1) { values in
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_CHECK, message: "refused \(values[0])")
        }
        let error = try functionError(factory, of: "SELECT veto(1)", with: veto)
        try expectDatabaseError(error, .SQLITE_CONSTRAINT_CHECK, sql: "SELECT veto(1)")
        try expectEqual(error.message, "refused 1")
    },
    ConformanceCheck("a removed function is no longer available") { factory in
        try factory.makeWriter().read { db in
            db.add(function: successor)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT succ(1)"), 2)
            db.remove(function: successor)
            let error = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELECT succ(1)", messageContains: "no such function: succ"
            ) { _ = try Int.fetchOne(db, sql: "SELECT succ(1)") }
        }
    },
    ConformanceCheck("adding a function of the same name and number of arguments replaces it") { factory in
        let twice = DatabaseFunction("succ", argumentCount: 1) { values in
            Int.fromDatabaseValue(values[0]).map { $0 * 2 }
        }
        let values = try factory.makeWriter().read { db in
            db.add(function: successor)
            let first = try Int.fetchOne(db, sql: "SELECT succ(10)")
            db.add(function: twice)
            let second = try Int.fetchOne(db, sql: "SELECT succ(10)")
            return [first, second]
        }
        try expectEqual(values, [11, 20])
    },
    ConformanceCheck("functions added in prepareDatabase are available to every access") { factory in
        let writer = try factory.makeWriter { $0.prepareDatabase { db in db.add(function: successor) } }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT succ(99)") }, 100)
        try expectEqual(try writer.write { db in try Int.fetchOne(db, sql: "SELECT succ(0)") }, 1)
    },
]

/// The error of a custom function.
private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom: the function gave up" }
}

/// `succ(x)`: x + 1, or NULL when x is no integer.
private let successor = DatabaseFunction("succ", argumentCount: 1, pure: true) { values in
    Int.fromDatabaseValue(values[0]).map { $0 + 1 }
}

/// The error of `sql`, run in a read of the check's database with `function` added.
private func functionError(
    _ factory: DatabaseFactory, of sql: String, with function: DatabaseFunction, file: StaticString = #fileID,
    line: UInt = #line
) throws -> DatabaseError {
    let writer = try factory.makeWriter()
    return try expectDatabaseError(file: file, line: line) {
        try writer.read { db in
            db.add(function: function)
            _ = try Row.fetchAll(db, sql: sql)
        }
    }
}
