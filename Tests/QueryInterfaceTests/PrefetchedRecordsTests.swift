import Foundation
import ReactiveSQLite
import Testing

// The records of `including(all:)`: the prefetched rows of each origin row are those whose matched
// columns hold its values, and an array of records decodes from them in their order.

private struct Author: Codable, FetchableRecord, TableRecord, Equatable {
    static let books = hasMany(Book.self)
    var id: Int64
    var name: String
}

private struct Book: Codable, FetchableRecord, TableRecord, Equatable {
    static let author = belongsTo(Author.self)
    static let editions = hasMany(Edition.self, using: ForeignKey(["bookId"], to: ["id"]))
    /// The books of the same author, the book itself too.
    static let sameAuthorBooks = hasMany(
        Book.self, key: "sameAuthorBooks", using: ForeignKey(["authorId"], to: ["authorId"]))
    var id: Int64
    var authorId: Int64?
    var title: String
}

/// The edition of a book in one language: its translations match two columns.
private struct Edition: TableRecord {
    static let translations = hasMany(
        Translation.self, using: ForeignKey(["bookId", "language"], to: ["bookId", "language"]))
}

private struct Translation: Codable, FetchableRecord, TableRecord, Equatable {
    static let book = belongsTo(Book.self, using: ForeignKey(["bookId"], to: ["id"]))
    var bookId: Int64
    var language: String
    var translator: String
}

/// A book's id, a record that converts from a database value: prefetched rows decode it from
/// their leftmost column, not through `init(row:)`.
private struct BookID: Decodable, FetchableRecord, DatabaseValueConvertible, Equatable {
    var rawValue: Int64
    var databaseValue: DatabaseValue { rawValue.databaseValue }
    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> BookID? {
        Int64.fromDatabaseValue(dbValue).map(BookID.init(rawValue:))
    }
    init(rawValue: Int64) { self.rawValue = rawValue }
    init(row: Row) throws { rawValue = -1 }
}

private struct AuthorInfo: Decodable, FetchableRecord, Equatable {
    var author: Author
    var books: [Book]
}

/// A book, with its author and the author's books, prefetched behind the join of the author.
private struct BookAuthorInfo: Decodable, FetchableRecord, Equatable {
    var book: Book
    var author: AuthorInfo?
}

private struct AuthorBookIDs: Decodable, FetchableRecord, Equatable {
    var name: String
    var books: [BookID]
}

private struct BookWithSameAuthorBooks: Decodable, FetchableRecord, Equatable {
    var book: Book
    var sameAuthorBooks: [Book]
}

private struct EditionInfo: Decodable, FetchableRecord, Equatable {
    var language: String
    var translations: [Translation]
}

/// A book whose title must not be "refused".
private struct CheckedBook: Decodable, FetchableRecord {
    var title: String
    init(row: Row) throws {
        title = row["title"]
        if title == "refused" { throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "refused book") }
    }
}

private struct AuthorCheckedBooks: Decodable, FetchableRecord {
    var books: [CheckedBook]
}

/// A book that reads its columns by name, out of their order, and keeps a copy of its row. (Decodable
/// so that a Decodable record has an array of them, which decodes them through `init(row:)`.)
private struct RowKeepingBook: Decodable, FetchableRecord {
    var title: String
    var id: Int64
    var note: String?
    var row: Row
    init(row: Row) {
        title = row["title"]
        id = row["id"]
        note = row["note"]
        self.row = row.copy()
    }
    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "decoded through init(row:)"))
    }
}

private struct AuthorRowKeepingBooks: Decodable, FetchableRecord {
    var books: [RowKeepingBook]
}

/// An author's books, and a copy of the author's row, with its prefetched rows.
private struct RowKeepingBookInfo: FetchableRecord {
    var books: [RowKeepingBook]
    var row: Row
    init(row: Row) {
        books = row["books"]
        self.row = row.copy()
    }
}

/// An author decoded from the row itself, with the column strategy of its record ignored (it is
/// no record), and its books.
private struct SnakeCaseAuthorInfo: Decodable, FetchableRecord {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    struct AuthorData: Decodable, Equatable {
        var id: Int64
        var name: String
    }
    var author: AuthorData
    var books: [Book]
}

private struct AuthorName: Decodable, Equatable {
    var name: String
}

/// Two keys that name no column, no scope and no prefetched rows: only one decodes from the row
/// itself.
private struct AuthorInfoWithTwoRowKeys: Decodable, FetchableRecord {
    var author: Author
    var authorName: AuthorName
    var books: [Book]
}

