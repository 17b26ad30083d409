import Foundation
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

// Common table expressions, as GRDB 7 writes them: the WITH clause of requests and of their joined
// associations, associations to and from common table expressions, recursive ones, their use in
// subqueries, updates and deletions, and the regions of the requests that read them: the tables
// they read, never their own names.

private let cteSchema = """
    CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER);
    CREATE TABLE chat (id INTEGER PRIMARY KEY);
    CREATE TABLE post (id INTEGER PRIMARY KEY, chatID INTEGER NOT NULL REFERENCES chat(id), date INTEGER NOT NULL);
    CREATE TABLE unrelated (id INTEGER PRIMARY KEY);
    INSERT INTO t VALUES (1, 10), (2, 20), (3, NULL);
    INSERT INTO chat VALUES (1), (2), (3);
    INSERT INTO post VALUES (1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 2, 3), (5, 2, 2), (6, 2, 1);
    """

private struct CTERecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "t"
    enum Columns {
        static let id = Column("id")
        static let a = Column("a")
    }
    var id: Int64
    var a: Int?
}

private struct Chat: Codable, FetchableRecord, TableRecord, Equatable {
    var id: Int64
}

private struct Post: Codable, FetchableRecord, TableRecord, Equatable {
    var id: Int64
    var chatID: Int64
    var date: Int
}

private struct ChatInfo: Decodable, FetchableRecord, Equatable {
    var chat: Chat
    var latestPost: Post?
}

private func makeCTEDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: cteSchema) }
    return writer
}

/// The SQL and arguments of the statement that a request prepares.
private func statementSQL(_ request: some FetchRequest, _ db: Database) throws -> (String, StatementArguments) {
    let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
    return (statement.sql, statement.arguments)
}

/// Fails the check unless the request prepares this SQL, with these arguments.
private func expectStatement(
    _ request: some FetchRequest, _ db: Database, _ sql: String, _ arguments: StatementArguments,
    file: StaticString = #fileID, line: UInt = #line
) throws {
    let (actualSQL, actualArguments) = try statementSQL(request, db)
    try expectEqual(actualSQL, sql, file: file, line: line)
    try expectEqual(actualArguments, arguments, file: file, line: line)
}

/// A request of the integers of a range, from a recursive common table expression.
private func counterRequest(_ range: ClosedRange<Int>) -> QueryInterfaceRequest<Int> {
    let counter = CommonTableExpression<Int>(
        recursive: true, named: "counter", columns: ["x"],
        literal: "VALUES(\(range.lowerBound)) UNION ALL SELECT x+1 FROM counter WHERE x < \(range.upperBound)")
    return counter.all().with(counter)
}

