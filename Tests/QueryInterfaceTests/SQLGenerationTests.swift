import Foundation
import ReactiveSQLite
import Testing

/// A record for the requests of these tests.
private struct Player: Codable, FetchableRecord, PersistableRecord, Identifiable {
    var id: Int64
    var name: String
    var score: Int?
}

/// The SQL and arguments a request runs, as prepared by a real database.
private func sql(_ request: some FetchRequest, singleResult: Bool = false) throws -> (String, StatementArguments) {
    try fixture().read { db in
        let statement = try request.makePreparedRequest(db, forSingleResult: singleResult).statement
        return (statement.sql, statement.arguments)
    }
}

private func fixture() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER)")
        try db.execute(sql: "CREATE TABLE pair (a INTEGER, b INTEGER, PRIMARY KEY (a, b))")
        try db.execute(sql: "CREATE TABLE note (text TEXT)")
    }
    return dbQueue
}

@Suite struct SQLGenerationTests {
    @Test func all() throws {
        #expect(try sql(Player.all()) == ("SELECT * FROM \"player\"", []))
        #expect(try sql(Table("note").all()) == ("SELECT * FROM \"note\"", []))
        #expect(try sql(Player.all(), singleResult: true) == ("SELECT * FROM \"player\" LIMIT 1", []))
    }

    @Test func comparisons() throws {
        let score = Column("score")
        #expect(try sql(Player.filter(score > 10)) == ("SELECT * FROM \"player\" WHERE \"score\" > ?", [10]))
        #expect(try sql(Player.filter(score >= 10)).0.hasSuffix("WHERE \"score\" >= ?"))
        #expect(try sql(Player.filter(score < 10)).0.hasSuffix("WHERE \"score\" < ?"))
        #expect(try sql(Player.filter(score <= 10)).0.hasSuffix("WHERE \"score\" <= ?"))
        #expect(try sql(Player.filter(10 < score)).0.hasSuffix("WHERE ? < \"score\""))
        #expect(try sql(Player.filter(score == 10)).0.hasSuffix("WHERE \"score\" = ?"))
        #expect(try sql(Player.filter(score != 10)).0.hasSuffix("WHERE \"score\" <> ?"))
        #expect(try sql(Player.filter(score == nil)) == ("SELECT * FROM \"player\" WHERE \"score\" IS NULL", []))
        #expect(try sql(Player.filter(score != nil)).0.hasSuffix("WHERE \"score\" IS NOT NULL"))
        let missing: Int? = nil
        #expect(try sql(Player.filter(score == missing)).0.hasSuffix("WHERE \"score\" IS NULL"))
        #expect(try sql(Player.filter(score === 3)).0.hasSuffix("WHERE \"score\" IS ?"))
        #expect(try sql(Player.filter(score !== 3)).0.hasSuffix("WHERE \"score\" IS NOT ?"))
        #expect(try sql(Player.filter(score == Column("id"))).0.hasSuffix("WHERE \"score\" = \"id\""))
    }