private func fixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        // book.authorId has no type: the real 1.0 stays a real, equal to the integer 1 of its author.
        try db.execute(
            sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, authorId REFERENCES author(id), title TEXT NOT NULL);
                CREATE TABLE edition (bookId INTEGER NOT NULL, language TEXT NOT NULL, PRIMARY KEY (bookId, language));
                CREATE TABLE translation (bookId INTEGER NOT NULL, language TEXT NOT NULL, translator TEXT NOT NULL);
                INSERT INTO author VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');
                INSERT INTO book VALUES (1, 1.0, 'A1'), (2, 1, 'A2'), (3, 2, 'B1'), (4, NULL, 'Orphan');
                INSERT INTO edition VALUES (1, 'fr'), (1, 'de'), (2, 'fr'), (3, 'it');
                INSERT INTO translation VALUES (1, 'fr', 'Fay'), (1, 'de', 'Dan'), (2, 'fr', 'Flo'), (1, 'fr', 'Fred');
                """)
    }
    return dbQueue
}

@Suite struct PrefetchedRecordsTests {
    @Test func anAssociationIncludedBehindAJoinedOnePrefetchesForItsScope() throws {
        let a1 = Book(id: 1, authorId: 1, title: "A1")
        let a2 = Book(id: 2, authorId: 1, title: "A2")
        let b1 = Book(id: 3, authorId: 2, title: "B1")
        let orphan = Book(id: 4, authorId: nil, title: "Orphan")
        let ann = AuthorInfo(author: Author(id: 1, name: "Ann"), books: [a1, a2])
        let bob = AuthorInfo(author: Author(id: 2, name: "Bob"), books: [b1])
        try fixture().read { db in
            let infos = try Book.including(optional: Book.author.including(all: Author.books.orderByPrimaryKey()))
                .orderByPrimaryKey().asRequest(of: BookAuthorInfo.self).fetchAll(db)
            #expect(
                infos == [
                    BookAuthorInfo(book: a1, author: ann), BookAuthorInfo(book: a2, author: ann),
                    BookAuthorInfo(book: b1, author: bob), BookAuthorInfo(book: orphan, author: nil),
                ])
            // Two joins deep: the rows of the author's scope in the book's scope.
            let translationRows = try Row.fetchAll(
                db,
                Translation.including(
                    required: Translation.book.including(
                        required: Book.author.including(all: Author.books.orderByPrimaryKey()))
                ).filter(Column("translator") == "Flo"))
            let authorRow = try #require(translationRows.first?.scopes["book"]?.scopes["author"])
            #expect(try authorRow.decode([Book].self, forKey: "books") == [a1, a2])
            // The region has the tables of the associations prefetched behind joins.
            let region = try Translation.including(required: Translation.book.including(all: Book.editions))
                .databaseRegion(db)
            #expect(region.isModified(byEventsOfKind: .insert(tableName: "edition")))
            // Behind `joining`, rows have no scope to prefetch for.
            let error = try #require(throws: DatabaseError.self) {
                try Row.fetchAll(db, Book.joining(required: Book.author.including(all: Author.books)))
            }
            #expect(error.resultCode == .SQLITE_MISUSE)
        }
    }

    @Test func prefetchedRowsAreThoseWhoseMatchedColumnHoldsTheValueOfTheOriginRow() throws {
        let infos = try fixture().read { db in
            try Author.including(all: Author.books.order(Column("title").desc)).orderByPrimaryKey()
                .asRequest(of: AuthorInfo.self).fetchAll(db)
        }
        let a1 = Book(id: 1, authorId: 1, title: "A1")
        let a2 = Book(id: 2, authorId: 1, title: "A2")
        let b1 = Book(id: 3, authorId: 2, title: "B1")
        #expect(
            infos == [
                AuthorInfo(author: Author(id: 1, name: "Ann"), books: [a2, a1]),
                AuthorInfo(author: Author(id: 2, name: "Bob"), books: [b1]),
                AuthorInfo(author: Author(id: 3, name: "Cid"), books: []),
            ])
    }

    @Test func originRowsOfOneValueShareTheirPrefetchedRows() throws {
        let infos = try fixture().read { db in
            try Book.including(all: Book.sameAuthorBooks.orderByPrimaryKey()).orderByPrimaryKey()
                .asRequest(of: BookWithSameAuthorBooks.self).fetchAll(db)
        }
        #expect(infos.map { $0.sameAuthorBooks.map(\.id) } == [[1, 2], [1, 2], [3], []])
    }

    @Test func prefetchedRowsMatchEveryColumnOfTheirOriginRow() throws {
        let infos = try fixture().read { db in
            try Edition.including(all: Edition.translations.order(Column("translator")))
                .order(Column("bookId"), Column("language")).asRequest(of: EditionInfo.self).fetchAll(db)
        }
        #expect(infos.map(\.language) == ["de", "fr", "fr", "it"])
        #expect(infos.map { $0.translations.map(\.translator) } == [["Dan"], ["Fay", "Fred"], ["Flo"], []])
    }

    @Test func recordsThatConvertFromADatabaseValueDecodeFromTheLeftmostColumn() throws {
        let infos = try fixture().read { db in
            try Author.including(all: Author.books.orderByPrimaryKey()).orderByPrimaryKey()
                .asRequest(of: AuthorBookIDs.self).fetchAll(db)
        }
        #expect(infos.map(\.books) == [[BookID(rawValue: 1), BookID(rawValue: 2)], [BookID(rawValue: 3)], []])
    }

    @Test func prefetchedRecordsDecodeEachRowAndKeepCopiesOfTheirOwn() throws {
        // The books of two authors alternate, 50 each: the rows of an author span several of the
        // batches that the rows of a fetch are copied into, and are not next to each other.
        let dbQueue = try fixture()
        try dbQueue.write { db in
            try db.execute(sql: "DELETE FROM book")
            for index in 1...50 {
                try db.execute(
                    sql: "INSERT INTO book VALUES (?, 1, ?), (?, 2, ?)",
                    arguments: [2 * index - 1, "A\(index)", 2 * index, "B\(index)"])
            }
        }
        let expectedTitles = [(1...50).map { "A\($0)" }, (1...50).map { "B\($0)" }, []]
        let expectedIDs: [[Int64]] = [
            Array(stride(from: 1, to: 100, by: 2)), Array(stride(from: 2, through: 100, by: 2)), [],
        ]
        try dbQueue.read { db in
            let request = Author.including(all: Author.books.orderByPrimaryKey()).orderByPrimaryKey()
            let infos = try request.asRequest(of: AuthorInfo.self).fetchAll(db)
            #expect(infos.map { $0.books.map(\.title) } == expectedTitles)
            #expect(infos.map { $0.books.map(\.id) } == expectedIDs)
            // Records decoded by hand, from a Decodable record and from a row: the copies of their
            // rows keep their own values.
            let decodedBooks = try request.asRequest(of: AuthorRowKeepingBooks.self).fetchAll(db).map(\.books)
            let handWrittenInfos = try request.asRequest(of: RowKeepingBookInfo.self).fetchAll(db)
            #expect(handWrittenInfos.map { $0.row["name"] as String } == ["Ann", "Bob", "Cid"])
            #expect(handWrittenInfos.map { $0.row.prefetchedRows["books"]?.count } == [50, 50, 0])
            let handWrittenBooks = handWrittenInfos.map(\.books)
            for books in [decodedBooks, handWrittenBooks] {
                #expect(books.map { $0.map(\.title) } == expectedTitles)
                #expect(books.map { $0.map { $0.row["title"] as String } } == expectedTitles)
                #expect(books.map { $0.map(\.id) } == expectedIDs)
                #expect(books.allSatisfy { $0.allSatisfy { $0.note == nil } })
            }
            // A nested value decoded from the row itself, in a container of its own.
            let snakeCaseInfos = try request.asRequest(of: SnakeCaseAuthorInfo.self).fetchAll(db)
            #expect(snakeCaseInfos.map(\.author.name) == ["Ann", "Bob", "Cid"])
            #expect(snakeCaseInfos.map { $0.books.map(\.title) } == expectedTitles)
        }
    }

    @Test func onlyOneKeyDecodesFromTheRowItselfWhateverTheNumberOfRows() throws {
        try fixture().read { db in
            for request in [Author.all(), Author.filter(key: 1)] {
                let error = #expect(throws: DatabaseError.self) {
                    try request.including(all: Author.books).asRequest(of: AuthorInfoWithTwoRowKeys.self).fetchAll(db)
                }
                #expect(error?.message?.contains("author is already decoded from the row itself") == true)
            }
        }
    }

    @Test func theErrorOfAPrefetchedRecordIsThrown() throws {
        let dbQueue = try fixture()
        try dbQueue.write { db in try db.execute(sql: "UPDATE book SET title = 'refused' WHERE id = 3") }
        let error = #expect(throws: DatabaseError.self) {
            try dbQueue.read { db in
                try Author.including(all: Author.books).asRequest(of: AuthorCheckedBooks.self).fetchAll(db)
            }
        }
        #expect(error?.resultCode == .SQLITE_CONSTRAINT)
        #expect(error?.message == "refused book")
    }
}
