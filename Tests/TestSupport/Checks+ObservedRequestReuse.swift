import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

// An observation's fetch reuses the SQL and region of an identical query interface request of its
// last fetch (see `FetchMemo`): these checks see that it never reuses them for a request that
// differs, or after the schema changed; and that SQL queries, whose regions are built at each
// fetch, record theirs as well.

/// The storage of each value of the row of a request.
private func valuesOfRow(_ request: QueryInterfaceRequest<Row>, _ db: Database) throws -> [DatabaseValue.Storage] {
    try request.fetchOne(db).map { row in row.databaseValues.map(\.storage) } ?? []
}

/// Observes row 1 of a table `t (id, a)` with `fetch`, adds a column `b`, and expects that a change
/// of `b` is notified: the fetch after the schema change records the new column.
private func checkColumnAddedUnderObservation(
    _ factory: DatabaseFactory, fetch: @escaping @Sendable (Database) throws -> [DatabaseValue.Storage]
) throws {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT); INSERT INTO t VALUES (1, 'a0')")
    }
    let recorder = ValueObservation.tracking(fetch).record(in: writer)
    try expectEqual(try recorder.waitForNext(), [.int64(1), .string("a0")])
    try writer.write { db in try db.execute(sql: "ALTER TABLE t ADD COLUMN b TEXT") }
    try writer.write { db in try db.execute(sql: "UPDATE t SET a = 'a1'") }
    _ = try recorder.waitForNext(where: { $0 == [.int64(1), .string("a1"), .null] })
    // Notified only if the region of the fetch, after the schema change, holds the new column.
    try writer.write { db in try db.execute(sql: "UPDATE t SET b = 'b1'") }
    _ = try recorder.waitForNext(where: { $0 == [.int64(1), .string("a1"), .string("b1")] })
}

/// The type and bytes of a value: two strings that Unicode finds equivalent differ.
private func storedBytes(_ value: DatabaseValue?) -> String {
    switch value?.storage {
    case .int64(let int64): "integer \(int64)"
    case .double(let double): "real \(double.bitPattern)"
    case .string(let string): "text \(Array(string.utf8))"
    case .blob(let data): "blob \(Array(data))"
    case .null, nil: "null"
    }
}

let observedRequestReuseChecks: [ConformanceCheck] = [
    ConformanceCheck("an observed request reads the columns that a schema change added") { factory in
        try checkColumnAddedUnderObservation(factory) { db in try valuesOfRow(Table("t").filter(key: 1), db) }
    },
    ConformanceCheck("an observed SQL query reads the columns that a schema change added") { factory in
        try checkColumnAddedUnderObservation(factory) { db in
            try Row.fetchOne(db, sql: "SELECT * FROM t WHERE id = 1").map { $0.databaseValues.map(\.storage) } ?? []
        }
    },
    ConformanceCheck("an observed SQL query of other rowids than the last fetch's observes its own rows") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER); INSERT INTO t VALUES (1, 10), (2, 20)")
        }
        let key = Locked(1)
        let recorder = ValueObservation.tracking { db in
            try Int.fetchOne(db, sql: "SELECT a FROM t WHERE id = ?", arguments: [key.current])
        }.record(in: writer)
        try expectEqual(try recorder.waitForNext(), 10)
        key.current = 2
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 11 WHERE id = 1") }
        _ = try recorder.waitForNext(where: { $0 == 20 })
        // Notified only if the fetch of row 2 recorded row 2.
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 21 WHERE id = 2") }
        _ = try recorder.waitForNext(where: { $0 == 21 })
    },
    ConformanceCheck("an observed request of other values than the last fetch's binds its own") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER); INSERT INTO t VALUES (1, 0)")
        }
        // Values that `==` finds equal, stored differently: 1, 1.0, and two spellings of "é".
        let selected = Locked<DatabaseValue>(1.databaseValue)
        let recorder = ValueObservation.tracking { db in
            let request = Table("t").select(selected.current.sqlExpression, Column("a")).filter(key: 1)
            return storedBytes(try DatabaseValue.fetchOne(db, request))
        }.record(in: writer)
        try expectEqual(try recorder.waitForNext(), storedBytes(1.databaseValue))
        for (index, value) in [(1.0).databaseValue, "\u{E9}".databaseValue, "e\u{301}".databaseValue].enumerated() {
            selected.current = value
            try writer.write { db in try db.execute(sql: "UPDATE t SET a = ?", arguments: [index + 1]) }
            _ = try recorder.waitForNext(where: { $0 == storedBytes(value) })
        }
    },
]
