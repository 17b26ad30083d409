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
        BenchmarkCase("associations-prefetch", implementation) { _ in
            try associationFixture().read { db in
                try measure {
                    let infos = try Author.including(all: Author.books).asRequest(of: AuthorInfo.self).fetchAll(db)
                    let bookCount = infos.reduce(0) { $0 + $1.books.count }
                    guard infos.count == AssociationFixture.authorCount, bookCount == AssociationFixture.bookCount
                    else { throw WorkloadFailure(message: "fetched \(infos.count) authors, \(bookCount) books") }
                }
            }
        },
        BenchmarkCase("associations-join", implementation) { _ in
            try associationFixture().read { db in
                try measure {
                    let infos = try Book.including(required: Book.author).asRequest(of: BookInfo.self).fetchAll(db)
                    guard infos.count == AssociationFixture.bookCount,
                        infos.allSatisfy({ $0.author.id == $0.book.authorId })
                    else { throw WorkloadFailure(message: "fetched \(infos.count) books") }
                }
            }
        },
    ]
}

/// An in-memory database of authors and books.
private func associationFixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in try db.execute(sql: AssociationFixture.sql) }
    return dbQueue
}
