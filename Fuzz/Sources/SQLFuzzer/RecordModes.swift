import Foundation
import ReactiveSQLite

/// A Codable record with properties of several kinds: integers, texts, an optional double, bytes,
/// a date, an enum, a nested value (stored as JSON), a boolean and a small integer.
struct FuzzRecord: Codable, FetchableRecord, PersistableRecord {
    enum Kind: String, Codable, CaseIterable {
        case alpha
        case beta
        case gamma
    }

    struct Nested: Codable, Equatable {
        var number: Int
        var words: [String]
    }

    static let databaseTableName = "fuzz_record"

    var id: Int
    var name: String
    var score: Double?
    var data: Data
    var date: Date
    var kind: Kind
    var nested: Nested?
    var flag: Bool
    var small: UInt8

    static let columnNames = ["id", "name", "score", "data", "date", "kind", "nested", "flag", "small"]
}

/// Mode 3: Codable records. Rows of fuzzed values are decoded as records (each may fail with a
/// `DatabaseError` or a `DecodingError`, never otherwise), and records made of fuzzed values are
/// inserted and read back, equal. Piece 0 is SQL whose rows are decoded as records too; then sets
/// of values separated by empty pieces: each set is a row of the table, and the pieces of the set
/// also give the properties of a record. Options: bit 0 declares typed columns, bit 1 decodes with
/// a cursor, bit 2 updates and deletes the records.
enum RecordMode {
    static func run(_ input: FuzzInput, _ queue: DatabaseQueue) throws {
        let groups = input.pieces.dropFirst().split(separator: [], omittingEmptySubsequences: false)
        try queue.write { db in
            let types =
                input.option(0) ? ["INTEGER", "TEXT", "REAL", "BLOB", "", "TEXT", "JSON", "BOOLEAN", "INT"] : []
            let definitions = FuzzRecord.columnNames.enumerated().map { index, name in
                index < types.count ? "\(name) \(types[index])" : name
            }
            try db.execute(sql: "CREATE TABLE fuzz_record (\(definitions.joined(separator: ", ")))")
            // Decoding: rows of fuzzed values.
            for group in groups {
                let values = group.map(Decode.value)
                let placeholders = Array(repeating: "?", count: min(values.count, 9)).joined(separator: ", ")
                let columns = FuzzRecord.columnNames.prefix(values.count).joined(separator: ", ")
                guard !values.isEmpty else { continue }
                Harness.attempt("insert of a row") {
                    try db.execute(
                        sql: "INSERT INTO fuzz_record (\(columns)) VALUES (\(placeholders))",
                        arguments: StatementArguments(values.prefix(9)))
                }
            }
            Harness.attempt("FuzzRecord.fetchAll", allowsDecoding: true) { _ = try FuzzRecord.fetchAll(db) }
            Harness.attempt("FuzzRecord.filter.order", allowsDecoding: true) {
                _ = try FuzzRecord.filter(Column("id") != nil).order(Column("name")).fetchOne(db)
            }
            if input.option(1) {
                Harness.attempt("FuzzRecord.fetchCursor", allowsDecoding: true) {
                    let cursor = try FuzzRecord.fetchCursor(db, sql: "SELECT * FROM fuzz_record")
                    while try cursor.next() != nil {}
                }
            }
            let sql = input.text(0)
            if !sql.isEmpty {
                Harness.attempt("FuzzRecord.fetchAll(sql:)", allowsDecoding: true) {
                    _ = try FuzzRecord.fetchAll(db, sql: sql)
                }
            }
            // Encoding: records of fuzzed properties, inserted and read back.
            for group in groups {
                try db.execute(sql: "DELETE FROM fuzz_record")
                let record = makeRecord(Array(group))
                Harness.attempt("databaseDictionary") { _ = try record.databaseDictionary }
                guard Harness.attempt("insert of a record", { try record.insert(db) }) != nil else { continue }
                let read = Harness.attempt("read of a record", allowsDecoding: true) {
                    try FuzzRecord.filter(Column("id") == record.id).fetchOne(db)
                }
                // A NaN or infinite date, and a NaN score (bound as NULL), are not read back.
                guard record.date.timeIntervalSince1970.isFinite, !(record.score?.isNaN ?? false) else { continue }
                guard let read, let found = read else {
                    fatalError("the inserted record \(record) cannot be read back: \(String(describing: read))")
                }
                if let difference = difference(record, found) {
                    fatalError("the inserted record \(record) reads back as \(found): \(difference) differs")
                }
                if input.option(2) {
                    var changed = found
                    changed.name += "!"
                    Harness.attempt("update") { try changed.update(db) }
                    Harness.attempt("exists") { _ = try changed.exists(db) }
                    Harness.attempt("delete") { _ = try changed.delete(db) }
                }
            }
        }
    }

