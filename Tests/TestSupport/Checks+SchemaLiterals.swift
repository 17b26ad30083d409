import Foundation
import RSCore
import RSQueryInterface

/// Values that the schema DSL writes as SQL literals (defaults, checks): the driver's SQLite reads
/// them back as the same values.
let schemaLiteralChecks: [ConformanceCheck] = [
    ConformanceCheck("integer defaults are the same integers") { factory in
        let writer = try factory.makeWriter()
        for value in [0, 1, -1, Int64.max, Int64.min] {
            try expectEqual(try defaultValue(writer, value).storage, .int64(value))
        }
    },
    ConformanceCheck("real defaults keep their full precision") { factory in
        let writer = try factory.makeWriter()
        let values = [
            0.0, 1.0, -1.5, 0.1, 1.0 / 3.0, Double.pi, -Double.pi, 1e-300, 1e300, 123_456_789.123_456_78,
            Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, Double.greatestFiniteMagnitude,
            -Double.greatestFiniteMagnitude, 9_007_199_254_740_993.0, 1e16, 2.5e-8, .infinity, -.infinity,
        ]
        for value in values {
            try expectEqual(try defaultValue(writer, value).storage, .double(value))
        }
    },
    ConformanceCheck("a NaN default is NULL") { factory in
        try expectEqual(try defaultValue(factory.makeWriter(), Double.nan), .null)
    },
    ConformanceCheck("string defaults are the same strings, whatever their characters") { factory in
        let writer = try factory.makeWriter()
        let values = [
            "", "Arthur", "O'Brien", "''", "a?b", ":name", "\"quoted\"", "--", "/*", "é🎉", "line\nbreak", "a\0b", "\0",
            "'); DROP TABLE t; --",
        ]
        for value in values {
            try expectEqual(try defaultValue(writer, value).storage, .string(value))
        }
    },
    ConformanceCheck("blob, boolean and nil defaults are the same values") { factory in
        let writer = try factory.makeWriter()
        try expectEqual(
            try defaultValue(writer, Data([0, 1, 0xAB, 0xFF])).storage, .blob(Data([0, 1, 0xAB, 0xFF])))
        try expectEqual(try defaultValue(writer, Data()).storage, .blob(Data()))
        try expectEqual(try defaultValue(writer, true).storage, .int64(1))
        try expectEqual(try defaultValue(writer, Int?.none), .null)
    },
    ConformanceCheck("the SQL of defaults is visible in introspection") { factory in
        let columns = try factory.makeWriter().write { db in
            try db.create(table: "t") { t in
                t.column("a").defaults(to: "O'Brien")
                t.column("b").defaults(to: Data([0xCA, 0xFE]))
                t.column("c").defaults(to: -2)
                t.column("d").defaults(sql: "CURRENT_TIMESTAMP")
                t.column("e")
            }
            return try db.columns(in: "t")
        }
        try expectEqual(columns.map(\.defaultValueSQL), ["'O''Brien'", "X'CAFE'", "-2", "CURRENT_TIMESTAMP", nil])
    },
    ConformanceCheck("values of checks are written as literals, which the checks compare with") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.create(table: "t") { t in
                t.column("name", .text).check { $0 != "a?b'c" }
                t.column("n", .integer).check { $0 > -5 }
                t.column("m", .integer).check { -$0 < 5 }
            }
        }
        let sql = try writer.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 't'")
        }
        try expectEqual(
            sql,
            "CREATE TABLE \"t\" (\"name\" TEXT CHECK (\"name\" <> 'a?b''c'), "
                + "\"n\" INTEGER CHECK (\"n\" > -5), \"m\" INTEGER CHECK ((-\"m\") < 5))")
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t (name, n, m) VALUES ('ok', -4, -4)")
            for values in [["a?b'c", 0, 0], ["x", -5, 0], ["x", 0, -5]] as [[any DatabaseValueConvertible]] {
                try expectConstraintViolation(
                    db, "INSERT INTO t (name, n, m) VALUES (?, ?, ?)", .SQLITE_CONSTRAINT_CHECK,
                    arguments: StatementArguments(values))
            }
        }
    },
]

/// The value that a column with the default `value` stores when a row is inserted without it.
private func defaultValue(
    _ writer: some DatabaseWriter, _ value: some DatabaseValueConvertible
) throws -> DatabaseValue {
    try writer.write { db in
        try db.execute(sql: "DROP TABLE IF EXISTS t")
        try db.create(table: "t") { t in
            t.column("id", .integer).primaryKey()
            t.column("value").defaults(to: value)
        }
        try db.execute(sql: "INSERT INTO t (id) VALUES (1)")
        return try unwrap(try Row.fetchOne(db, sql: "SELECT value FROM t"), "no row").databaseValue(atIndex: 0)
    }
}
