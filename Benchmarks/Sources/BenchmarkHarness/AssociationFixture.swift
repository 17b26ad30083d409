/// The authors and books of the association workloads.
public enum AssociationFixture {
    /// The number of authors.
    public static let authorCount = 1000
    /// The number of books of each author.
    public static let booksPerAuthor = 10
    /// The number of books.
    public static let bookCount = authorCount * booksPerAuthor

    /// The schema and the rows: book `i` belongs to author `(i - 1) / 10 + 1`.
    public static let sql = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL);
        CREATE TABLE book (
            id INTEGER PRIMARY KEY, authorId INTEGER NOT NULL REFERENCES author(id),
            title TEXT NOT NULL, year INTEGER NOT NULL);
        CREATE INDEX book_authorId ON book(authorId);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(authorCount))
        INSERT INTO author SELECT i, 'author ' || i, 'country ' || (i % 50) FROM n;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(bookCount))
        INSERT INTO book SELECT i, (i - 1) / \(booksPerAuthor) + 1, 'book ' || i, 1900 + i % 120 FROM n;
        """
}