    @Test func booleanOperatorsParenthesizeTheirOperands() throws {
        let (name, score) = (Column("name"), Column("score"))
        #expect(
            try sql(Player.filter(score > 10 && name == "Arthur"))
                == ("SELECT * FROM \"player\" WHERE (\"score\" > ?) AND (\"name\" = ?)", [10, "Arthur"]))
        #expect(
            try sql(Player.filter(score > 10 || !(name == "Arthur")))
                == ("SELECT * FROM \"player\" WHERE (\"score\" > ?) OR (NOT (\"name\" = ?))", [10, "Arthur"]))
        // Successive filters add up with AND, flattened.
        #expect(
            try sql(Player.filter(score > 10).filter(name == "Arthur").filter(Column("id") < 5))
                == (
                    "SELECT * FROM \"player\" WHERE (\"score\" > ?) AND (\"name\" = ?) AND (\"id\" < ?)",
                    [10, "Arthur", 5]
                ))
        // Empty joins are neutral values.
        #expect(try sql(Player.filter([SQLExpression]().joined(operator: .or))).1 == [0])
    }

    @Test func arithmeticAndFunctions() throws {
        let score = Column("score")
        #expect(
            try sql(Player.select((score + 1) * 2 - Column("id") / 3, as: Int.self))
                == ("SELECT ((\"score\" + ?) * ?) - (\"id\" / ?) FROM \"player\"", [1, 2, 3]))
        #expect(try sql(Player.select(-score)).0 == "SELECT -\"score\" FROM \"player\"")
        #expect(
            try sql(
                Player.select(
                    count(score), count(distinct: score), count(AllColumns()), min(score), max(score), sum(score),
                    total(score), average(score), length(Column("name")), abs(score), lower(Column("name")),
                    upper(Column("name")), score ?? 0, coalesce([score, Column("id"), 1])
                )
            ).0
                == "SELECT COUNT(\"score\"), COUNT(DISTINCT \"score\"), COUNT(*), MIN(\"score\"), MAX(\"score\"), "
                + "SUM(\"score\"), TOTAL(\"score\"), AVG(\"score\"), LENGTH(\"name\"), ABS(\"score\"), "
                + "LOWER(\"name\"), UPPER(\"name\"), COALESCE(\"score\", ?), COALESCE(\"score\", \"id\", ?) "
                + "FROM \"player\"")
    }

    @Test func stringsCollationsAndCollections() throws {
        let (name, score) = (Column("name"), Column("score"))
        #expect(
            try sql(Player.filter(name.like("%ar%"))) == ("SELECT * FROM \"player\" WHERE \"name\" LIKE ?", ["%ar%"]))
        #expect(
            try sql(Player.filter(name.like("%a\\%%", escape: "\\"))).0.hasSuffix("WHERE \"name\" LIKE ? ESCAPE ?"))
        #expect(
            try sql(Player.filter(name.collating(.nocase) == "arthur")).0
                .hasSuffix("WHERE (\"name\" COLLATE NOCASE) = ?"))
        #expect(
            try sql(Player.filter([1, 2, 3].contains(score))) == (
                "SELECT * FROM \"player\" WHERE \"score\" IN (?, ?, ?)", [1, 2, 3]
            ))
        #expect(try sql(Player.filter([Int]().contains(score))) == ("SELECT * FROM \"player\" WHERE ?", [0]))
        #expect(try sql(Player.filter((1...3).contains(score))).0.hasSuffix("WHERE \"score\" BETWEEN ? AND ?"))
        #expect(
            try sql(Player.filter((1..<3).contains(score))).0.hasSuffix("WHERE (\"score\" >= ?) AND (\"score\" < ?)"))
        #expect(try sql(Player.filter((1...).contains(score))).0.hasSuffix("WHERE \"score\" >= ?"))
        #expect(try sql(Player.filter((...3).contains(score))).0.hasSuffix("WHERE \"score\" <= ?"))
        #expect(try sql(Player.select(name.cast(as: .integer))).0 == "SELECT CAST(\"name\" AS INTEGER) FROM \"player\"")
    }

    @Test func aCollationNameThatIsNotAPlainIdentifierIsQuoted() throws {
        // SQLite reads the quoted name as one collation name (unregistered here), not as a syntax error.
        let collation = Database.CollationName(rawValue: "my collation")
        let error = try #require(throws: DatabaseError.self) {
            try sql(Player.filter(Column("name").collating(collation) == "a"))
        }
        #expect(error.message == "no such collation sequence: my collation")
        #expect(error.sql?.hasSuffix("WHERE (\"name\" COLLATE \"my collation\") = ?") == true)
    }

    @Test func selectionAnnotationAndDistinct() throws {
        let (name, score) = (Column("name"), Column("score"))
        #expect(try sql(Player.select(name, score)).0 == "SELECT \"name\", \"score\" FROM \"player\"")
        #expect(try sql(Player.select(name).distinct()).0 == "SELECT DISTINCT \"name\" FROM \"player\"")
        #expect(
            try sql(Player.annotated(with: (score * 2).forKey("double"))).0
                == "SELECT *, \"score\" * ? AS \"double\" FROM \"player\"")
        #expect(
            try sql(Player.select(sql: "name || ?", arguments: ["!"])) == ("SELECT name || ? FROM \"player\"", ["!"]))
        #expect(try sql(Player.select(literal: "\(name) || \("!")")) == ("SELECT \"name\" || ? FROM \"player\"", ["!"]))
    }

    @Test func groupingAndHaving() throws {
        let score = Column("score")
        let request = Player.select(score, count(AllColumns())).group(score).having(count(AllColumns()) > 1)
        #expect(
            try sql(request)
                == ("SELECT \"score\", COUNT(*) FROM \"player\" GROUP BY \"score\" HAVING COUNT(*) > ?", [1]))
    }

    @Test func ordering() throws {
        let (name, score) = (Column("name"), Column("score"))
        #expect(try sql(Player.order(name)).0 == "SELECT * FROM \"player\" ORDER BY \"name\"")
        #expect(
            try sql(Player.order(score.desc, name.asc)).0
                == "SELECT * FROM \"player\" ORDER BY \"score\" DESC, \"name\" ASC")
        #expect(
            try sql(Player.order(score.ascNullsLast)).0 == "SELECT * FROM \"player\" ORDER BY \"score\" ASC NULLS LAST")
        #expect(try sql(Player.order(score.descNullsFirst)).0.hasSuffix("ORDER BY \"score\" DESC NULLS FIRST"))
        #expect(try sql(Player.order(score.desc).reversed()).0.hasSuffix("ORDER BY \"score\" ASC"))
        #expect(try sql(Player.order(name).reversed().reversed()).0.hasSuffix("ORDER BY \"name\""))
        #expect(try sql(Player.order(score.ascNullsLast).reversed()).0.hasSuffix("ORDER BY \"score\" DESC NULLS FIRST"))
        #expect(try sql(Player.all().reversed()).0 == "SELECT * FROM \"player\"")
        #expect(try sql(Player.orderByPrimaryKey().reversed()).0 == "SELECT * FROM \"player\" ORDER BY \"id\" DESC")
        #expect(
            try sql(Table("note").orderByPrimaryKey().reversed()).0 == "SELECT * FROM \"note\" ORDER BY \"rowid\" DESC")
        #expect(try sql(Table("pair").orderByPrimaryKey()).0 == "SELECT * FROM \"pair\" ORDER BY \"a\", \"b\"")
        #expect(try sql(Player.order(name).thenOrder(score.desc)).0.hasSuffix("ORDER BY \"name\", \"score\" DESC"))
        #expect(try sql(Player.order(name).order(score)).0.hasSuffix("ORDER BY \"score\""))
        #expect(try sql(Player.order(name).unordered()).0 == "SELECT * FROM \"player\"")
        #expect(try sql(Player.order(sql: "name COLLATE NOCASE")).0.hasSuffix("ORDER BY name COLLATE NOCASE"))
    }

    @Test func limits() throws {
        #expect(try sql(Player.limit(10)).0 == "SELECT * FROM \"player\" LIMIT 10")
        #expect(try sql(Player.limit(10, offset: 20)).0 == "SELECT * FROM \"player\" LIMIT 10 OFFSET 20")
        #expect(try sql(Player.limit(10), singleResult: true).0 == "SELECT * FROM \"player\" LIMIT 10")
    }

    @Test func keyFilters() throws {
        #expect(try sql(Player.filter(key: 1)) == ("SELECT * FROM \"player\" WHERE \"id\" = ?", [1]))
        #expect(try sql(Player.filter(keys: [1, 2])) == ("SELECT * FROM \"player\" WHERE \"id\" IN (?, ?)", [1, 2]))
        #expect(try sql(Player.filter(id: 3)) == ("SELECT * FROM \"player\" WHERE \"id\" = ?", [3]))
        #expect(try sql(Player.filter(ids: [3, 4])).1 == [3, 4])
        #expect(try sql(Table("note").filter(key: 1)).0 == "SELECT * FROM \"note\" WHERE \"rowid\" = ?")
        #expect(try sql(Player.filter(key: nil as Int?)) == ("SELECT * FROM \"player\" WHERE ?", [0]))
        #expect(try sql(Player.filter(keys: [Int]())) == ("SELECT * FROM \"player\" WHERE ?", [0]))
        #expect(
            try sql(Table("pair").filter(key: ["a": 1, "b": nil]))
                == ("SELECT * FROM \"pair\" WHERE (\"a\" = ?) AND (\"b\" IS NULL)", [1]))
        let error = try #require(throws: DatabaseError.self) { try sql(Table("pair").filter(key: 1)) }
        #expect(error.extendedResultCode == .SQLITE_MISUSE)
        #expect(error.message?.contains("single-column primary key") == true)
        #expect(error.message?.contains("pair") == true)
    }

    @Test func subqueries() throws {
        let topScores = Player.select(Column("score")).filter(Column("score") > 100)
        #expect(
            try sql(Player.filter(topScores.contains(Column("score"))))
                == (
                    "SELECT * FROM \"player\" WHERE \"score\" IN (SELECT \"score\" FROM \"player\" WHERE \"score\" > ?)",
                    [100]
                ))
        #expect(
            try sql(Table("note").filter(Player.filter(key: 1).exists()))
                == ("SELECT * FROM \"note\" WHERE EXISTS (SELECT * FROM \"player\" WHERE \"id\" = ?)", [1]))
    }

    @Test func literals() throws {
        let name = "O'Brien"
        #expect(
            try sql(Player.filter(literal: "name = \(name) AND score > \(10)"))
                == ("SELECT * FROM \"player\" WHERE name = ? AND score > ?", ["O'Brien", 10]))
        #expect(
            try sql(SQLRequest<Player>(literal: "SELECT * FROM \(Player.self) WHERE \(Column("id")) IN \([1, 2])"))
                == ("SELECT * FROM \"player\" WHERE \"id\" IN (?,?)", [1, 2]))
        let request: SQLRequest<Row> = "SELECT \(42) AS answer, \(sql: "?", arguments: [43]), \(literal: SQL("\(44)"))"
        #expect(try sql(request) == ("SELECT ? AS answer, ?, ?", [42, 43, 44]))
        #expect(SQL("a = \(1)").description == "a = ?")
        let conditions: [SQL] = ["score = \(1)", "\(identifier: "name") = \(2)"]
        #expect(
            try sql(
                SQLRequest<Row>(literal: "SELECT * FROM player WHERE \(literal: conditions.joined(separator: " AND "))")
            )
                == ("SELECT * FROM player WHERE score = ? AND \"name\" = ?", [1, 2]))
    }
}
