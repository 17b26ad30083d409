import BenchmarkHarness
import CSQLiteRaw

/// The association workloads over raw SQLite C, written by hand as an application would.
enum RawAssociationWorkloads {
    struct Author: Decodable {
        var id: Int64
        var name: String
        var country: String
    }

    struct Book: Decodable {
        var id: Int64
        var authorId: Int64
        var title: String
        var year: Int64
    }

    /// The same code for the Codable and hand-written rows: raw C decodes by hand. The Codable floor
    /// rows: the same queries, decoded through `Decodable` (see `StatementDecoder`), relative to the
    /// same code decoding by hand, in the same run.
    static func cases() -> [BenchmarkCase] {
        ["", " (hand-written)"].flatMap { variant in
            [
                BenchmarkCase("associations-prefetch" + variant, .rawC) { _ in
                    let connection = try fixture()
                    return try measure {
                        let infos = try authorsWithBooks(connection)
                        let bookCount = infos.reduce(0) { $0 + $1.books.count }
                        guard infos.count == AssociationFixture.authorCount, bookCount == AssociationFixture.bookCount
                        else { throw RawError(message: "fetched \(infos.count) authors, \(bookCount) books") }
                    }
                },
                BenchmarkCase("associations-join" + variant, .rawC) { _ in
                    let connection = try fixture()
                    return try measure {
                        let infos = try booksWithAuthor(connection)
                        guard infos.count == AssociationFixture.bookCount,
                            infos.allSatisfy({ $0.author.id == $0.book.authorId })
                        else { throw RawError(message: "fetched \(infos.count) books") }
                    }
                },
            ]
        } + [
            BenchmarkCase.relative("associations-prefetch (Codable floor)", .rawC) { _ in
                let connection = try fixture()
                let reference = try measure { _ = try authorsWithBooks(connection) }
                let duration = try measure {
                    let infos = try decodedAuthorsWithBooks(connection)
                    let bookCount = infos.reduce(0) { $0 + $1.books.count }
                    guard infos.count == AssociationFixture.authorCount, bookCount == AssociationFixture.bookCount
                    else { throw RawError(message: "decoded \(infos.count) authors, \(bookCount) books") }
                }
                return (duration, reference)
            },
            BenchmarkCase.relative("associations-join (Codable floor)", .rawC) { _ in
                let connection = try fixture()
                let reference = try measure { _ = try booksWithAuthor(connection) }
                let duration = try measure {
                    let infos = try decodedBooksWithAuthor(connection)
                    guard infos.count == AssociationFixture.bookCount,
                        infos.allSatisfy({ $0.author.id == $0.book.authorId })
                    else { throw RawError(message: "decoded \(infos.count) books") }
                }
                return (duration, reference)
            },
        ]
    }

    private static func fixture() throws -> RawConnection {
        let connection = try RawConnection(path: ":memory:")
        try connection.execute(AssociationFixture.sql)
        return connection
    }

    /// Two queries: the authors, then the books of their ids, grouped by author.
    private static func authorsWithBooks(_ connection: RawConnection) throws -> [(author: Author, books: [Book])] {
        let authorStatement = try connection.prepare("SELECT * FROM author")
        defer { sqlite3_finalize(authorStatement) }
        var authors: [Author] = []
        while sqlite3_step(authorStatement) == SQLITE_ROW { authors.append(readAuthor(authorStatement, at: 0)) }
        let placeholders = Array(repeating: "?", count: authors.count).joined(separator: ", ")
        let bookStatement = try connection.prepare("SELECT * FROM book WHERE authorId IN (\(placeholders))")
        defer { sqlite3_finalize(bookStatement) }
        for (index, author) in authors.enumerated() { sqlite3_bind_int64(bookStatement, Int32(index + 1), author.id) }
        var booksByAuthor: [Int64: [Book]] = [:]
        while sqlite3_step(bookStatement) == SQLITE_ROW {
            let book = readBook(bookStatement, at: 0)
            booksByAuthor[book.authorId, default: []].append(book)
        }
        return authors.map { ($0, booksByAuthor[$0.id] ?? []) }
    }

    /// One query: the books joined to their author.
    private static func booksWithAuthor(_ connection: RawConnection) throws -> [(book: Book, author: Author)] {
        let statement = try connection.prepare(
            "SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId")
        defer { sqlite3_finalize(statement) }
        var infos: [(book: Book, author: Author)] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            infos.append((readBook(statement, at: 0), readAuthor(statement, at: 4)))
        }
        return infos
    }

    /// An author and their books, decoded through `Decodable`.
    private struct AuthorInfo: Decodable {
        var author: Author
        var books: [Book]
    }

    /// A book and its author, decoded through `Decodable`.
    private struct BookInfo: Decodable {
        var book: Book
        var author: Author
    }

    /// The queries of `authorsWithBooks`, each record decoded through `Decodable`: the authors and the
    /// books from their statement, then each author with its books (see `StatementDecoder`).
    private static func decodedAuthorsWithBooks(_ connection: RawConnection) throws -> [AuthorInfo] {
        let authorStatement = try connection.prepare("SELECT * FROM author")
        defer { sqlite3_finalize(authorStatement) }
        let authorLayout = StatementLayout(authorStatement)
        defer { authorLayout.forgetContainers() }
        let authors = try authorLayout.decodeRows(Author.self, columns: 0..<3)
        let placeholders = Array(repeating: "?", count: authors.count).joined(separator: ", ")
        let bookStatement = try connection.prepare("SELECT * FROM book WHERE authorId IN (\(placeholders))")
        defer { sqlite3_finalize(bookStatement) }
        for (index, author) in authors.enumerated() { sqlite3_bind_int64(bookStatement, Int32(index + 1), author.id) }
        let bookLayout = StatementLayout(bookStatement)
        defer { bookLayout.forgetContainers() }
        var booksByAuthor: [Int64: [Book]] = [:]
        while sqlite3_step(bookStatement) == SQLITE_ROW {
            let book = try bookLayout.decode(Book.self, columns: 0..<4)
            booksByAuthor[book.authorId, default: []].append(book)
        }
        return try authors.map { author in
            authorLayout.values = [("author", author), ("books", booksByAuthor[author.id] ?? [])]
            return try authorLayout.decode(AuthorInfo.self, columns: 0..<0)
        }
    }

    /// The query of `booksWithAuthor`, each row decoded through `Decodable`, the book and its author from
    /// the columns of their scopes (see `StatementDecoder`).
    private static func decodedBooksWithAuthor(_ connection: RawConnection) throws -> [BookInfo] {
        let statement = try connection.prepare(
            "SELECT book.*, author.* FROM book JOIN author ON author.id = book.authorId")
        defer { sqlite3_finalize(statement) }
        let layout = StatementLayout(statement, scopes: [("book", 0..<4), ("author", 4..<7)])
        defer { layout.forgetContainers() }
        return try layout.decodeRows(BookInfo.self, columns: 0..<7)
    }

    private static func readAuthor(_ statement: OpaquePointer, at start: Int32) -> Author {
        Author(
            id: sqlite3_column_int64(statement, start), name: columnText(statement, start + 1),
            country: columnText(statement, start + 2))
    }

    private static func readBook(_ statement: OpaquePointer, at start: Int32) -> Book {
        Book(
            id: sqlite3_column_int64(statement, start), authorId: sqlite3_column_int64(statement, start + 1),
            title: columnText(statement, start + 2), year: sqlite3_column_int64(statement, start + 3))
    }
}
