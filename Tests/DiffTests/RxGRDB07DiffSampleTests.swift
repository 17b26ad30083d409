import ReactiveSQLite
import Testing

/// The "Diffs" sample of the RxGRDB 0.7 README (seed 000, `PrimaryKeyDiffScanner`), with
/// `import ReactiveSQLite` in place of `import RxSwift`, `import RxGRDB` and `import GRDB`.
///
/// The `rx` observables are Combine publishers (OpenCombine's on Linux), so the spellings of
/// RxSwift change: `.subscribe(onNext:)` is `.sink(receiveCompletion:receiveValue:)`, and
/// `print(…)` is `output.receive(…)`, which records the line for the test to await (values
/// observables publish on the main queue). The sample's `scan` and its closure are as written:
/// `diffed(from:)` does not throw. The sample's record type, a GRDB 2 `RowConvertible &
/// MutablePersistable`, is a GRDB 7 `FetchableRecord & PersistableRecord`.
@Suite struct RxGRDB07DiffSampleTests {
    @Test func primaryKeyDiffScanner() async throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.inDatabase { db in
            try createTables(db)
            try db.execute("INSERT INTO place (id, name) VALUES (1, 'Paris'), (2, 'London')")
        }
        let output = Received<String>()

        let request = Place.order(Column("id"))
        let scanner = try dbQueue.inDatabase { db in
            try PrimaryKeyDiffScanner(
                database: db,
                request: request,
                initialRecords: [])  // initial records must be sorted by primary key
        }
        let rowRequest = request.asRequest(of: Row.self)

        // The scanner is designed to feed the built-in `scan` operator:
        let cancellable = rowRequest.rx
            .fetchAll(in: dbQueue)
            .scan(scanner) { (scanner, rows) in scanner.diffed(from: rows) }
            .sink(
                receiveCompletion: { completion in output.receive("completion: \(completion)") },
                receiveValue: { scanner in
                    let diff = scanner.diff
                    output.receive("inserted \(diff.inserted.count) records")
                    output.receive("updated \(diff.updated.count) records")
                    output.receive("deleted \(diff.deleted.count) records")
                })
        try await output.values(count: 3)
        try dbQueue.inTransaction { db in
            try db.execute("INSERT INTO place (id, name) VALUES (3, 'Rome')")
            try db.execute("UPDATE place SET name = 'Londres' WHERE id = 2")
            try db.execute("DELETE FROM place WHERE id = 1")
            return .commit
        }
        #expect(
            try await output.values(count: 6) == [
                "inserted 2 records", "updated 0 records", "deleted 0 records",
                "inserted 1 records", "updated 1 records", "deleted 1 records",
            ])
        withExtendedLifetime(cancellable) {}
    }
}
