import Foundation
import ReactiveSQLite
import Testing

// The SQL of requests with associations, as GRDB 7 generates it for the same requests (values are
// bound as `?` here, where GRDB's tests print them inline).

private struct Author: TableRecord {
    static let books = hasMany(Book.self, using: Book.authorForeignKey)
    static let country = belongsTo(Country.self)
}

private struct Book: TableRecord {
    enum Columns {
        static let year = Column("year")
    }
    // Two foreign keys refer to the author table: each association tells which it uses.
    static let authorForeignKey = ForeignKey(["authorId"])
    static let author = belongsTo(Author.self, using: authorForeignKey)
    static let translator = belongsTo(Author.self, key: "translator", using: ForeignKey(["translatorId"]))
}

private struct Country: TableRecord {
    static let databaseTableName = "countries"
}

/// A node of a tree, whose parent is a node too.
private struct Node: TableRecord {
    static let parent = belongsTo(Node.self, key: "parent")
    static let children = hasMany(Node.self, key: "children")
}

private func fixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(
            sql: """
                CREATE TABLE countries (code TEXT PRIMARY KEY, name TEXT);
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT, countryCode TEXT REFERENCES countries(code));
                CREATE TABLE book (
                    id INTEGER PRIMARY KEY, title TEXT, year INTEGER,
                    authorId INTEGER REFERENCES author(id), translatorId INTEGER REFERENCES author(id));
                CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT, parentId INTEGER REFERENCES node(id));
                """)
    }
    return dbQueue
}

/// The SQL and arguments a request runs.
private func sql(_ request: some FetchRequest, singleResult: Bool = false) throws -> String {
    try fixture().read { db in try request.makePreparedRequest(db, forSingleResult: singleResult).statement.sql }
}

@Suite struct AssociationSQLTests {
    @Test func belongsToJoins() throws {
        #expect(
            try sql(Book.including(required: Book.author))
                == #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
        #expect(
            try sql(Book.including(optional: Book.author))
                == #"SELECT "book".*, "author".* FROM "book" LEFT JOIN "author" ON "author"."id" = "book"."authorId""#)
        #expect(
            try sql(Book.joining(required: Book.author))
                == #"SELECT "book".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
        #expect(
            try sql(Book.joining(optional: Book.author))
                == #"SELECT "book".* FROM "book" LEFT JOIN "author" ON "author"."id" = "book"."authorId""#)
    }

    @Test func hasManyJoins() throws {
        #expect(
            try sql(Author.including(required: Author.books))
                == #"SELECT "author".*, "book".* FROM "author" JOIN "book" ON "book"."authorId" = "author"."id""#)
        #expect(
            try sql(Author.joining(optional: Author.books))
                == #"SELECT "author".* FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id""#)
    }

    @Test func filtersOfAssociationsGoInTheirOnClause() throws {
        #expect(
            try sql(Book.including(optional: Book.author.filter(Column("name") == "Jane")))
                == #"SELECT "book".*, "author".* FROM "book" LEFT JOIN "author" "#
                + #"ON ("author"."id" = "book"."authorId") AND ("author"."name" = ?)"#)
        #expect(
            try sql(Book.including(required: Book.author.filter(key: 1)))
                == #"SELECT "book".*, "author".* FROM "book" JOIN "author" "#
                + #"ON ("author"."id" = "book"."authorId") AND ("author"."id" = ?)"#)
    }

    @Test func columnsOfTheBaseAreQualifiedWhenTablesAreJoined() throws {
        #expect(
            try sql(Book.filter(Column("year") > 2000).including(required: Book.author).order(Column("title")))
                == #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" "#
                + #"WHERE "book"."year" > ? ORDER BY "book"."title""#)
        #expect(
            try sql(Book.including(required: Book.author.select(Column("name"))))
                == #"SELECT "book".*, "author"."name" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
    }

    @Test func tableAliasesQualifyColumnsOfOtherTables() throws {
        let authorAlias = TableAlias()
        #expect(
            try sql(Book.joining(required: Book.author.aliased(authorAlias)).filter(authorAlias[Column("name")] != nil))
                == #"SELECT "book".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" "#
                + #"WHERE "author"."name" IS NOT NULL"#)
        let named = TableAlias(name: "b")
        #expect(
            try sql(Book.aliased(named).filter(Column("year") > 2000).order(Column("title")))
                == #"SELECT "b".* FROM "book" "b" WHERE "b"."year" > ? ORDER BY "b"."title""#)
        // An unnamed alias of the only table of a request qualifies nothing.
        let unnamed = TableAlias()
        #expect(
            try sql(Book.aliased(unnamed).filter(unnamed[Column("year")] > 2000))
                == #"SELECT * FROM "book" WHERE "year" > ?"#)
    }

