/// The documents of the full-text workload: an FTS5 table of 100,000 rows, searched for one word at
/// a time.
public enum FullTextFixture {
    /// The number of documents.
    public static let documentCount = 100_000
    /// The words searched, one query each: `beta0` … `beta99`, each in 100 documents.
    public static let searchedWords = (0..<100).map { "beta\($0)" }
    /// The number of documents that contain each searched word.
    public static let matchesPerWord = documentCount / 1000

    /// The schema and the rows: document `i` contains `alpha(i % 100)` and `beta(i % 1000)`.
    public static let sql = """
        CREATE VIRTUAL TABLE document USING fts5(title, body);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(documentCount))
        INSERT INTO document (rowid, title, body)
        SELECT i, 'document ' || i, 'alpha' || (i % 100) || ' beta' || (i % 1000) || ' lorem ipsum dolor sit amet'
        FROM n;
        """
}
