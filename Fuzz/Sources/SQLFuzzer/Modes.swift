import Foundation
import ReactiveSQLite

/// Mode 0: SQL with statement arguments. Piece 0 is the SQL; the others are sets of arguments,
/// separated by empty pieces, each run in turn (through the statement cache, then through a
/// prepared statement, so that the copies of arguments are rebound). Options: bit 0 runs in a
/// transaction (`write`) rather than without (`barrierWriteWithoutTransaction`, which reports a
/// transaction that the SQL leaves open with an error, where `writeWithoutTransaction` rethrows
/// and stops the program), bit 1 uses a prepared `Statement`, bit 2 registers a transaction
/// observer that reads every event.
enum ExecuteMode {
    static func run(_ input: FuzzInput, _ queue: DatabaseQueue) throws {
        let sql = input.text(0)
        let argumentSets = Decode.argumentSets(input.pieces.dropFirst())
        let observer = input.option(2) ? EventReader() : nil
        let body = { (db: Database) in
            if let observer { db.add(transactionObserver: observer) }
            if input.option(1) {
                guard let statement = Harness.attempt("makeStatement", { try db.makeStatement(sql: sql) }) else {
                    return
                }
                _ = statement.databaseRegion.description
                _ = (statement.columnNames, statement.isReadonly, statement.description)
                for (index, arguments) in argumentSets.enumerated() {
                    if index % 2 == 0 {
                        Harness.attempt("Statement.execute") { try statement.execute(arguments: arguments) }
                    } else {
                        Harness.attempt("Row.fetchAll(statement)") {
                            try Row.fetchAll(statement, arguments: arguments).map(\.description)
                        }
                    }
                    _ = statement.arguments.description
                }
            } else {
                for arguments in argumentSets {
                    Harness.attempt("execute(sql:arguments:)") { try db.execute(sql: sql, arguments: arguments) }
                }
            }
        }
        if input.option(0) {
            try queue.write(body)
        } else {
            try queue.barrierWriteWithoutTransaction(body)
        }
    }
}

/// A transaction observer that reads everything it is told, so that the fuzzed SQL drives the
/// library's observation of changes (update hooks, pre-update hooks, savepoints, commits).
final class EventReader: TransactionObserver {
    var tally = 0

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        tally += eventKind.tableName.count
        return true
    }

    func databaseDidChange(with event: DatabaseEvent) {
        tally += event.description.count + Int(truncatingIfNeeded: event.rowID)
    }

    func databaseWillChange(with event: DatabasePreUpdateEvent) {
        tally += (event.initialDatabaseValues?.count ?? 0) + (event.finalDatabaseValues?.count ?? 0)
        for index in 0..<event.count {
            _ = event.initialDatabaseValue(atIndex: index)
            _ = event.finalDatabaseValue(atIndex: index)
        }
        _ = event.copy()
    }

    func databaseDidCommit(_ db: Database) { tally += 1 }

    func databaseDidRollback(_ db: Database) { tally += 1 }
}