let commonTableExpressionChecks: [ConformanceCheck] = [
    ConformanceCheck("with(_:) writes the WITH clause of SQL, SQL literals and requests, before their arguments") {
        factory in
        let writer = try makeCTEDatabase(factory)
        try writer.read { db in
            let bySQL = CommonTableExpression(named: "cte", sql: "SELECT ?", arguments: ["O'Brien"])
            let byLiteral = CommonTableExpression(named: "cte", literal: "SELECT \("O'Brien")")
            let byRequest = CommonTableExpression(named: "cte", request: CTERecord.all())
            let bySQLRequest = CommonTableExpression(named: "cte", request: SQLRequest<Int>("SELECT \("O'Brien")"))
            for cte in [bySQL, byLiteral, bySQLRequest] {
                try expectStatement(
                    CTERecord.with(cte).filter(Column("a") > 1), db,
                    "WITH \"cte\" AS (SELECT ?) SELECT * FROM \"t\" WHERE \"a\" > ?", ["O'Brien", 1])
            }
            try expectEqual(
                try statementSQL(CTERecord.all().with(byRequest), db).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT * FROM \"t\"")
            try expectEqual(
                try statementSQL(byRequest.all().with(byRequest), db).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT * FROM \"cte\"")
            // Columns, and a later definition of a name that replaces the earlier one in its place.
            let pair = CommonTableExpression(named: "pair", columns: ["a", "b"], sql: "SELECT 1, 2")
            let emptyColumns = CommonTableExpression(named: "cte", columns: [], sql: "SELECT 1")
            try expectEqual(
                try statementSQL(Table("t").with(byRequest).with(pair).with(emptyColumns), db).0,
                "WITH \"cte\" AS (SELECT 1), \"pair\"(\"a\", \"b\") AS (SELECT 1, 2) SELECT * FROM \"t\"")
            // Subqueries of the table: as a value, and in IN.
            let answer = CommonTableExpression(named: "answer", sql: "SELECT 20")
            let valueRequest = CTERecord.filter(Column("a") == answer.all()).with(answer)
            try expectEqual(
                try statementSQL(valueRequest, db).0,
                "WITH \"answer\" AS (SELECT 20) SELECT * FROM \"t\" WHERE \"a\" = (SELECT * FROM \"answer\")")
            try expectEqual(try valueRequest.fetchAll(db).map(\.id), [2])
            let inRequest = CTERecord.with(answer).filter(answer.contains(Column("a")))
            try expectEqual(
                try statementSQL(inRequest, db).0,
                "WITH \"answer\" AS (SELECT 20) SELECT * FROM \"t\" WHERE \"a\" IN \"answer\"")
            try expectEqual(try inRequest.fetchAll(db).map(\.id), [2])
            let ids = CommonTableExpression(named: "ids", request: CTERecord.select(Column("id")))
            let annotated = CTERecord.with(ids).annotated(with: ids.all().filter(Column("id") > 2).forKey("last"))
            try expectStatement(
                annotated, db,
                "WITH \"ids\" AS (SELECT \"id\" FROM \"t\") SELECT *, (SELECT * FROM \"ids\" WHERE \"id\" > ?) AS \"last\" "
                    + "FROM \"t\"", [2])
            try expectEqual(try Row.fetchOne(db, annotated), ["id": 1, "a": 10, "last": 3])
        }
    },
    ConformanceCheck("a recursive common table expression counts, and cte.all().with(cte) fetches its rows") {
        factory in
        let writer = try makeCTEDatabase(factory)
        try writer.read { db in
            try expectStatement(
                counterRequest(0...10), db,
                "WITH RECURSIVE \"counter\"(\"x\") AS (VALUES(?) UNION ALL SELECT x+1 FROM counter WHERE x < ?) "
                    + "SELECT * FROM \"counter\"", [0, 10])
            try expectEqual(try counterRequest(1...10).fetchAll(db), Array(1...10))
            try expectEqual(try counterRequest(3...7).fetchAll(db), Array(3...7))
            try expectEqual(try counterRequest(1...10).fetchCount(db), 10)
            try expectEqual(try counterRequest(1...10).filter(Column("x") > 8).fetchAll(db), [9, 10])
            try expectEqual(try counterRequest(1...10).filter(Column("x") > 10).isEmpty(db), true)
            struct Answer: Decodable, FetchableRecord, Equatable { var value: Int }
            let answer = CommonTableExpression<Answer>(named: "answer", sql: "SELECT 42 AS value")
            try expectEqual(try answer.all().with(answer).fetchOne(db), Answer(value: 42))
            let rows = CommonTableExpression(named: "answer", sql: "SELECT 42 AS value")
            try expectEqual(try rows.all().with(rows).fetchOne(db), ["value": 42])
            // In an SQL literal: the table name, and the definition.
            let request: SQLRequest<Int> = "WITH \(definitionFor: rows) SELECT value + \(1) FROM \(rows)"
            try expectStatement(
                request, db, "WITH \"answer\" AS (SELECT 42 AS value) SELECT value + ? FROM \"answer\"", [1])
            try expectEqual(try request.fetchOne(db), 43)
            let named = CommonTableExpression(
                named: "cte", columns: ["name", "score"], literal: "SELECT \("O'Brien"), 12")
            let allRequest: SQLRequest<Row> = "WITH \(definitionFor: named) \(named.all())"
            try expectStatement(
                allRequest, db, "WITH \"cte\"(\"name\", \"score\") AS (SELECT ?, 12) SELECT * FROM \"cte\"",
                ["O'Brien"])
            try expectEqual(try Row.fetchOne(db, allRequest), ["name": "O'Brien", "score": 12])
        }
    },
    ConformanceCheck("associations to common table expressions join on their condition, or on none") { factory in
        let writer = try makeCTEDatabase(factory)
        try writer.read { db in
            let cte = CommonTableExpression(named: "cte", request: CTERecord.all())
            let greater = CTERecord.association(to: cte) { left, right in left[Column("id")] > right[Column("id")] }
            try expectEqual(
                try statementSQL(CTERecord.with(cte).including(optional: greater), db).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT \"t\".*, \"cte\".* FROM \"t\" "
                    + "LEFT JOIN \"cte\" ON \"t\".\"id\" > \"cte\".\"id\"")
            try expectEqual(
                try statementSQL(CTERecord.with(cte).joining(required: greater), db).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT \"t\".* FROM \"t\" JOIN \"cte\" ON \"t\".\"id\" > \"cte\".\"id\""
            )
            // Typed aliases of a typed common table expression.
            let typed = CommonTableExpression<CTERecord>(named: "cte", request: CTERecord.all())
            let typedAssociation = CTERecord.association(to: typed) { $0.id == $1.a }
            try expectEqual(
                try statementSQL(CTERecord.with(typed).including(required: typedAssociation), db).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT \"t\".*, \"cte\".* FROM \"t\" "
                    + "JOIN \"cte\" ON \"t\".\"id\" = \"cte\".\"a\"")
            // No condition, a filter, an ordering, an alias.
            let literal = CommonTableExpression(named: "cte", literal: "SELECT 1 AS a")
            try expectEqual(
                try statementSQL(CTERecord.with(literal).including(required: CTERecord.association(to: literal)), db).0,
                "WITH \"cte\" AS (SELECT 1 AS a) SELECT \"t\".*, \"cte\".* FROM \"t\" JOIN \"cte\"")
            try expectEqual(
                try statementSQL(
                    CTERecord.with(literal).including(
                        required: CTERecord.association(to: literal).filter(Column("a") != nil).order(Column("a"))), db
                ).0,
                "WITH \"cte\" AS (SELECT 1 AS a) SELECT \"t\".*, \"cte\".* FROM \"t\" "
                    + "JOIN \"cte\" ON \"cte\".\"a\" IS NOT NULL ORDER BY \"cte\".\"a\"")
            let alias = TableAlias()
            try expectEqual(
                try statementSQL(
                    CTERecord.with(cte).including(required: CTERecord.association(to: cte).aliased(alias))
                        .filter(alias[Column("id")] > 0), db
                ).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT \"t\".*, \"cte\".* FROM \"t\" JOIN \"cte\" "
                    + "WHERE \"cte\".\"id\" > ?")
            // One key twice: the last condition wins; two keys: two numbered tables.
            let sum = CTERecord.association(to: cte) { left, right in left[Column("id")] + right[Column("id")] == 1 }
            try expectEqual(
                try statementSQL(CTERecord.with(cte).including(required: greater).including(required: sum), db).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT \"t\".*, \"cte\".* FROM \"t\" "
                    + "JOIN \"cte\" ON (\"t\".\"id\" + \"cte\".\"id\") = ?")
            let lower = CTERecord.association(to: cte) { left, right in left[Column("id")] < right[Column("id")] }
            try expectEqual(
                try statementSQL(
                    CTERecord.with(cte).including(required: greater.forKey("a")).including(required: lower.forKey("b")),
                    db
                ).0,
                "WITH \"cte\" AS (SELECT * FROM \"t\") SELECT \"t\".*, \"cte1\".*, \"cte2\".* FROM \"t\" "
                    + "JOIN \"cte\" \"cte1\" ON \"t\".\"id\" > \"cte1\".\"id\" "
                    + "JOIN \"cte\" \"cte2\" ON \"t\".\"id\" < \"cte2\".\"id\"")
            // A chain: from a record to a common table expression, to another one, to a table.
            enum CTE1 {}
            enum CTE2 {}
            let cte1 = CommonTableExpression<CTE1>(named: "cte1", request: CTERecord.all())
            let cte2 = CommonTableExpression<CTE2>(named: "cte2", literal: "SELECT \("O'Brien")")
            for last in [cte2.association(to: CTERecord.self), cte2.association(to: Table<CTERecord>("t"))] {
                let request = CTERecord.with(cte1).with(cte2).including(
                    required: CTERecord.association(to: cte1).including(
                        required: cte1.association(to: cte2).including(required: last)))
                try expectStatement(
                    request, db,
                    "WITH \"cte1\" AS (SELECT * FROM \"t\"), \"cte2\" AS (SELECT ?) "
                        + "SELECT \"t1\".*, \"cte1\".*, \"cte2\".*, \"t2\".* FROM \"t\" \"t1\" "
                        + "JOIN \"cte1\" JOIN \"cte2\" JOIN \"t\" \"t2\"", ["O'Brien"])
            }
        }
    },
    ConformanceCheck("a request includes the latest post of each chat from a common table expression") { factory in
        let writer = try makeCTEDatabase(factory)
        try writer.read { db in
            let latestPostCTE = CommonTableExpression(
                named: "latestPost", request: Post.annotated(with: max(Column("date"))).group(Column("chatID")))
            let latestPost = Chat.association(to: latestPostCTE) { chat, post in
                chat[Column("id")] == post[Column("chatID")]
            }
            let request = Chat.with(latestPostCTE).including(optional: latestPost).orderByPrimaryKey()
                .asRequest(of: ChatInfo.self)
            try expectEqual(
                try statementSQL(request, db).0,
                "WITH \"latestPost\" AS (SELECT *, MAX(\"date\") FROM \"post\" GROUP BY \"chatID\") "
                    + "SELECT \"chat\".*, \"latestPost\".* FROM \"chat\" "
                    + "LEFT JOIN \"latestPost\" ON \"chat\".\"id\" = \"latestPost\".\"chatID\" ORDER BY \"chat\".\"id\""
            )
            try expectEqual(
                try request.fetchAll(db),
                [
                    ChatInfo(chat: Chat(id: 1), latestPost: Post(id: 3, chatID: 1, date: 3)),
                    ChatInfo(chat: Chat(id: 2), latestPost: Post(id: 4, chatID: 2, date: 3)),
                    ChatInfo(chat: Chat(id: 3), latestPost: nil),
                ])
            try expectEqual(try Chat.with(latestPostCTE).joining(required: latestPost).fetchCount(db), 2)
            // A common table expression that reads another one, without columns: its columns are known
            // from the definitions of the statement.
            let first = CommonTableExpression(named: "first", sql: "SELECT * FROM second")
            let second = CommonTableExpression(named: "second", sql: "SELECT 1 AS a")
            let row = try Row.fetchOne(
                db, first.all().with(second).with(first).including(required: first.association(to: second)))
            try expectEqual(try unwrap(row, "a row")["a"] as Int, 1)
            try expectEqual(try unwrap(row?.scopes["second"], "the scope of second"), ["a": 1])
        }
    },
    ConformanceCheck("the WITH clauses of joined associations are the statement's, the last of a name winning") {
        factory in
        let writer = try makeCTEDatabase(factory)
        try writer.read { db in
            let one = CommonTableExpression(named: "cte", sql: "SELECT 1")
            let two = CommonTableExpression(named: "cte", sql: "SELECT 2")
            let other = CommonTableExpression(named: "other", sql: "SELECT 3")
            let latestPost = Post.belongsTo(Chat.self)
            try expectEqual(
                try statementSQL(Post.joining(optional: latestPost.with(one)), db).0,
                "WITH \"cte\" AS (SELECT 1) SELECT \"post\".* FROM \"post\" "
                    + "LEFT JOIN \"chat\" ON \"chat\".\"id\" = \"post\".\"chatID\"")
            try expectEqual(
                try statementSQL(Post.with(other).with(one).joining(optional: latestPost.with(two)), db).0,
                "WITH \"other\" AS (SELECT 3), \"cte\" AS (SELECT 2) SELECT \"post\".* FROM \"post\" "
                    + "LEFT JOIN \"chat\" ON \"chat\".\"id\" = \"post\".\"chatID\"")
            try expectEqual(
                try statementSQL(
                    Post.joining(optional: latestPost.forKey("a").with(one))
                        .joining(optional: latestPost.forKey("b").with(two)), db
                ).0,
                "WITH \"cte\" AS (SELECT 2) SELECT \"post\".* FROM \"post\" "
                    + "LEFT JOIN \"chat\" \"chat1\" ON \"chat1\".\"id\" = \"post\".\"chatID\" "
                    + "LEFT JOIN \"chat\" \"chat2\" ON \"chat2\".\"id\" = \"post\".\"chatID\"")
        }
    },
    ConformanceCheck("updateAll and deleteAll begin with the WITH clause of the request") { factory in
        let writer = try makeCTEDatabase(factory)
        let cte = CommonTableExpression(named: "cte", sql: "SELECT 10")
        let sql = try tracedSQL(writer) { db in
            _ = try db.primaryKey("t")
            try expectEqual(try CTERecord.with(cte).updateAll(db, Column("a").set(to: cte.all())), 3)
            try expectEqual(try CTERecord.with(cte).filter(cte.contains(Column("a"))).limit(2).deleteAll(db), 2)
            try expectEqual(try CTERecord.with(cte).filter(cte.contains(Column("a"))).fetchCount(db), 1)
        }
        try expectEqual(
            sql.filter { $0.hasPrefix("WITH") },
            [
                "WITH \"cte\" AS (SELECT 10) UPDATE \"t\" SET \"a\" = (SELECT * FROM \"cte\")",
                "WITH \"cte\" AS (SELECT 10) DELETE FROM \"t\" WHERE (\"_rowid_\") IN "
                    + "(SELECT \"_rowid_\" FROM \"t\" WHERE \"a\" IN \"cte\" LIMIT 2)",
                "WITH \"cte\" AS (SELECT 10) SELECT COUNT(*) FROM \"t\" WHERE \"a\" IN \"cte\"",
            ])
    },
    ConformanceCheck("the region of a request with a common table expression is the tables it reads, not its name") {
        factory in
        let writer = try makeCTEDatabase(factory)
        let cte = CommonTableExpression(named: "cte", request: CTERecord.filter(Column("a") != nil))
        try writer.read { db in
            try expectEqual(try cte.all().with(cte).databaseRegion(db).description, "t(a,id)")
            // The rows that a key selects in the main table are not the only ones the statement reads.
            try expectEqual(
                try CTERecord.with(cte).filter(key: 1).including(optional: CTERecord.association(to: cte))
                    .databaseRegion(db).description, "t(a,id)")
            let sqlRequest: SQLRequest<Row> = "WITH \(definitionFor: cte) SELECT * FROM \(cte)"
            try expectEqual(try sqlRequest.databaseRegion(db).description, "t(a,id)")
            try expectEqual(try counterRequest(1...3).databaseRegion(db).description, "empty")
        }
        let changeCount = Locked(0)
        let observation = ValueObservation.tracking { db in
            try cte.all().with(cte).asRequest(of: CTERecord.self).fetchAll(db).map(\.id)
        }.handleEvents(databaseDidChange: { changeCount.withLock { $0 += 1 } })
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext(where: { $0 == [1, 2] })
        try writer.write { db in try db.execute(sql: "INSERT INTO unrelated DEFAULT VALUES") }
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 30 WHERE id = 3") }
        _ = try recorder.waitForNext(where: { $0 == [1, 2, 3] })
        try expectEqual(changeCount.current, 1)
    },
    ConformanceCheck("a common table expression of invalid SQL fails with a DatabaseError that has the SQL") {
        factory in
        let writer = try makeCTEDatabase(factory)
        try writer.read { db in
            let invalid = CommonTableExpression(named: "cte", sql: "SELEC 1")
            let error = try expectDatabaseError(
                .SQLITE_ERROR, sql: "WITH \"cte\" AS (SELEC 1) SELECT * FROM \"cte\"", messageContains: "syntax error"
            ) { _ = try invalid.all().with(invalid).fetchAll(db) }
            // The columns of an included common table expression are those of its valid definition.
            let missing = CommonTableExpression(named: "cte", sql: "SELECT * FROM nope")
            let includeError = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such table: nope") {
                _ = try Row.fetchAll(
                    db, CTERecord.with(missing).including(required: CTERecord.association(to: missing)))
            }
            try expect(includeError.sql?.contains("WITH \"cte\" AS (SELECT * FROM nope)") == true, "\(includeError)")
            // Without the definition, the table is missing.
            let unknown = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELECT * FROM \"cte\"", messageContains: "no such table"
            ) { _ = try invalid.all().fetchAll(db) }
            // An association of a condition has no foreign key for request(for:).
            let record = CTERecord(id: 1, a: 10)
            let forError = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "request(for:)") {
                _ = try record.request(for: CTERecord.association(to: invalid)).fetchAll(db)
            }
        }
    },
]
