import Foundation
import RSCore
import RSQueryInterface

// SQL interpolation, as GRDB 7 documents it: what each interpolation writes in the SQL and binds
// in the arguments, SQL literals used as expressions, selections and orderings of the query
// interface, requests as subqueries, and the statements of SQL literals.

private let interpolationSchema = """
    CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER, createdAt TEXT);
    INSERT INTO player VALUES (1, 'Arthur', 100, '2024-01-23 10:00:00');
    INSERT INTO player VALUES (2, 'O''Brien', 300, '2024-01-24 10:00:00');
    INSERT INTO player VALUES (3, 'Barbara', NULL, '2024-01-23 18:00:00');
    """

private struct InterpolatedPlayer: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "player"
    var id: Int64
    var name: String
    var score: Int?

    enum CodingKeys: String, CodingKey {
        case id, name, score
    }
}

/// A record type that selects some columns of its table.
private struct PlayerName: TableRecord {
    static let databaseTableName = "player"
    static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
}

private func makeInterpolationDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: interpolationSchema) }
    return writer
}

/// The SQL and arguments of the statement that a request prepares.
private func statementSQL(_ request: some FetchRequest, _ db: Database) throws -> (String, StatementArguments) {
    let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
    return (statement.sql, statement.arguments)
}

/// Fails the check unless the literal builds this SQL and these arguments.
private func expectBuild(
    _ literal: SQL, _ db: Database, _ sql: String, _ arguments: StatementArguments = [],
    file: StaticString = #fileID, line: UInt = #line
) throws {
    let built = try literal.build(db)
    try expectEqual(built.sql, sql, file: file, line: line)
    try expectEqual(built.arguments, arguments, file: file, line: line)
}

