// The full-text workload of the two libraries: ONE source file, compiled against GRDB and against
// ReactiveSQLite (see LibraryWorkloads.swift).
import BenchmarkHarness

#if GRDB_WORKLOADS
    import GRDB
    private let implementation = Implementation.grdb
#else
    import ReactiveSQLite
    private let implementation = Implementation.reactiveSQLite
#endif

private struct Document: FetchableRecord, TableRecord {
    var title: String
    var body: String

    init(row: Row) {
        title = row[0]
        body = row[1]
    }
}

/// The full-text workload: 100 queries of `matching` one word over 100,000 FTS5 rows (100 matches
/// each), fetched into records.
func fullTextCases() -> [BenchmarkCase] {
    [
        BenchmarkCase("fts5-match", implementation) { _ in
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { db in try db.execute(sql: FullTextFixture.sql) }
            return try dbQueue.read { db in
                try measure {
                    var count = 0
                    for word in FullTextFixture.searchedWords {
                        count += try Document.matching(FTS5Pattern(matchingAllTokensIn: word)).fetchAll(db).count
                    }
                    guard count == FullTextFixture.searchedWords.count * FullTextFixture.matchesPerWord
                    else { throw WorkloadFailure(message: "fetched \(count) documents") }
                }
            }
        }
    ]
}