    /// A record from the pieces of a set, one per property (missing pieces give empty values).
    static func makeRecord(_ pieces: [ArraySlice<UInt8>]) -> FuzzRecord {
        func piece(_ index: Int) -> ArraySlice<UInt8> { index < pieces.count ? pieces[index] : [] }
        let words = piece(6).dropFirst().split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        return FuzzRecord(
            id: Int(Decode.int64(piece(0))),
            name: Decode.text(piece(1)),
            score: piece(2).isEmpty ? nil : Decode.double(piece(2)),
            data: Data(piece(3)),
            date: Date(timeIntervalSince1970: Decode.double(piece(4))),
            kind: FuzzRecord.Kind.allCases[Int(piece(5).first ?? 0) % 3],
            nested: piece(6).isEmpty
                ? nil : FuzzRecord.Nested(number: Int(piece(6).first ?? 0), words: words.map(Decode.text)),
            flag: (piece(7).first ?? 0) & 1 == 1,
            small: piece(8).first ?? 0)
    }

    /// The property that differs between a record and its copy read back, if any. Dates in
    /// 0001–9999 are stored to the millisecond; a score of -0.0 may read back as 0.0.
    static func difference(_ record: FuzzRecord, _ read: FuzzRecord) -> String? {
        if record.id != read.id { return "id" }
        if record.name != read.name { return "name" }
        if record.score != read.score { return "score" }
        if record.data != read.data { return "data" }
        if abs(record.date.timeIntervalSince1970 - read.date.timeIntervalSince1970) > 0.001 {
            return "date"
        }
        if record.kind != read.kind { return "kind" }
        if record.nested != read.nested { return "nested" }
        if record.flag != read.flag { return "flag" }
        if record.small != read.small { return "small" }
        return nil
    }
}

/// Mode 4: SQL migrations, as the RSSQLMigrations plugin registers them (each runs the SQL of its
/// file with `db.execute(sql:)`). Each piece is the SQL of a migration. The migrator must apply a
/// prefix of the migrations, and be idempotent once it succeeded. Options: bit 0 migrates up to a
/// migration picked by bits 2–4, bit 1 sets `eraseDatabaseOnSchemaChange`.
enum MigrationMode {
    static func run(_ input: FuzzInput, _ queue: DatabaseQueue) throws {
        var migrator = DatabaseMigrator()
        migrator.eraseDatabaseOnSchemaChange = input.option(1)
        let scripts = input.pieces.prefix(16).map(Decode.text)
        for (index, sql) in scripts.enumerated() {
            migrator.registerMigration("m\(index)_\(sql.prefix(8))") { db in try db.execute(sql: sql) }
        }
        let identifiers = migrator.migrations
        guard !identifiers.isEmpty else { return }
        let target = input.option(0) ? identifiers[Int(input.selector / 20) % identifiers.count] : identifiers.last!
        // SQL that changes the migrator's own table breaks what it records, by design.
        let isTampering = scripts.contains { $0.lowercased().contains("grdb_migrations") }
        let succeeded =
            Harness.attempt("migrate") { () -> Bool in
                try migrator.migrate(queue, upTo: target)
                return true
            } ?? false
        let applied = try queue.read { db in
            _ = try migrator.completedMigrations(db)
            _ = try migrator.hasCompletedMigrations(db)
            _ = try migrator.hasBeenSuperseded(db)
            return try migrator.appliedMigrations(db)
        }
        if isTampering { return }
        if applied != Array(identifiers.prefix(applied.count)) {
            fatalError("the applied migrations \(applied) are not a prefix of \(identifiers)")
        }
        if succeeded {
            let targetCount = identifiers.firstIndex(of: target)! + 1
            if applied.count != targetCount {
                fatalError("migrate succeeded, and applied \(applied) instead of \(identifiers.prefix(targetCount))")
            }
            do {
                try migrator.migrate(queue, upTo: target)
            } catch {
                fatalError("a second migrate after a successful one fails: \(error)")
            }
        }
    }
}