let sqlInterpolationChecks: [ConformanceCheck] = [
    ConformanceCheck("an SQL literal binds interpolated values, writes NULL for nil, and quotes names") { factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.read { db in
            let (a, b) = (Column("a"), Column("b"))
            let (integer, optionalInteger, nilInteger): (Int, Int?, Int?) = (1, 2, nil)
            try expectBuild(
                "SELECT \(a), \(a + 1), \(a < b), \(integer), \(optionalInteger), \(nilInteger), \("O'Brien")", db,
                "SELECT \"a\", \"a\" + ?, \"a\" < \"b\", ?, ?, NULL, ?", [1, 1, 2, "O'Brien"])
            // A Substring is a string value; Data, a sequence of bytes, is one value.
            let data = Data("SQLite".utf8)
            try expectBuild("SELECT \("xbaz".dropFirst()), \(data)", db, "SELECT ?, ?", ["baz", data])
            // Record types, records, tables, identifiers, coding keys.
            try expectBuild(
                "SELECT \(InterpolatedPlayer.CodingKeys.name) FROM \(InterpolatedPlayer.self)", db,
                "SELECT \"name\" FROM \"player\"")
            let player = InterpolatedPlayer(id: 1, name: "Arthur", score: nil)
            try expectBuild(
                "DELETE FROM \(tableOf: player); DELETE FROM \(Table("team")); DROP TABLE \(identifier: "group")",
                db, "DELETE FROM \"player\"; DELETE FROM \"team\"; DROP TABLE \"group\"")
            let anyType: any TableRecord.Type = InterpolatedPlayer.self
            try expectBuild("FROM \(anyType), \(tableOf: player as any TableRecord)", db, "FROM \"player\", \"player\"")
            // Raw SQL and other literals keep their text and arguments, in order.
            let condition: SQL = "name = \("Arthur")"
            let query: SQL = """
                SELECT *, \(true) FROM \(sql: "player") WHERE \(literal: condition) AND \(SQL("score > \(10)")) \
                AND id = \(sql: ":id", arguments: ["id": 1])
                """
            try expectBuild(
                query, db, "SELECT *, ? FROM player WHERE name = ? AND score > ? AND id = :id",
                [true, "Arthur", 10] + ["id": 1])
            // Optional and existential selections, orderings and expressions.
            let noSelection: (any SQLSelectable)? = nil
            let anyOrdering: any SQLOrderingTerm = Column("name").desc
            let selection: SQL = """
                SELECT \(AllColumns()), \(noSelection), \(Column("name").forKey("n")) \
                ORDER BY \(anyOrdering), \(Column("id").asc)
                """
            try expectBuild(selection, db, "SELECT *, NULL, \"name\" AS \"n\" ORDER BY \"name\" DESC, \"id\" ASC")
            // Collations.
            try expectBuild(
                "ORDER BY name COLLATE \(Database.CollationName.nocase), name COLLATE \(DatabaseCollation.unicodeCompare)",
                db, "ORDER BY name COLLATE NOCASE, name COLLATE \"unicodeCompare\"")
        }
    },
    ConformanceCheck("an SQL literal interpolates sequences as lists, and an empty one as a subquery of no row") {
        factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.read { db in
            let expressions: [any SQLExpressible] = [Column("a"), Column("b") + 2]
            let none: [Int] = []
            try expectBuild(
                "WHERE id IN \(Set([1])) AND name IN \(["foo", "bar"]) AND c IN \(expressions) AND d IN \(none)", db,
                "WHERE id IN (?) AND name IN (?,?) AND c IN (\"a\",\"b\" + ?) AND d IN (SELECT NULL WHERE NULL)",
                [1, "foo", "bar", 2])
            let ids = [1, 3]
            let names = try String.fetchAll(
                db, SQLRequest<String>("SELECT name FROM player WHERE id IN \(ids) ORDER BY id"))
            try expectEqual(names, ["Arthur", "Barbara"])
            try expectEqual(
                try Int.fetchOne(db, SQLRequest<Int>("SELECT COUNT(*) FROM player WHERE id NOT IN \(none)")), 3)
        }
    },
    ConformanceCheck("columnsOf: interpolates the selection of a record type, qualified with its table or an alias") {
        factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.read { db in
            try expectBuild(
                "SELECT \(columnsOf: InterpolatedPlayer.self) FROM player", db, "SELECT \"player\".* FROM player")
            try expectBuild(
                "SELECT \(columnsOf: InterpolatedPlayer.self, tableAlias: "p") FROM player p", db,
                "SELECT \"p\".* FROM player p")
            try expectBuild(
                "SELECT \(columnsOf: PlayerName.self) FROM player", db,
                "SELECT \"player\".\"id\", \"player\".\"name\" FROM player")
            let request = SQLRequest<Row>(
                """
                SELECT \(columnsOf: PlayerName.self, tableAlias: "p") FROM \(PlayerName.self) p
                WHERE p.id = \(2)
                """)
            try expectEqual(try Row.fetchAll(db, request), [["id": 2, "name": "O'Brien"]])
        }
    },
    ConformanceCheck("a request interpolates as a subquery whose columns the enclosing request does not qualify") {
        factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.read { db in
            let score = Column("score")
            let sqlSubquery: SQLRequest<Int> = "SELECT MAX(score) - \(10) FROM player"
            try expectBuild(
                "SELECT * FROM player WHERE score > (\(sqlSubquery))", db,
                "SELECT * FROM player WHERE score > (SELECT MAX(score) - ? FROM player)", [10])
            let subquery = InterpolatedPlayer.select(max(score) - 10)
            try expectBuild(
                "SELECT * FROM player WHERE score > (\(subquery))", db,
                "SELECT * FROM player WHERE score > (SELECT MAX(\"score\") - ? FROM \"player\")", [10])
            let best: SQLRequest<InterpolatedPlayer> =
                "SELECT * FROM player WHERE score = (\(subquery.select(max(score))))"
            try expectEqual(try best.fetchAll(db).map(\.name), ["O'Brien"])
            // In an aliased request, the literal's own columns are qualified, not the subquery's.
            let name = Column("name")
            let maxName: SQLRequest<String> = "SELECT MAX(\(name)) FROM \(InterpolatedPlayer.self)"
            let request = InterpolatedPlayer.aliased(TableAlias(name: "p")).filter(literal: "\(name) = (\(maxName))")
            try expectEqual(
                try statementSQL(request, db).0,
                "SELECT \"p\".* FROM \"player\" \"p\" WHERE \"p\".\"name\" = (SELECT MAX(\"name\") FROM \"player\")")
            try expectEqual(try request.fetchAll(db).map(\.name), ["O'Brien"])
            // A request is also a value, and has IN and EXISTS.
            let maxScore = InterpolatedPlayer.select(max(score))
            let valueRequest = InterpolatedPlayer.filter(score == maxScore)
            try expectEqual(
                try statementSQL(valueRequest, db).0,
                "SELECT * FROM \"player\" WHERE \"score\" = (SELECT MAX(\"score\") FROM \"player\")")
            try expectEqual(try valueRequest.fetchAll(db).map(\.id), [2])
            try expectEqual(
                try InterpolatedPlayer.filter(sqlSubquery.contains(Column("score") - 10)).fetchAll(db).map(\.id), [2])
            try expectEqual(try InterpolatedPlayer.filter(sqlSubquery.exists()).fetchCount(db), 3)
            try expectEqual(
                try statementSQL(InterpolatedPlayer.annotated(with: maxScore.forKey("best")), db).0,
                "SELECT *, (SELECT MAX(\"score\") FROM \"player\") AS \"best\" FROM \"player\"")
        }
    },
    ConformanceCheck("an SQL literal is an expression, a selection and an ordering, qualified in joined requests") {
        factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.read { db in
            let request =
                InterpolatedPlayer
                .select(SQL("id"), SQL("score").forKey("theScore"))
                .filter(SQL("name <> \("O'Brien")") && SQL("score > 10"))
                .order(SQL("score DESC"), SQL("name").desc)
            try expectEqual(
                try statementSQL(request, db).0,
                "SELECT id, score AS \"theScore\" FROM \"player\" WHERE (name <> ?) AND (score > 10) "
                    + "ORDER BY score DESC, name DESC")
            try expectEqual(try Row.fetchAll(db, request), [["id": 1, "theScore": 100]])
            // An expression of a literal is parenthesized as an operand; its columns are qualified.
            let creationDay = SQL("DATE(\(Column("createdAt")))")
            let dayRequest = InterpolatedPlayer.filter(creationDay == "2024-01-23").orderByPrimaryKey()
            try expectEqual(
                try statementSQL(dayRequest, db).0,
                "SELECT * FROM \"player\" WHERE (DATE(\"createdAt\")) = ? ORDER BY \"id\"")
            try expectEqual(try dayRequest.fetchAll(db).map(\.id), [1, 3])
            let aliased = InterpolatedPlayer.aliased(TableAlias(name: "p"))
                .select(literal: "\(Column("name")) || \("!")", as: String.self).filter(key: 1)
            try expectEqual(
                try statementSQL(aliased, db).0,
                "SELECT \"p\".\"name\" || ? FROM \"player\" \"p\" WHERE \"p\".\"id\" = ?")
            try expectEqual(try aliased.fetchOne(db), "Arthur!")
            // An ordering of SQL text can't be reversed: the error says so.
            let reversed = InterpolatedPlayer.order(literal: "score DESC").reversed()
            let error = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "can't be reversed") {
                _ = try reversed.fetchAll(db)
            }
        }
    },
    ConformanceCheck(
        "select(literal:as:), select(sql:arguments:as:) and order(literal:) on requests, records and tables"
    ) { factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.read { db in
            let bonus = 5
            try expectEqual(
                try InterpolatedPlayer.select(literal: "MAX(score) + \(bonus)", as: Int.self).fetchOne(db), 305)
            try expectEqual(
                try InterpolatedPlayer.select(sql: "MIN(score) + ?", arguments: [bonus], as: Int.self).fetchOne(db),
                105)
            try expectEqual(
                try InterpolatedPlayer.all().select(literal: "name", as: String.self).order(literal: "id DESC")
                    .fetchAll(db), ["Barbara", "O'Brien", "Arthur"])
            try expectEqual(
                try InterpolatedPlayer.all().select(sql: "id * ?", arguments: [2], as: Int.self).fetchAll(db).sorted(),
                [2, 4, 6])
            try expectEqual(
                try InterpolatedPlayer.order(literal: "score IS NULL, score DESC").fetchAll(db).map(\.id), [2, 1, 3])
            let table = Table("player")
            try expectEqual(
                try table.select(sql: "name").order(sql: "id").fetchAll(db).map { $0[0] as String }.first,
                "Arthur")
            try expectEqual(try table.select(literal: "MAX(id)", as: Int.self).fetchOne(db), 3)
            try expectEqual(try table.select(sql: "MIN(id)", as: Int.self).fetchOne(db), 1)
            try expectEqual(
                try table.select(literal: "id").order(literal: "id DESC").fetchAll(db).map { $0[0] as Int },
                [3, 2, 1])
        }
    },
    ConformanceCheck(
        "execute(literal:), makeStatement(literal:), cachedStatement(literal:) and allStatements run literals"
    ) { factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.write { db in
            try db.execute(
                literal: """
                    INSERT INTO player (id, name) VALUES (\(10), \("Zoe"));
                    UPDATE player SET score = \(7) WHERE id = \(10)
                    """)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT score FROM player WHERE name = 'Zoe'"), 7)
            let statement = try db.makeStatement(literal: "SELECT name FROM player WHERE id = \(10)")
            try expectEqual(statement.sql, "SELECT name FROM player WHERE id = ?")
            try expectEqual(try String.fetchOne(statement), "Zoe")
            // A literal without arguments leaves the parameters to bind.
            let unbound = try db.cachedStatement(literal: "SELECT name FROM player WHERE id = ?")
            try expect(unbound === (try db.cachedStatement(sql: "SELECT name FROM player WHERE id = ?")))
            try expectEqual(try String.fetchOne(unbound, arguments: [1]), "Arthur")
            try expectEqual(try String.fetchOne(db.cachedStatement(literal: "SELECT \("a") || \("b")")), "ab")
            // allStatements gives each statement its arguments, in order.
            let statements = try db.allStatements(
                literal: """
                    INSERT INTO player (id, name) VALUES (\(11), \("Yann"));
                    DELETE FROM player WHERE id = \(10)
                    """)
            var sqls: [String] = []
            while let statement = try statements.next() {
                sqls.append(statement.sql)
                try statement.execute()
            }
            try expectEqual(sqls, ["INSERT INTO player (id, name) VALUES (?, ?)", "DELETE FROM player WHERE id = ?"])
            try expectEqual(try String.fetchAll(db, sql: "SELECT name FROM player WHERE id >= 10"), ["Yann"])
            let counts = try db.allStatements(
                sql: "SELECT COUNT(*) FROM player WHERE id < ?; SELECT COUNT(*) FROM player WHERE id > ?",
                arguments: [3, 1])
            var results: [Int] = []
            while let statement = try counts.next() { results.append(try Int.fetchOne(statement) ?? -1) }
            try expectEqual(results, [2, 3])
        }
    },
    ConformanceCheck("invalid SQL literals and wrong arguments are DatabaseErrors with the SQL") { factory in
        let writer = try makeInterpolationDatabase(factory)
        try writer.write { db in
            let syntax = try expectDatabaseError(.SQLITE_ERROR, sql: "SELEC ?", messageContains: "syntax error") {
                try db.execute(literal: "SELEC \(1)")
            }
            let missing = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELECT * FROM \"nope\"", messageContains: "no such table"
            ) {
                _ = try db.makeStatement(literal: "SELECT * FROM \(identifier: "nope")")
            }
            let arguments = try expectDatabaseError(.SQLITE_MISUSE, sql: "SELECT ?, ?") {
                _ = try db.cachedStatement(literal: "SELECT ?, \(1)")
            }
            let leftOver = try expectDatabaseError(
                .SQLITE_MISUSE, messageContains: "wrong number of statement arguments"
            ) {
                let statements = try db.allStatements(sql: "SELECT ?; SELECT 2", arguments: [1, 2])
                while try statements.next() != nil {}
            }
            let request = InterpolatedPlayer.filter(literal: "score >>> \(1)")
            let filterError = try expectDatabaseError(
                .SQLITE_ERROR, sql: "SELECT * FROM \"player\" WHERE score >>> ?", messageContains: "syntax error"
            ) { _ = try request.fetchAll(db) }
        }
    },
]
