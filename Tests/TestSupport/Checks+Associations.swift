import Foundation
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

// Associations: joins and prefetches decode nested records, foreign keys come from the schema, and
// the regions of requests with associations hold every table they read, and no other.

/// The schema of the association checks: authors, their books, their countries, and a table that
/// none of them reads.
private let associationSchema = """
    CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, countryCode TEXT REFERENCES countries(code));
    CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, authorId INTEGER REFERENCES author(id));
    CREATE TABLE unrelated (id INTEGER PRIMARY KEY);
    INSERT INTO countries VALUES ('FR', 'France'), ('DE', 'Germany');
    INSERT INTO author VALUES (1, 'Ann', 'FR'), (2, 'Bob', NULL), (3, 'Cid', 'DE');
    INSERT INTO book VALUES (1, 'A1', 1), (2, 'A2', 1), (3, 'B1', 2), (4, 'Orphan', NULL);
    """

private struct AssocCountry: Codable, FetchableRecord, TableRecord, Equatable, Hashable {
    static let databaseTableName = "countries"
    var code: String
    var name: String
}

private struct AssocAuthor: Codable, FetchableRecord, PersistableRecord, Equatable, Hashable {
    static let databaseTableName = "author"
    static let books = hasMany(AssocBook.self)
    static let country = belongsTo(AssocCountry.self)
    var id: Int64
    var name: String
    var countryCode: String?
}

private struct AssocBook: Codable, FetchableRecord, PersistableRecord, Equatable, Hashable {
    static let databaseTableName = "book"
    static let author = belongsTo(AssocAuthor.self)
    var id: Int64
    var title: String
    var authorId: Int64?
}

/// A book and its author, from `including(required:)` or `including(optional:)`.
private struct BookInfo: Decodable, FetchableRecord, Equatable {
    var book: AssocBook
    var author: AssocAuthor?
}

/// An author and all their books, from `including(all:)`.
private struct AuthorInfo: Decodable, FetchableRecord, Equatable {
    var author: AssocAuthor
    var books: [AssocBook]
}

/// An author with the titles of their books, in a set, and their country.
private struct AuthorSummary: Decodable, FetchableRecord, Equatable {
    var name: String
    var country: AssocCountry?
    var books: Set<AssocBook>
}

/// An author, and their books when they are prefetched.
private struct AuthorWithOptionalBooks: Decodable, FetchableRecord, Equatable {
    var name: String
    var books: [AssocBook]?
}

/// An author and their books, decoded by hand.
private struct AuthorWithBooks: FetchableRecord, Equatable {
    var name: String
    var books: [AssocBook]

    init(row: Row) throws {
        name = row["name"]
        books = try row.decode(forKey: "books")
    }
}

private func makeAssociationDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: associationSchema) }
    return writer
}

private let ann = AssocAuthor(id: 1, name: "Ann", countryCode: "FR")
private let bob = AssocAuthor(id: 2, name: "Bob", countryCode: nil)
private let cid = AssocAuthor(id: 3, name: "Cid", countryCode: "DE")
private let books = [
    AssocBook(id: 1, title: "A1", authorId: 1), AssocBook(id: 2, title: "A2", authorId: 1),
    AssocBook(id: 3, title: "B1", authorId: 2), AssocBook(id: 4, title: "Orphan", authorId: nil),
]