/// Mode 1: rows of random SQL over a small table `t`, each column read by index and by name,
/// with every decoding, on the rows of a cursor (read from the statement) and on their copies,
/// which must read the same. Piece 0 is the SQL, the others are its arguments and the column names
/// to look up. Options: bits 0–1 pick the fetch (cursor, fetchAll, fetchOne, values).
enum FetchMode {
    static func run(_ input: FuzzInput, _ queue: DatabaseQueue) throws {
        let sql = input.text(0)
        let arguments = Decode.argumentSets(input.pieces.dropFirst()).first ?? StatementArguments()
        let names = input.pieces.dropFirst().map(Decode.text)
        try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE t (a, b TEXT, c BLOB);
                    INSERT INTO t VALUES (1, 'x', X'00'), (NULL, 'é', NULL), (2.5, '2024-01-02 03:04:05.678', X''),
                      (-9223372036854775808, '', 'text'), (9223372036854775807, '1e3', X'FF00FE');
                    """)
        }
        try queue.read { db in
            switch (input.option(0), input.option(1)) {
            case (false, false):
                guard
                    let cursor = Harness.attempt(
                        "fetchCursor", { try Row.fetchCursor(db, sql: sql, arguments: arguments) })
                else { return }
                var count = 0
                while count < 200, let row = Harness.attempt("cursor.next()", { try cursor.next() }) ?? nil {
                    let live = RowReading.read(row, names: names)
                    let copy = row.copy()
                    let copied = RowReading.read(copy, names: names)
                    if live != copied {
                        fatalError("a row of a cursor and its copy read differently:\n\(live)\n\(copied)")
                    }
                    if row.count != copy.count || copy != copy.copy() {
                        fatalError("a copied row differs from its own copy: \(copy)")
                    }
                    count += 1
                }
            case (true, false):
                if let rows = Harness.attempt("fetchAll", { try Row.fetchAll(db, sql: sql, arguments: arguments) }) {
                    for row in rows { _ = RowReading.read(row, names: names) }
                    _ = Set(rows).count
                }
            case (false, true):
                if let row = Harness.attempt("fetchOne", { try Row.fetchOne(db, sql: sql, arguments: arguments) }) {
                    _ = row.map { RowReading.read($0, names: names) }
                }
            case (true, true):
                Harness.attempt("DatabaseValue.fetchAll") {
                    _ = try DatabaseValue.fetchAll(db, sql: sql, arguments: arguments)
                }
                Harness.attempt("String.fetchAll") { _ = try String.fetchAll(db, sql: sql, arguments: arguments) }
                Harness.attempt("Int.fetchSet") { _ = try Int.fetchSet(db, sql: sql, arguments: arguments) }
                Harness.attempt("Double?.fetchAll") { _ = try Double?.fetchAll(db, sql: sql, arguments: arguments) }
                Harness.attempt("Data.fetchOne") { _ = try Data.fetchOne(db, sql: sql, arguments: arguments) }
                Harness.attempt("Date.fetchCursor") {
                    let cursor = try Date.fetchCursor(db, sql: sql, arguments: arguments)
                    var count = 0
                    while count < 200, try cursor.next() != nil { count += 1 }
                }
            }
        }
    }
}

/// Everything a row tells, as texts, so that two readings can be compared.
enum RowReading {
    static func read(_ row: Row, names: [String]) -> [String] {
        var readings: [String] = [row.description, "\(row.count)", row.columnNames.joined(separator: ",")]
        func reading(_ body: () throws -> Any?) -> String {
            do {
                return String(describing: try body())
            } catch {
                Harness.expect(error, "a decoding of \(row)")
                return "error"
            }
        }
        for index in 0..<row.count {
            readings.append("\(row.databaseValue(atIndex: index)) \(row.hasNull(atIndex: index))")
            readings.append(String(describing: row[index]))
            readings.append(reading { try row.decode(Int64.self, atIndex: index) })
            readings.append(reading { try row.decode(Int.self, atIndex: index) })
            readings.append(reading { try row.decode(Int8.self, atIndex: index) })
            readings.append(reading { try row.decode(UInt64.self, atIndex: index) })
            readings.append(reading { try row.decode(Double.self, atIndex: index) })
            readings.append(reading { try row.decode(Float.self, atIndex: index) })
            readings.append(reading { try row.decode(Bool.self, atIndex: index) })
            readings.append(reading { try row.decode(String.self, atIndex: index) })
            readings.append(reading { try row.decode(Data.self, atIndex: index) })
            readings.append(reading { try row.decode(Date.self, atIndex: index) })
            readings.append(reading { try row.decode(String?.self, atIndex: index) })
            readings.append(reading { try row.decode(DatabaseValue.self, atIndex: index) })
        }
        for name in row.columnNames + names {
            let index = row.index(forColumn: name)
            if let index, index >= row.count {
                fatalError("index(forColumn: \(name.debugDescription)) = \(index) is out of the row \(row)")
            }
            readings.append("\(name) \(row.hasColumn(name)) \(String(describing: index))")
            readings.append(String(describing: row.databaseValue(forColumn: name)))
            readings.append(String(describing: row[name]))
            readings.append(reading { try row.decode(String?.self, forColumn: name) })
            readings.append(reading { try row.decode(Int64.self, forColumn: name) })
            if let index, row.databaseValue(forColumn: name) != row.databaseValue(atIndex: index),
                !isNaN(row.databaseValue(atIndex: index))
            {
                fatalError("the value of column \(name.debugDescription) differs by name and by index in \(row)")
            }
        }
        for (name, value) in row { readings.append("\(name)=\(value)") }
        readings.append("\(row.hashValue == row.hashValue) \(row == row) \(row.containsNonNullValue)")
        return readings
    }

    static func isNaN(_ value: DatabaseValue) -> Bool {
        if case .double(let double) = value.storage { return double.isNaN }
        return false
    }
}

/// Mode 2: a table made with the schema DSL from fuzzed names and types, a row of fuzzed values
/// inserted, read back with `Table` and the query interface, then altered, indexed and dropped.
/// Piece 0 is the table name, piece 1 another name (index, renamed table and column), then one
/// piece per column up to an empty piece (its first byte picks the type and constraints, the rest
/// is the name), then the values. Options: bit 0 `ifNotExists`, bit 1 a primary key on the first
/// column, bit 2 `withoutRowID`, bit 3 `strict`, bit 4 `temporary`.
enum SchemaMode {
    static let types: [Database.ColumnType?] = [
        nil, .text, .integer, .double, .real, .numeric, .boolean, .blob, .date, .datetime, .json, .any,
    ]

    struct ColumnSpec {
        var name: String
        var type: Database.ColumnType?
        var flags: UInt8
    }

    static func run(_ input: FuzzInput, _ queue: DatabaseQueue) throws {
        let table = input.text(0)
        let otherName = input.text(1)
        var columns: [ColumnSpec] = []
        var index = 2
        while index < input.pieces.count, let spec = input.pieces[index].first {
            columns.append(
                ColumnSpec(
                    name: Decode.text(input.pieces[index].dropFirst()), type: types[Int(spec) % types.count],
                    flags: spec / UInt8(types.count)))
            index += 1
        }
        let values = Decode.argumentSets(input.pieces.dropFirst(index + 1)).first?.values ?? []
        var options: TableOptions = []
        if input.option(0) { options.insert(.ifNotExists) }
        if input.option(2) { options.insert(.withoutRowID) }
        if input.option(3) { options.insert(.strict) }
        if input.option(4) { options.insert(.temporary) }
        try queue.write { db in
            try db.create(table: table, options: options) { t in
                for (position, column) in columns.enumerated() {
                    let definition = t.column(column.name, column.type)
                    if position == 0 && input.option(1) { definition.primaryKey() }
                    if column.flags & 1 != 0 { definition.notNull() }
                    if column.flags & 2 != 0 { definition.unique() }
                    if column.flags & 4 != 0 { definition.indexed() }
                    if column.flags & 8 != 0 { definition.collate(.nocase) }
                    if column.flags & 16 != 0, let value = values.last { definition.defaults(to: value) }
                }
            }
        }
        let inserted = columns.prefix(values.count)
        let insertSucceeded =
            Harness.attempt("insert") { () -> Bool in
                try queue.write { db in
                    let names = inserted.map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
                    let marks = Array(repeating: "?", count: inserted.count).joined(separator: ", ")
                    try db.execute(
                        sql: inserted.isEmpty
                            ? "INSERT INTO \(table.quotedDatabaseIdentifier) DEFAULT VALUES"
                            : "INSERT INTO \(table.quotedDatabaseIdentifier) (\(names)) VALUES (\(marks))",
                        arguments: StatementArguments(values.prefix(inserted.count)))
                }
                return true
            } ?? false
        try queue.read { db in
            let rows = try Table(table).fetchAll(db)
            let count = try Table(table).fetchCount(db)
            if insertSucceeded && (rows.count != 1 || count != 1) {
                fatalError("a table with one inserted row fetches \(rows.count) rows and counts \(count)")
            }
            for (column, value) in zip(inserted, values) {
                let request = Table(table).filter(Column(column.name) == value)
                let found = try request.fetchCount(db)
                _ = try Table(table).order(Column(column.name).desc, Column(column.name).collating(.nocase))
                    .fetchAll(db)
                _ = try Table(table).select(Column(column.name)).filter(Column(column.name) != nil).fetchAll(db)
                _ = try Table(table).filter(Column(column.name).like("%")).limit(1, offset: 0).fetchOne(db)
                // A column without type nor collation keeps the value as it is bound (NaN becomes NULL).
                // Rows name their columns with Swift strings, equal when canonically equivalent, where
                // SQLite compares bytes: a name with a canonically equivalent twin ("K" and the Kelvin
                // sign) may read its twin's value (a known limit of the library).
                let hasCanonicalTwin = columns.contains {
                    $0.name == column.name && !$0.name.utf8.elementsEqual(column.name.utf8)
                }
                let keepsValue =
                    column.type == nil && column.flags & 8 == 0 && !value.isNull && !RowReading.isNaN(value)
                    && !hasCanonicalTwin
                if insertSucceeded && keepsValue {
                    if found != 1 {
                        fatalError(
                            "\(value) inserted in column \(column.name.debugDescription) is found \(found) times")
                    }
                    let read = rows.first?.databaseValue(forColumn: column.name)
                    if read != value {
                        fatalError(
                            "\(value) inserted in column \(column.name.debugDescription) reads back as "
                                + "\(String(describing: read)) from \(rows)")
                    }
                }
            }
            _ = try Table(table).filter(key: values.first).fetchAll(db)
            _ = try db.columns(in: table).map { "\($0)" }
            _ = try db.indexes(on: table).map { "\($0)" }
            _ = try db.primaryKey(table)
            if try !db.tableExists(table) { fatalError("the created table \(table.debugDescription) does not exist") }
        }
        try queue.write { db in
            Harness.attempt("create(index:)") {
                try db.create(index: otherName, on: table, columns: columns.prefix(2).map(\.name), options: [])
            }
            if let first = columns.first {
                Harness.attempt("alter(table:)") {
                    try db.alter(table: table) { t in
                        t.rename(column: first.name, to: otherName)
                        t.add(column: first.name, .text).defaults(to: "added")
                    }
                }
            }
            Harness.attempt("rename(table:)") { try db.rename(table: table, to: otherName) }
            Harness.attempt("updateAll") { _ = try Table(otherName).deleteAll(db) }
        }
        try queue.write { db in
            for name in [table, otherName] where try db.tableExists(name) {
                try db.drop(table: name)
            }
        }
    }
}
