import Foundation
import ReactiveSQLite
import Testing

@testable import RSCore

// The windows through which the records of a request that prefetches read their rows (see
// `RowWindow`): they go away with their loop, with the containers they kept.

private struct Author: TableRecord {
    static let books = hasMany(Book.self)
}

private struct Book: TableRecord {}

/// A record decoded through `Decodable`, whose keyed containers a window keeps.
private struct Name: Decodable, FetchableRecord {
    var name: String
}

private struct Title: Decodable, FetchableRecord {
    var title: String
}

/// A book decoded through `Decodable` from the row it gets, with a weak reference to the row's storage.
private struct ProbedBook: FetchableRecord {
    var title: String
    weak var storage: RowStorage?
    init(row: Row) throws {
        title = try Title(row: row).title
        storage = row.storage
    }
}

/// An author and their books, with a weak reference to the storage of the author's row.
private struct ProbedAuthor: FetchableRecord {
    var name: String
    var books: [ProbedBook]
    weak var storage: RowStorage?
    init(row: Row) throws {
        name = try Name(row: row).name
        books = try row.decode([ProbedBook].self, forKey: "books")
        storage = row.storage
    }
}

@Suite struct RowWindowTests {
    @Test func windowsGoAwayWithTheirLoop() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.create(table: "author") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
            }
            try db.create(table: "book") { table in
                table.primaryKey("id", .integer)
                table.belongsTo("author")
                table.column("title", .text).notNull()
            }
            try db.execute(sql: "INSERT INTO author (id, name) VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid')")
            try db.execute(
                sql: "INSERT INTO book (id, authorId, title) VALUES (1, 1, 'A1'), (2, 1, 'A2'), (3, 2, 'B1')")
        }
        let authors = try dbQueue.read { db in
            try Author.including(all: Author.books.orderByPrimaryKey()).orderByPrimaryKey()
                .asRequest(of: ProbedAuthor.self).fetchAll(db)
        }
        #expect(authors.map(\.name) == ["Ann", "Bob", "Cid"])
        #expect(authors.map { $0.books.map(\.title) } == [["A1", "A2"], ["B1"], []])
        // Without windows, the storages of the rows would be those of the fetched rows, which the
        // request's rows keep; the windows, which kept the containers of the records, went away.
        #expect(authors.allSatisfy { $0.storage == nil })
        #expect(authors.flatMap(\.books).allSatisfy { $0.storage == nil })
    }
}
