// The association workloads of the two libraries: ONE source file, compiled against GRDB and against
// ReactiveSQLite (see LibraryWorkloads.swift).
import BenchmarkHarness

#if GRDB_WORKLOADS
    import GRDB
    private let implementation = Implementation.grdb
#else
    import ReactiveSQLite
    private let implementation = Implementation.reactiveSQLite
#endif

private struct Author: Codable, FetchableRecord, TableRecord {
    static let books = hasMany(Book.self)
    var id: Int64
    var name: String
    var country: String
}

private struct Book: Codable, FetchableRecord, TableRecord {
    static let author = belongsTo(Author.self)
    var id: Int64
    var authorId: Int64
    var title: String
    var year: Int64
}

/// The same records, decoded by hand (`init(row:)`, without Codable): what the association
/// machinery costs without Codable's.
private struct HandWrittenAuthor: FetchableRecord, TableRecord {
    static let databaseTableName = "author"
    static let books = hasMany(HandWrittenBook.self)
    var id: Int64
    var name: String
    var country: String

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        country = row["country"]
    }
}

private struct HandWrittenBook: FetchableRecord, TableRecord {
    static let databaseTableName = "book"
    static let author = belongsTo(HandWrittenAuthor.self)
    var id: Int64
    var authorId: Int64
    var title: String
    var year: Int64

    init(row: Row) {
        id = row["id"]
        authorId = row["authorId"]
        title = row["title"]
        year = row["year"]
    }
}

private struct HandWrittenAuthorInfo: FetchableRecord {
    var author: HandWrittenAuthor
    var books: [HandWrittenBook]

    init(row: Row) {
        author = HandWrittenAuthor(row: row)
        books = row["books"]
    }
}

private struct HandWrittenBookInfo: FetchableRecord {
    var book: HandWrittenBook
    var author: HandWrittenAuthor

    init(row: Row) {
        book = HandWrittenBook(row: row)
        author = row["author"]
    }
}

/// An author and their books, from `including(all:)`.
private struct AuthorInfo: Decodable, FetchableRecord {
    var author: Author
    var books: [Book]
}

/// A book and its author, from `including(required:)`.
private struct BookInfo: Decodable, FetchableRecord {
    var book: Book
    var author: Author
}

/// The association workloads: 1,000 authors with all their books (10 each), and 10,000 books
/// with their author, fetched into nested Decodable records.
func associationCases() -> [BenchmarkCase] {
    [
        associationCase("associations-prefetch") { db in
            let infos = try Author.including(all: Author.books).asRequest(of: AuthorInfo.self).fetchAll(db)
            try checkPrefetch(authorCount: infos.count, bookCount: infos.reduce(0) { $0 + $1.books.count })
        },
        associationCase("associations-join") { db in
            let infos = try Book.including(required: Book.author).asRequest(of: BookInfo.self).fetchAll(db)
            try checkJoin(count: infos.count, isMatched: infos.allSatisfy { $0.author.id == $0.book.authorId })
        },
        associationCase("associations-prefetch (hand-written)") { db in
            let infos = try HandWrittenAuthor.including(all: HandWrittenAuthor.books)
                .asRequest(of: HandWrittenAuthorInfo.self).fetchAll(db)
            try checkPrefetch(authorCount: infos.count, bookCount: infos.reduce(0) { $0 + $1.books.count })
        },
        associationCase("associations-join (hand-written)") { db in
            let infos = try HandWrittenBook.including(required: HandWrittenBook.author)
                .asRequest(of: HandWrittenBookInfo.self).fetchAll(db)
            try checkJoin(count: infos.count, isMatched: infos.allSatisfy { $0.author.id == $0.book.authorId })
        },
    ]
}

/// A case that measures `fetch` on a fresh fixture.
private func associationCase(_ name: String, _ fetch: @escaping @Sendable (Database) throws -> Void) -> BenchmarkCase {
    BenchmarkCase(name, implementation) { _ in
        try associationFixture().read { db in try measure { try fetch(db) } }
    }
}

/// Fails unless every author came with all their books.
private func checkPrefetch(authorCount: Int, bookCount: Int) throws {
    guard authorCount == AssociationFixture.authorCount, bookCount == AssociationFixture.bookCount else {
        throw WorkloadFailure(message: "fetched \(authorCount) authors, \(bookCount) books")
    }
}

/// Fails unless every book came with its own author.
private func checkJoin(count: Int, isMatched: Bool) throws {
    guard count == AssociationFixture.bookCount, isMatched else {
        throw WorkloadFailure(message: "fetched \(count) books")
    }
}

/// An in-memory database of authors and books.
private func associationFixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in try db.execute(sql: AssociationFixture.sql) }
    return dbQueue
}
