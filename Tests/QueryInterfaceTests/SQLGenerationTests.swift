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

    @Test func bitwiseOperators() throws {
        let (score, id) = (Column("score"), Column("id"))
        #expect(
            try sql(Player.select(score & 6, 6 | score, score << id, 1 >> score, ~score))
                == (
                    "SELECT \"score\" & ?, ? | \"score\", \"score\" << \"id\", ? >> \"score\", ~\"score\" FROM \"player\"",
                    [6, 6, 1]
                ))
        // `&` and `|` are strictly associative: their joins are flattened.
        #expect(
            try sql(Player.select((score & 6) & id, score | (id | 1))).0
                == "SELECT \"score\" & ? & \"id\", \"score\" | \"id\" | ? FROM \"player\"")
        try fixture().write { db in
            try Player(id: 1, name: "a", score: 0b1010).insert(db)
            let row = try #require(
                try Row.fetchOne(db, Player.select(score & 0b0110, score | 1, score << 2, score >> 1, ~score)))
            #expect(row.databaseValues == [0b0010, 0b1011, 0b101000, 0b101, -11].map(\.databaseValue))
        }
    }

    @Test func joinedExpressions() throws {
        let (score, id, name) = (Column("score"), Column("id"), Column("name"))
        #expect(
            try sql(Player.select([score, id, 1.databaseValue].joined(operator: .add))).0
                == "SELECT \"score\" + \"id\" + ? FROM \"player\"")
        #expect(
            try sql(Player.select([name, " ".databaseValue, name].joined(operator: .concat))).0
                == "SELECT \"name\" || ? || \"name\" FROM \"player\"")
        #expect(
            try sql(Player.filter([score, id].joined(operator: .bitwiseAnd))).0.hasSuffix("WHERE \"score\" & \"id\""))
        // `+` and `*` are not strictly associative (floating-point sums depend on their order): a
        // nested join is kept, as in GRDB.
        #expect(
            try sql(
                Player.select([(score + id).sqlExpression, 1.databaseValue].joined(operator: .add), id * (score * 2))
            ).0
                == "SELECT (\"score\" + \"id\") + ?, \"id\" * (\"score\" * ?) FROM \"player\"")
        let op: SQLExpression.AssociativeBinaryOperator = .bitwiseOr
        #expect(op == .bitwiseOr && op != .or)
        // An empty join is the neutral value of its operator.
        let empty: [Column] = []
        #expect(
            try sql(
                Player.select(
                    empty.joined(operator: .concat), empty.joined(operator: .bitwiseAnd),
                    empty.joined(operator: .bitwiseOr)))
                == ("SELECT ?, ?, ? FROM \"player\"", ["", -1, 0]))
    }

    @Test func compoundAssignmentsUpdateAColumnFromItsValue() throws {
        try fixture().write { db in
            try Player(id: 1, name: "a", score: 12).insert(db)
            var updates: [String] = []
            db.trace { event in
                if event.description.hasPrefix("UPDATE") { updates.append(event.description) }
            }
            let score = Column("score")
            let assignments = [
                score += 3, score -= 1, score *= 4, score /= 2, score &= 0b11110, score |= 1, score <<= 2, score >>= 1,
            ]
            let scores = try assignments.map { assignment in
                try Player.updateAll(db, assignment)
                return try Int.fetchOne(db, sql: "SELECT score FROM player")
            }
            #expect(scores == [15, 14, 56, 28, 28, 29, 116, 58])
            #expect(
                updates
                    == ["+", "-", "*", "/", "&", "|", "<<", ">>"].map {
                        #"UPDATE "player" SET "score" = "score" \#($0) ?"#
                    })
        }
    }

    @Test func rowIDAndOptionalExpressions() throws {
        let score: Column? = Column("score")
        let missing: Column? = nil
        #expect(
            try sql(Player.select(.rowID, score, missing).filter(score > 1).order(score?.desc, missing))
                == (#"SELECT "rowid", "score", NULL FROM "player" WHERE "score" > ? ORDER BY "score" DESC, NULL"#, [1]))
        try fixture().write { db in
            try Player(id: 7, name: "a", score: 1).insert(db)
            // The rowid of a table without INTEGER PRIMARY KEY has its own name in rows.
            try db.execute(sql: "INSERT INTO note (rowid, text) VALUES (5, 'a')")
            let row = try #require(try Row.fetchOne(db, Table("note").select(.rowID, Column("text"))))
            let rowID: Int64 = row[.rowID]
            #expect(rowID == 5)
            let request = Player.filter(.rowID == 7)
            #expect(try request.fetchCount(db) == 1)
            #expect(try Row.fetchOne(db, Player.select(missing, score))?.databaseValues == [.null, 1.databaseValue])
        }
    }

    @Test func filteredAggregatesCastsAndFunctionsOfSeveralValues() throws {
        let score = Column("score")
        let positive = score > 0
        #expect(
            try sql(
                Player.select(
                    average(score, filter: positive), max(score, filter: positive), min(score, filter: positive),
                    sum(score, filter: positive), total(score, filter: positive))
            )
                == (
                    "SELECT AVG(\"score\") FILTER (WHERE \"score\" > ?), MAX(\"score\") FILTER (WHERE \"score\" > ?), "
                        + "MIN(\"score\") FILTER (WHERE \"score\" > ?), SUM(\"score\") FILTER (WHERE \"score\" > ?), "
                        + "TOTAL(\"score\") FILTER (WHERE \"score\" > ?) FROM \"player\"", [0, 0, 0, 0, 0]
                ))
        #expect(
            try sql(Player.select(max(score, Column("id"), 10), min(score, 1), cast(score, as: .real)))
                == (
                    "SELECT MAX(\"score\", \"id\", ?), MIN(\"score\", ?), CAST(\"score\" AS REAL) FROM \"player\"",
                    [10, 1]
                ))
        #expect(
            try sql(Player.select(julianDay(Column("name"), .day(1), .startOfMonth), dateTime(Column("name"))))
                == (
                    "SELECT JULIANDAY(\"name\", ?, ?), DATETIME(\"name\") FROM \"player\"",
                    ["1 days", "start of month"]
                ))
        #expect(databaseQuestionMarks(count: 3) == "?,?,?")
        #expect(databaseQuestionMarks(count: 0) == "")
    }

    @Test func filteredAggregatesAndFunctionsOfSeveralValuesRun() throws {
        let dbQueue = try fixture()
        try dbQueue.write { db in
            for (id, score) in [(1, -2), (2, 4), (3, 8)] {
                try Player(id: Int64(id), name: "p\(id)", score: score).insert(db)
            }
            let score = Column("score")
            let row = try #require(
                try Row.fetchOne(
                    db,
                    Player.select(
                        average(score, filter: score > 0), max(score, filter: score < 4), min(score, filter: score > 0),
                        sum(score, filter: score > 0), total(score, filter: score > 100))
                ))
            #expect(
                row.databaseValues
                    == [
                        Double(6).databaseValue, Int(-2).databaseValue, Int(4).databaseValue, Int(12).databaseValue,
                        Double(0).databaseValue,
                    ])
            let text = try String.fetchOne(db, Player.filter(id: 1).select(cast(score, as: .text), as: String.self))
            #expect(text == "-2")
            let extremes = try Row.fetchAll(
                db, Player.select(max(score, Column("id"), 3), min(score, Column("id"))).order(Column("id")))
            #expect(extremes.map { $0.databaseValues } == [[3, -2], [4, 2], [8, 3]].map { $0.map(\.databaseValue) })
        }
    }

    @Test func dateFunctionsApplyTheirModifiers() throws {
        let dbQueue = try DatabaseQueue()
        // 2013-01-01 00:30:00 UTC, a Tuesday.
        let date = Date(timeIntervalSince1970: 1_357_000_200)
        let value = date.databaseValue
        /// The seconds from `date` to the date of a Julian day number.
        func shift(_ julianDayNumber: SQLExpression) throws -> TimeInterval {
            let number = try dbQueue.read { db in
                try SQLRequest<Double>(literal: "SELECT \(julianDayNumber)").fetchOne(db)
            }
            let shiftedDate = try #require(number.flatMap(Date.init(julianDay:)))
            return shiftedDate.timeIntervalSince(date).rounded()
        }
        #expect(try shift(julianDay(value)) == 0)
        #expect(try shift(julianDay(value, .day(1))) == 86_400)
        #expect(try shift(julianDay(value, .hour(-1))) == -3_600)
        #expect(try shift(julianDay(value, .minute(1))) == 60)
        #expect(try shift(julianDay(value, .second(-2.5))) == -3)
        #expect(try shift(julianDay(value, .month(1))) == 31 * 86_400)
        #expect(try shift(julianDay(value, .year(1))) == 365 * 86_400)
        #expect(try shift(julianDay(value, .startOfDay)) == -1_800)
        #expect(try shift(julianDay(value, .month(2), .startOfYear)) == -1_800)
        #expect(try shift(julianDay(value, .startOfMonth, .month(1), .day(-1))) == 30 * 86_400 - 1_800)
        // The next Sunday (weekday 0).
        #expect(try shift(julianDay(value, .startOfDay, .weekday(0))) == 5 * 86_400 - 1_800)
        let texts = try dbQueue.read { db in
            try SQLRequest<String>(
                literal: """
                    SELECT \(dateTime(1_357_000_200.databaseValue, .unixEpoch, .startOfYear)) \
                    UNION ALL SELECT \(dateTime(value, .utc, .localTime))
                    """
            ).fetchAll(db)
        }
        #expect(texts.first == "2013-01-01 00:00:00")
        #expect(texts.count == 2)
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