let associationChecks: [ConformanceCheck] = [
    ConformanceCheck("joined associations decode nested records, nil where a left join found none") { factory in
        let writer = try makeAssociationDatabase(factory)
        try writer.read { db in
            let required = try AssocBook.including(required: AssocBook.author).orderByPrimaryKey()
                .asRequest(of: BookInfo.self).fetchAll(db)
            try expectEqual(
                required,
                [
                    BookInfo(book: books[0], author: ann), .init(book: books[1], author: ann),
                    .init(book: books[2], author: bob),
                ])
            let optional = try AssocBook.including(optional: AssocBook.author).orderByPrimaryKey()
                .asRequest(of: BookInfo.self).fetchAll(db)
            try expectEqual(optional.map(\.author?.name), ["Ann", "Ann", "Bob", nil])
            // Rows hold the associated columns in the scope of the association's key.
            let row = try unwrap(
                try Row.fetchOne(db, AssocBook.including(required: AssocBook.author).filter(key: 3)), "book 3")
            try expectEqual(row["title"] as String, "B1")
            try expectEqual(try unwrap(row.scopes["author"], "the author scope")["name"] as String, "Bob")
            // Joining filters without selecting; a table alias filters on the joined table.
            let authorAlias = TableAlias<AssocAuthor>()
            let annBooks = try AssocBook.joining(required: AssocBook.author.aliased(authorAlias))
                .filter(authorAlias[Column("name")] == "Ann").fetchAll(db)
            try expectEqual(annBooks.map(\.title), ["A1", "A2"])
            // A chain: the country of the author of the book.
            let chained = try Row.fetchOne(
                db,
                AssocBook.including(required: AssocBook.author.including(optional: AssocAuthor.country)).filter(key: 1))
            try expectEqual(
                try unwrap(chained?.scopes["author"]?.scopes["country"], "the country scope")["name"] as String,
                "France")
            // A join to many rows repeats the base row; a required join leaves rows out: counts agree.
            try expectEqual(try AssocAuthor.including(required: AssocAuthor.books).fetchCount(db), 3)
            try expectEqual(try AssocBook.joining(required: AssocBook.author).fetchCount(db), 3)
            try expectEqual(try AssocBook.joining(required: AssocBook.author).isEmpty(db), false)
        }
    },
    ConformanceCheck("including(all:) prefetches the associated records of every record in one more query") {
        factory in
        let writer = try makeAssociationDatabase(factory)
        try writer.read { db in
            let request = AssocAuthor.including(all: AssocAuthor.books.order(Column("title").desc)).orderByPrimaryKey()
            let infos = try request.asRequest(of: AuthorInfo.self).fetchAll(db)
            try expectEqual(
                infos,
                [
                    AuthorInfo(author: ann, books: [books[1], books[0]]),
                    .init(author: bob, books: [books[2]]), .init(author: cid, books: []),
                ])
            let rows = try Row.fetchAll(db, request)
            try expectEqual(rows.map { $0.prefetchedRows["books"]?.count }, [2, 1, 0])
            try expectEqual(rows[0].prefetchedRows.keys, ["books"])
            let subscripted: Set<AssocBook> = rows[1]["books"]
            try expectEqual(subscripted, [books[2]])
            try expectEqual(
                try request.asRequest(of: AuthorWithBooks.self).fetchAll(db).map(\.books.count), [2, 1, 0])
            // An optional collection is nil unless its rows are prefetched.
            try expectEqual(
                try request.asRequest(of: AuthorWithOptionalBooks.self).fetchAll(db).map(\.books?.count), [2, 1, 0])
            try expectEqual(
                try AssocAuthor.all().asRequest(of: AuthorWithOptionalBooks.self).fetchAll(db).map(\.books?.count),
                [nil, nil, nil])
            let missingKeyError = try expectDatabaseError(
                .SQLITE_ERROR, messageContains: "no prefetched rows of key novels"
            ) { _ = try rows[0].decode([AssocBook].self, forKey: "novels") }
            // One author: fetchOne; sets, and a joined record beside the prefetched ones.
            let summary = try AssocAuthor.filter(key: 1).including(all: AssocAuthor.books)
                .including(optional: AssocAuthor.country).asRequest(of: AuthorSummary.self).fetchOne(db)
            try expectEqual(
                summary,
                AuthorSummary(
                    name: "Ann", country: AssocCountry(code: "FR", name: "France"), books: [books[0], books[1]]))
            try expectEqual(try request.fetchCount(db), 3)
            try expectEqual(try AssocAuthor.none().including(all: AssocAuthor.books).fetchAll(db), [])
            // A custom key names the prefetched rows.
            let novels = try Row.fetchOne(db, AssocAuthor.including(all: AssocAuthor.books.forKey("novels")))
            try expectEqual(novels?.prefetchedRows.keys, ["novels"])
            // A cursor can't iterate rows that need more queries: a clear error, not missing rows.
            let cursorError = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "including(all:)") {
                _ = try Row.fetchCursor(db, request)
            }
        }
    },
    ConformanceCheck("aggregates of associations annotate and filter records; request(for:) fetches associated records")
    {
        factory in
        let writer = try makeAssociationDatabase(factory)
        try writer.read { db in
            let byID = AssocAuthor.orderByPrimaryKey()
            let counts = try Row.fetchAll(db, byID.annotated(with: AssocAuthor.books.count)).map {
                $0["bookCount"] as Int
            }
            try expectEqual(counts, [2, 1, 0])
            try expectEqual(try AssocAuthor.having(AssocAuthor.books.isEmpty).fetchAll(db).map(\.name), ["Cid"])
            try expectEqual(try byID.having(AssocAuthor.books.count >= 1).fetchAll(db).map(\.name), ["Ann", "Bob"])
            try expectEqual(
                try byID.having(!AssocAuthor.books.isEmpty && AssocAuthor.books.count < 2).fetchCount(db), 1)
            // Two aggregates of one association share its join.
            let rows = try Row.fetchAll(
                db, byID.annotated(with: AssocAuthor.books.count, AssocAuthor.books.min(Column("id"))))
            try expectEqual(rows.map { $0["bookCount"] as Int }, [2, 1, 0])
            try expectEqual(rows.map { $0["minBookId"] as Int? }, [1, 3, nil])
            // Columns of an associated record, beside the record's own.
            let names = try Row.fetchAll(
                db,
                AssocBook.annotated(withOptional: AssocBook.author.select(Column("name").forKey("authorName")))
                    .orderByPrimaryKey()
            ).map { $0["authorName"] as String? }
            try expectEqual(names, ["Ann", "Ann", "Bob", nil])
            // The associated records of one record.
            try expectEqual(
                try ann.request(for: AssocAuthor.books).order(Column("id")).fetchAll(db), [books[0], books[1]])
            try expectEqual(try books[2].request(for: AssocBook.author).fetchOne(db), bob)
            try expectEqual(try books[3].request(for: AssocBook.author).fetchOne(db), nil)
        }
    },
    ConformanceCheck("foreign keys come from the schema; none or several is an error, a ForeignKey tells which") {
        factory in
        let writer = try makeAssociationDatabase(factory)
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE review (id INTEGER PRIMARY KEY, bookId INTEGER, criticId INTEGER REFERENCES author(id),
                        editorId INTEGER REFERENCES author(id));
                    INSERT INTO review VALUES (1, 3, 1, 2);
                    """)
            let reviews = Table("review")
            let noKeyError = try expectDatabaseError(.SQLITE_ERROR, messageContains: "could not infer foreign key") {
                _ = try reviews.all().including(required: reviews.belongsTo(Table("book"))).fetchAll(db)
            }
            let ambiguousError = try expectDatabaseError(.SQLITE_ERROR, messageContains: "ambiguous foreign key") {
                _ = try reviews.all().including(required: reviews.belongsTo(Table("author"))).fetchAll(db)
            }
            let critic = reviews.belongsTo(Table("author"), key: "critic", using: ForeignKey(["criticId"]))
            let criticRow = try Row.fetchOne(db, reviews.all().including(required: critic))
            try expectEqual(try unwrap(criticRow?.scopes["critic"], "the critic scope")["name"] as String, "Ann")
            // No foreign key in the schema: the association gives the columns.
            let book = reviews.belongsTo(Table("book"), using: ForeignKey(["bookId"]))
            let bookRow = try Row.fetchOne(db, reviews.all().including(required: book))
            try expectEqual(try unwrap(bookRow?.scopes["book"], "the book scope")["title"] as String, "B1")
        }
    },
    ConformanceCheck("the region of a request with associations holds its joined and prefetched tables, no other") {
        factory in
        let writer = try makeAssociationDatabase(factory)
        try writer.read { db in
            try expectEqual(
                try AssocBook.including(required: AssocBook.author).databaseRegion(db).description,
                "author(countrycode,id,name),book(authorid,id,title)")
            try expectEqual(
                try AssocAuthor.including(all: AssocAuthor.books).databaseRegion(db).description,
                "author(countrycode,id,name),book(authorid,id,title)")
            // A key filter limits the rows of the base table only.
            try expectEqual(
                try AssocBook.filter(key: 1).including(required: AssocBook.author).databaseRegion(db).description,
                "author(countrycode,id,name),book(authorid,id,title)[1]")
        }
    },
    ConformanceCheck("an observation of included records is told of changes to them, not to unrelated tables") {
        factory in
        let writer = try makeAssociationDatabase(factory)
        let changeCount = Locked(0)
        let observation = ValueObservation.tracking { db in
            try AssocAuthor.including(all: AssocAuthor.books).orderByPrimaryKey().asRequest(of: AuthorInfo.self)
                .fetchAll(db).map(\.books.count)
        }.handleEvents(databaseDidChange: { changeCount.withLock { $0 += 1 } })
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext(where: { $0 == [2, 1, 0] })
        try writer.write { db in try db.execute(sql: "INSERT INTO unrelated DEFAULT VALUES") }
        try writer.write { db in try db.execute(sql: "INSERT INTO book (title, authorId) VALUES ('C1', 3)") }
        _ = try recorder.waitForNext(where: { $0 == [2, 1, 1] })
        try expectEqual(changeCount.current, 1)
    },
]
