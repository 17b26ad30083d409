import BenchmarkHarness
import CSQLiteRaw

/// The full-text workload over raw SQLite C, written by hand as an application would: one prepared
/// statement, reset and bound for each word.
enum RawFullTextWorkloads {
    struct Document {
        var title: String
        var body: String
    }

    static func cases() -> [BenchmarkCase] {
        [
            BenchmarkCase("fts5-match", .rawC) { _ in
                let connection = try RawConnection(path: ":memory:")
                try connection.execute(FullTextFixture.sql)
                return try measure {
                    let statement = try connection.prepare("SELECT * FROM document WHERE document MATCH ?")
                    defer { sqlite3_finalize(statement) }
                    var count = 0
                    for word in FullTextFixture.searchedWords {
                        sqlite3_reset(statement)
                        sqlite3_bind_text(statement, 1, word, -1, SQLITE_TRANSIENT)
                        var documents: [Document] = []
                        while sqlite3_step(statement) == SQLITE_ROW {
                            documents.append(
                                Document(title: columnText(statement, 0), body: columnText(statement, 1)))
                        }
                        count += documents.count
                    }
                    guard count == FullTextFixture.searchedWords.count * FullTextFixture.matchesPerWord
                    else { throw RawError(message: "fetched \(count) documents") }
                }
            }
        ]
    }
}