    @Test func aliasExistsTellsWhetherAnOptionalJoinFoundARow() throws {
        let authorAlias = TableAlias<Author>()
        let books = Book.joining(optional: Book.author.aliased(authorAlias))
        let join = #"SELECT "book".* FROM "book" LEFT JOIN "author" ON "author"."id" = "book"."authorId" "#
        #expect(try sql(books.filter(authorAlias.exists)) == join + #"WHERE "author"."id" IS NOT NULL"#)
        #expect(try sql(books.filter(!authorAlias.exists)) == join + #"WHERE NOT ("author"."id" IS NOT NULL)"#)
        // A table whose primary key is not the rowid: the rowid tells.
        let countryAlias = TableAlias()
        #expect(
            try sql(Author.joining(optional: Author.country.aliased(countryAlias)).filter(countryAlias.exists))
                == #"SELECT "author".* FROM "author" LEFT JOIN "countries" ON "countries"."code" = "author"."countryCode" "#
                + #"WHERE "countries"."rowid" IS NOT NULL"#)
        // A table numbered in the request is named after its number.
        let translatorAlias = TableAlias()
        #expect(
            try sql(
                Book.joining(required: Book.author).joining(optional: Book.translator.aliased(translatorAlias))
                    .filter(translatorAlias.exists)
            ).hasSuffix(#"WHERE "author2"."id" IS NOT NULL"#))
        // An alias that names no table of the request is a misuse.
        let error = #expect(throws: DatabaseError.self) { try sql(Book.filter(TableAlias(name: "a").exists)) }
        #expect(error?.resultCode == .SQLITE_MISUSE)
        let dbQueue = try fixture()
        try dbQueue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO author (id, name) VALUES (1, 'Jules');
                    INSERT INTO book (id, title, authorId) VALUES (1, 'Kept', 1), (2, 'Orphan', NULL), (3, 'Other', NULL);
                    """)
            let titles = { (request: QueryInterfaceRequest<Book>) in
                try String.fetchAll(db, request.select(Column("title"), as: String.self).order(Column("id")))
            }
            #expect(try titles(books.filter(authorAlias.exists)) == ["Kept"])
            #expect(try titles(books.filter(!authorAlias.exists)) == ["Orphan", "Other"])
        }
    }

    @Test func aliasExistsTestsThePrimaryKeyOfATableWithoutRowID() throws {
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE pair (a INTEGER NOT NULL, b INTEGER NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
                    CREATE TABLE item (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER);
                    INSERT INTO pair VALUES (1, 2);
                    INSERT INTO item VALUES (1, 1, 2), (2, 1, 3);
                    """)
            let pairAlias = TableAlias()
            let request = Table("item").joining(
                optional: Table("item").belongsTo(Table("pair"), using: ForeignKey(["a", "b"])).aliased(pairAlias)
            )
            .filter(pairAlias.exists)
            let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
            #expect(statement.sql.hasSuffix(#"WHERE ("pair"."a" IS NOT NULL) OR ("pair"."b" IS NOT NULL)"#))
            #expect(try Int64.fetchAll(db, request.select(Column("id"), as: Int64.self)) == [1])
        }
    }

    @Test func tablesOfOneNameAreNumbered() throws {
        #expect(
            try sql(Node.including(optional: Node.parent))
                == #"SELECT "node1".*, "node2".* FROM "node" "node1" LEFT JOIN "node" "node2" "#
                + #"ON "node2"."id" = "node1"."parentId""#)
        #expect(
            try sql(Book.including(required: Book.author).including(optional: Book.translator))
                == #"SELECT "book".*, "author1".*, "author2".* FROM "book" "#
                + #"JOIN "author" "author1" ON "author1"."id" = "book"."authorId" "#
                + #"LEFT JOIN "author" "author2" ON "author2"."id" = "book"."translatorId""#)
        let parent = TableAlias(name: "parent")
        #expect(
            try sql(Node.joining(required: Node.parent.aliased(parent)).filter(parent[Column("name")] == "root"))
                == #"SELECT "node".* FROM "node" JOIN "node" "parent" ON "parent"."id" = "node"."parentId" "#
                + #"WHERE "parent"."name" = ?"#)
    }

    @Test func chainsJoinRightAfterTheirParent() throws {
        #expect(
            try sql(Book.including(required: Book.author.including(optional: Author.country)))
                == #"SELECT "book".*, "author".*, "countries".* FROM "book" "#
                + #"JOIN "author" ON "author"."id" = "book"."authorId" "#
                + #"LEFT JOIN "countries" ON "countries"."code" = "author"."countryCode""#)
        #expect(
            try sql(Book.joining(required: Book.author.including(required: Author.country)))
                == #"SELECT "book".*, "countries".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId" "#
                + #"JOIN "countries" ON "countries"."code" = "author"."countryCode""#)
    }

    @Test func orderingsOfAssociationsFollowTheBaseOnes() throws {
        let request = Book.order(Column("title")).including(required: Book.author.order(Column("name").desc))
        let prefix = #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#
        #expect(try sql(request) == prefix + #" ORDER BY "book"."title", "author"."name" DESC"#)
        #expect(try sql(request.reversed()) == prefix + #" ORDER BY "book"."title" DESC, "author"."name" ASC"#)
        #expect(try sql(request.unordered()) == prefix)
    }

    @Test func theSameAssociationTwiceIsOneJoin() throws {
        #expect(
            try sql(Book.joining(optional: Book.author).including(required: Book.author))
                == #"SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
    }

    @Test func prefetchedAssociationsAreNotJoined() throws {
        #expect(try sql(Author.including(all: Author.books)) == #"SELECT * FROM "author""#)
    }

    @Test func annotationsOfAssociatedColumns() throws {
        #expect(
            try sql(Book.annotated(withOptional: Book.author.select(Column("name").forKey("authorName"))))
                == #"SELECT "book".*, "author"."name" AS "authorName" FROM "book" "#
                + #"LEFT JOIN "author" ON "author"."id" = "book"."authorId""#)
        #expect(
            try sql(Book.annotated(withRequired: Book.author.select(Column("id"))))
                == #"SELECT "book".*, "author"."id" FROM "book" JOIN "author" ON "author"."id" = "book"."authorId""#)
    }

    @Test func associationAggregates() throws {
        let join = #"FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id" GROUP BY "author"."id""#
        #expect(
            try sql(Author.annotated(with: Author.books.count))
                == #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" "# + join)
        #expect(
            try sql(Author.annotated(with: Author.books.isEmpty))
                == #"SELECT "author".*, COUNT(DISTINCT "book"."id") = ? AS "hasNoBook" "# + join)
        #expect(
            try sql(Author.annotated(with: Author.books.max(Column("year")), Author.books.sum(Column("year"))))
                == #"SELECT "author".*, MAX("book"."year") AS "maxBookYear", SUM("book"."year") AS "bookYearSum" "#
                + join)
        // The closure forms read the associated record's columns.
        #expect(
            try sql(Author.annotated(with: Author.books.min(\.year), Author.books.total { $0.year }))
                == #"SELECT "author".*, MIN("book"."year") AS "minBookYear", TOTAL("book"."year") AS "bookYearSum" "#
                + join)
        #expect(
            try sql(Author.annotated(with: Author.books.average(Column("year")).forKey("meanYear")))
                == #"SELECT "author".*, AVG("book"."year") AS "meanYear" "# + join)
        #expect(
            try sql(Author.having(Author.books.count > 2))
                == #"SELECT "author".* "# + join + #" HAVING COUNT(DISTINCT "book"."id") > ?"#)
        #expect(
            try sql(Author.annotated(with: Author.books.count).having(Author.books.isEmpty == false))
                == #"SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount" "# + join
                + #" HAVING NOT (COUNT(DISTINCT "book"."id") = ?)"#)
    }

    @Test func requestsForAssociations() throws {
        struct Fixture: TableRecord, EncodableRecord {
            static let databaseTableName = "book"
            static let author = belongsTo(Author.self, using: Book.authorForeignKey)
            static let reviewer = belongsTo(Author.self, using: ForeignKey(["translatorId"]))
            var authorId: Int64?
            var translatorId: Int64?
            func encode(to container: inout PersistenceContainer) {
                container["authorId"] = authorId
                container["translatorId"] = translatorId
            }
        }
        let book = Fixture(authorId: 1, translatorId: nil)
        #expect(try sql(book.request(for: Fixture.author)) == #"SELECT * FROM "author" WHERE "id" = ?"#)
        #expect(try sql(book.request(for: Fixture.reviewer)) == #"SELECT * FROM "author" WHERE ?"#)
    }

    @Test func prefetchQueries() throws {
        let dbQueue = try fixture()
        try dbQueue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO author (id, name) VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');
                    INSERT INTO book (id, title, authorId) VALUES (1, 'A1', 1), (2, 'B1', 2);
                    """)
        }
        let statements = try tracedStatements(dbQueue) { db in
            _ = try Row.fetchAll(db, Author.including(all: Author.books.order(Column("title"))))
        }
        #expect(
            statements == [
                #"SELECT * FROM "author""#,
                #"SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (?, ?, ?) ORDER BY "title""#,
            ])
        let single = try tracedStatements(dbQueue) { db in
            _ = try Row.fetchOne(db, Author.filter(key: 2).including(all: Author.books))
        }
        #expect(
            single == [
                #"SELECT * FROM "author" WHERE "id" = ? LIMIT 1"#,
                #"SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" = ?"#,
            ])
        // No parent row, no prefetch query.
        let none = try tracedStatements(dbQueue) { db in
            _ = try Row.fetchAll(db, Author.none().including(all: Author.books))
        }
        #expect(none == [#"SELECT * FROM "author" WHERE ?"#])
    }
}

/// The SQL of the statements that run in a database access, but the schema queries (the schema is
/// cached once read).
private func tracedStatements(_ dbQueue: DatabaseQueue, _ access: @escaping (Database) throws -> Void) throws
    -> [String]
{
    try dbQueue.read { db in
        var statements: [String] = []
        db.trace { event in
            if case .statement(let statement) = event, !statement.sql.hasPrefix("PRAGMA") {
                statements.append(statement.sql)
            }
        }
        try access(db)
        db.trace(options: [], nil)
        return statements
    }
}
