import PropertyBased
import ReactiveSQLite
import Testing

/// Properties of `PrimaryKeyDiffScanner` over random tables and random edits in a real SQLite
/// database: applying the diff (by key) to the old records gives the new ones, each record is in
/// the right array, and text keys of any case and script are in SQLite's BINARY order.
@Suite struct PrimaryKeyDiffPropertyTests {
    /// A random edit of a table: insert (or replace) a key, delete a key, or update a key's value.
    struct TableEdit: Sendable {
        let kind: Int
        let key: String
        let position: Int
        let value: Int
    }

    static let keys = Gen.int(in: 0..<trickyTexts.count).map { trickyTexts[$0] }.array(of: 0...3).map { $0.joined() }
    static let words = zip(keys, Gen.int(in: 0...3)).map { key, value in Word(key: key, value: value) }.array(
        of: 0...25)
    static let edits = zip(Gen.int(in: 0...2), keys, Gen.int(in: 0...1000), Gen.int(in: 0...3))
        .map { kind, key, position, value in TableEdit(kind: kind, key: key, position: position, value: value) }
        .array(of: 0...10)

    @Test(arguments: [false, true])
    func textKeysInRandomTables(withoutRowID: Bool) async throws {
        await propertyCheck(count: 150, input: Self.words, Self.edits) { words, edits in
            let dbQueue = try DatabaseQueue()
            try await dbQueue.write { db in
                try createTables(db, withoutRowID: withoutRowID)
                for word in words { try word.insert(db, onConflict: .replace) }
            }
            let request = Word.order(Column("key"))
            let rowRequest = request.asRequest(of: Row.self)
            let old = try await dbQueue.read { db in try request.fetchAll(db) }
            var scanner = try await dbQueue.read { db in
                try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
            }
            scanner = try scanner.tryDiffed(from: try await dbQueue.read { db in try rowRequest.fetchAll(db) })
            #expect(isIdentical(scanner.diff.inserted, old))
            #expect(scanner.diff.updated.isEmpty && scanner.diff.deleted.isEmpty)

            try await dbQueue.write { db in
                for edit in edits { try Self.apply(edit, db) }
            }
            let new = try await dbQueue.read { db in try request.fetchAll(db) }
            scanner = try scanner.tryDiffed(from: try await dbQueue.read { db in try rowRequest.fetchAll(db) })
            let diff = scanner.diff
            // SQLite's order is the order of the bytes.
            #expect(isIdentical(new, sortedByKeyBytes(new)))
            // The diff applied by key gives the new records.
            var byKey = Dictionary(uniqueKeysWithValues: old.map { ($0.keyBytes, $0) })
            for word in diff.deleted { byKey[word.keyBytes] = nil }
            for word in diff.inserted + diff.updated { byKey[word.keyBytes] = word }
            #expect(isIdentical(sortedByKeyBytes(Array(byKey.values)), new))
            // Each record is where it belongs, in key order.
            let oldByKey = Dictionary(uniqueKeysWithValues: old.map { ($0.keyBytes, $0) })
            let newByKey = Dictionary(uniqueKeysWithValues: new.map { ($0.keyBytes, $0) })
            #expect(isIdentical(diff.inserted, new.filter { oldByKey[$0.keyBytes] == nil }))
            #expect(isIdentical(diff.deleted, old.filter { newByKey[$0.keyBytes] == nil }))
            #expect(
                isIdentical(
                    diff.updated, new.filter { word in oldByKey[word.keyBytes].map { $0.value != word.value } ?? false }
                ))
        }
    }

    @Test func compositeKeysInRandomTables() async throws {
        let cells = zip(Gen.int(in: 0...3), Gen.int(in: 0..<trickyTexts.count), Gen.int(in: 0...3))
            .map { x, y, value in Cell(x: x, y: trickyTexts[y], value: value) }.array(of: 0...25)
        let edits = zip(Gen.int(in: 0...2), Gen.int(in: 0...3), Gen.int(in: 0..<trickyTexts.count), Gen.int(in: 0...3))
            .map { kind, x, y, value in (kind, Cell(x: x, y: trickyTexts[y], value: value)) }.array(of: 0...10)
        await propertyCheck(count: 150, input: cells, edits) { cells, edits in
            let dbQueue = try DatabaseQueue()
            try await dbQueue.write { db in
                try createTables(db)
                for cell in cells { try cell.insert(db, onConflict: .replace) }
            }
            let request = Cell.order(Column("x"), Column("y"))
            let old = try await dbQueue.read { db in try request.fetchAll(db) }
            let scanner = try await dbQueue.read { db in
                try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: old)
            }
            try await dbQueue.write { db in
                for (kind, cell) in edits {
                    switch kind {
                    case 0: try cell.insert(db, onConflict: .replace)
                    case 1: try cell.delete(db)
                    default: try cell.update(db)
                    }
                }
            }
            let new = try await dbQueue.read { db in try request.fetchAll(db) }
            let rows = try await dbQueue.read { db in try request.asRequest(of: Row.self).fetchAll(db) }
            let diff = try scanner.tryDiffed(from: rows).diff
            #expect(new.map(\.key) == new.map(\.key).sorted { $0.lexicographicallyPrecedes($1) })
            var byKey = Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0) })
            for cell in diff.deleted { byKey[cell.key] = nil }
            for cell in diff.inserted + diff.updated { byKey[cell.key] = cell }
            #expect(byKey.values.sorted { $0.key.lexicographicallyPrecedes($1.key) } == new)
            let oldByKey = Dictionary(uniqueKeysWithValues: old.map { ($0.key, $0) })
            #expect(diff.updated == new.filter { cell in oldByKey[cell.key].map { $0 != cell } ?? false })
        }
    }

    private static func apply(_ edit: TableEdit, _ db: Database) throws {
        let keys = try String.fetchAll(db, sql: "SELECT key FROM word ORDER BY key")
        switch edit.kind {
        case 0:
            try Word(key: edit.key, value: edit.value).insert(db, onConflict: .replace)
        case 1 where !keys.isEmpty:
            try db.execute(sql: "DELETE FROM word WHERE key = ?", arguments: [keys[edit.position % keys.count]])
        case 2 where !keys.isEmpty:
            try db.execute(
                sql: "UPDATE word SET value = value + ? WHERE key = ?",
                arguments: [edit.value, keys[edit.position % keys.count]])
        default:
            break
        }
    }
}

/// Whether two arrays of words have the same keys (byte for byte) and values, in the same order.
private func isIdentical(_ lhs: [Word], _ rhs: [Word]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.isIdentical(to: $1) }
}
