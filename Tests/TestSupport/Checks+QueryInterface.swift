import Foundation
import RSCore
import RSQueryInterface

/// The query interface: requests run against every kind of database and every driver.
let queryInterfaceChecks: [ConformanceCheck] = [
    ConformanceCheck("query interface requests filter, order, limit and count rows") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            let (name, score) = (Column("name"), Column("score"))
            try expectEqual(try QIPlayer.fetchCount(db), 4)
            try expectEqual(try QIPlayer.all().fetchCount(db), 4)
            try expectEqual(
                try QIPlayer.filter(score > 100).order(name).fetchAll(db).map(\.name), ["Barbara", "Craig"])
            try expectEqual(try QIPlayer.filter(score == nil).fetchAll(db).map(\.name), ["David"])
            try expectEqual(try QIPlayer.filter(score != nil).fetchCount(db), 3)
            try expectEqual(try QIPlayer.order(score.desc).fetchOne(db)?.name, "Craig")
            try expectEqual(
                try QIPlayer.order(score.ascNullsLast).fetchAll(db).map(\.name),
                ["Arthur", "Barbara", "Craig", "David"])
            try expectEqual(
                try QIPlayer.order(score.descNullsFirst).fetchAll(db).map(\.name),
                ["David", "Craig", "Barbara", "Arthur"])
            try expectEqual(
                try QIPlayer.order(name).reversed().fetchAll(db).map(\.name), ["David", "Craig", "Barbara", "Arthur"])
            try expectEqual(try QIPlayer.orderByPrimaryKey().reversed().fetchOne(db)?.id, 4)
            try expectEqual(
                try QIPlayer.order(name).limit(2, offset: 1).fetchAll(db).map(\.name), ["Barbara", "Craig"])
            try expectEqual(try QIPlayer.limit(2).fetchCount(db), 2)
            try expectEqual(try QIPlayer.filter(name.like("%ar%")).fetchCount(db), 2)
            try expectEqual(try QIPlayer.filter(name.collating(.nocase) == "ARTHUR").fetchOne(db)?.id, 1)
            try expectEqual(try QIPlayer.filter([1, 3].contains(Column("id"))).fetchCount(db), 2)
            try expectEqual(
                try QIPlayer.filter((100...150).contains(score)).fetchAll(db).map(\.name), ["Arthur", "Barbara"])
            try expectEqual(try QIPlayer.none().fetchCount(db), 0)
            try expectEqual(try QIPlayer.filter(score > 1000).isEmpty(db), true)
            try expectEqual(try QIPlayer.all().isEmpty(db), false)
            // Two more players whose scores others have: DISTINCT keeps each score once (NULL too).
            try QIPlayer(id: 5, name: "Eve", score: 150).insert(db)
            try QIPlayer(id: 6, name: "Fiona", score: nil).insert(db)
            try expectEqual(try QIPlayer.select(score).fetchCount(db), 6)
            try expectEqual(try QIPlayer.select(score).distinct().fetchCount(db), 4)
            try expectEqual(
                try QIPlayer.select(score, as: Int?.self).distinct().order(score).fetchAll(db), [nil, 100, 150, 200])
        }
    },
    ConformanceCheck("query interface requests fetch by primary key, unique key and id") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            try expectEqual(try QIPlayer.filter(key: 2).fetchOne(db)?.name, "Barbara")
            try expectEqual(try QIPlayer.filter(keys: [1, 3, 99]).order(Column("id")).fetchAll(db).map(\.id), [1, 3])
            try expectEqual(try QIPlayer.filter(id: 4).fetchOne(db)?.name, "David")
            try expectEqual(try QIPlayer.filter(ids: [1, 2]).fetchCount(db), 2)
            try expectEqual(try QIPlayer.filter(key: ["name": "Craig"]).fetchOne(db)?.id, 3)
            try expectEqual(try QIPlayer.filter(key: ["id": 4, "score": nil]).fetchOne(db)?.id, 4)
            // An empty key matches nothing in particular, and columns that are no unique key may
            // match several rows: both are errors, not "every matching row".
            let emptyKeyError = try expectDatabaseError { try QIPlayer.filter(key: [:]).deleteAll(db) }
            try expectEqual(emptyKeyError.resultCode, .SQLITE_MISUSE)
            let notUniqueError = try expectDatabaseError {
                try QIPlayer.filter(keys: [["name": "Arthur"], ["score": 150]]).deleteAll(db)
            }
            try expectEqual(notUniqueError.resultCode, .SQLITE_MISUSE)
            try expectEqual(try QIPlayer.fetchCount(db), 4)
            try db.execute(sql: "CREATE TABLE qiNote (text TEXT)")
            try db.execute(sql: "INSERT INTO qiNote (text) VALUES ('a'), ('b')")
            try expectEqual(try Table("qiNote").filter(key: 2).fetchOne(db)?["text"] as String?, "b")
            try expectEqual(
                try Table("qiNote").select(Column("text"), as: String.self).order(Column.rowID.desc).fetchAll(db),
                ["b", "a"])
        }
    },
    ConformanceCheck(
        "the query interface refuses to modify groups, to bind two values to one name, and to reverse SQL orderings"
    ) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            // A group stands for several rows: one arbitrary row of each would change.
            let grouped = QIPlayer.filter(Column("score") != nil).group(Column("score") > 120)
            let deleteError = try expectDatabaseError { try grouped.deleteAll(db) }
            try expectEqual(deleteError.resultCode, .SQLITE_MISUSE)
            let updateError = try expectDatabaseError {
                try grouped.having(sql: "COUNT(*) > 0").updateAll(db, Column("score").set(to: 0))
            }
            try expectEqual(updateError.resultCode, .SQLITE_MISUSE)
            try expectEqual(try QIPlayer.fetchCount(db), 4)
            // One name, two values: one of them would be bound to both placeholders.
            let twice = QIPlayer.filter(sql: "id >= :n", arguments: ["n": 1]).filter(
                sql: "id <= :n", arguments: ["n": 2])
            let argumentError = try expectDatabaseError { _ = try twice.fetchAll(db) }
            try expectEqual(argumentError.resultCode, .SQLITE_MISUSE)
            let same = QIPlayer.filter(sql: "id >= :n", arguments: ["n": 2]).filter(
                sql: "id <= :n", arguments: ["n": 2])
            try expectEqual(try same.fetchAll(db).map(\.id), [2])
            // SQL text may hold several terms and directions, that DESC would not reverse.
            let reversedError = try expectDatabaseError {
                _ = try QIPlayer.order(sql: "score DESC, name").reversed().fetchAll(db)
            }
            try expectEqual(reversedError.resultCode, .SQLITE_MISUSE)
            try expectEqual(
                try QIPlayer.order(sql: "score DESC, name").reversed().reversed().limit(1).fetchOne(db)?.id, 3)
            // An expression of SQL text with a direction reverses.
            try expectEqual(
                try QIPlayer.order(SQLExpression(sql: "length(name)").desc, Column("id")).reversed().fetchAll(db)
                    .map(\.id), [4, 3, 1, 2])
            // Groups of a unique key are single rows, as GRDB allows.
            let byName = QIPlayer.all().group(Column("name")).having(sql: "MAX(score) > 120")
            try expectEqual(try byName.updateAll(db, Column("score").set(to: 0)), 2)
            try expectEqual(try QIPlayer.filter(Column("score") == 0).fetchCount(db), 2)
        }
    },
    ConformanceCheck("a request iterated by a cursor is fetched again inside the loop without disturbing it") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            // The same SQL: the inner fetches would reset, or rebind, a statement they shared.
            let cursor = try QIPlayer.filter(Column("id") >= 1).order(Column("id")).fetchCursor(db)
            var pairs: [[Int64]] = []
            while let player = try cursor.next(), pairs.count < 10 {
                let inner = try QIPlayer.filter(Column("id") >= 3).order(Column("id")).fetchAll(db)
                pairs.append([player.id] + inner.map(\.id))
            }
            try expectEqual(pairs, [[1, 3, 4], [2, 3, 4], [3, 3, 4], [4, 3, 4]])
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id FROM qiPlayer ORDER BY id"))
            var ids: [Int64] = []
            while let row = try rows.next(), ids.count < 10 {
                ids.append(row["id"])
                _ = try Row.fetchAll(db.cachedStatement(sql: "SELECT id FROM qiPlayer ORDER BY id"))
            }
            try expectEqual(ids, [1, 2, 3, 4])
        }
    },
    ConformanceCheck("fetchCount counts the rows of a filter on a selected alias") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            let request = Table("qiPlayer").annotated(with: (Column("score") * 2).forKey("double"))
                .filter(Column("double") > 250)
            try expectEqual(try request.fetchAll(db).count, 2)
            try expectEqual(try request.fetchCount(db), 2)
            let literal = Table("qiPlayer").all().select(sql: "score * 2 AS double").filter(Column("double") > 250)
            try expectEqual(try literal.fetchCount(db), 2)
        }
    },
    ConformanceCheck("limited modifications target rows by rowid, or by primary key WITHOUT ROWID") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE country (code TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
                    INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany'), ('IT', 'Italy')
                    """)
            // A rowid table whose primary key may be NULL: the rowid selects the rows. The ordered
            // rows are not the first ones.
            try db.execute(
                sql: "CREATE TABLE tag (name TEXT PRIMARY KEY); INSERT INTO tag VALUES ('a'), (NULL), (NULL)")
            try expectEqual(try Table("tag").order(Column("name")).limit(2).deleteAll(db), 2)
            try expectEqual(try Table("tag").select(Column("name"), as: String?.self).fetchAll(db), ["a"])
            // A table WITHOUT ROWID lists its rows by primary key: the ordered rows are the last ones.
            let countries = Table("country")
            let codes = Column("code")
            try expectEqual(try countries.order(codes.desc).limit(1).updateAll(db, Column("name").set(to: "Italia")), 1)
            try expectEqual(
                try countries.select(Column("name"), as: String.self).order(codes).fetchAll(db),
                ["Germany", "France", "Italia"])
            try expectEqual(try countries.order(codes.desc).limit(2).deleteAll(db), 2)
            try expectEqual(try countries.select(codes, as: String.self).fetchAll(db), ["DE"])
        }
    },
    ConformanceCheck("query interface aggregates, groups, annotations and subqueries") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            let score = Column("score")
            try expectEqual(try QIPlayer.select(max(score), as: Int.self).fetchOne(db), 200)
            try expectEqual(try QIPlayer.select(min(score), as: Int.self).fetchOne(db), 100)
            try expectEqual(try QIPlayer.select(sum(score), as: Int.self).fetchOne(db), 450)
            try expectEqual(try QIPlayer.select(total(score), as: Double.self).fetchOne(db), 450)
            // Over NULLs only, SUM is NULL and TOTAL is 0.
            try expectEqual(try QIPlayer.filter(score == nil).select(sum(score), as: Int.self).fetchOne(db), nil)
            try expectEqual(try QIPlayer.filter(score == nil).select(total(score), as: Double.self).fetchOne(db), 0)
            try expectEqual(try QIPlayer.select(average(score), as: Double.self).fetchOne(db), 150)
            try expectEqual(try QIPlayer.select(count(score), as: Int.self).fetchOne(db), 3)
            try expectEqual(try QIPlayer.select(count(AllColumns()), as: Int.self).fetchOne(db), 4)
            try expectEqual(try QIPlayer.select(score ?? 0, as: Int.self).filter(key: 4).fetchOne(db), 0)
            try expectEqual(try QIPlayer.select(length(Column("name")), as: Int.self).filter(key: 1).fetchOne(db), 6)
            try expectEqual(
                try QIPlayer.select(upper(Column("name")), as: String.self).filter(key: 1).fetchOne(db), "ARTHUR")
            // Groups of scores above 120 or not (David's NULL score is filtered out), in descending order.
            let groups = Table("qiPlayer").select(score > 120, count(AllColumns())).filter(score != nil)
                .group(score > 120).order((score > 120).desc)
            let pairs: (Row) -> [Int] = { [$0[0], $0[1]] }
            try expectEqual(try groups.fetchAll(db).map(pairs), [[1, 2], [0, 1]])
            try expectEqual(try groups.having(count(AllColumns()) >= 2).fetchAll(db).map(pairs), [[1, 2]])
            let annotated = try Table("qiPlayer").annotated(with: (score * 2).forKey("double")).filter(key: 1)
                .fetchOne(db)
            try expectEqual(annotated?["double"] as Int?, 200)
            try expectEqual(annotated?["name"] as String?, "Arthur")
            let best = QIPlayer.select(Column("id")).filter(score >= 150)
            try expectEqual(try QIPlayer.filter(best.contains(Column("id"))).fetchCount(db), 2)
            try expectEqual(try Table("qiPlayer").filter(QIPlayer.filter(score > 1000).exists()).fetchCount(db), 0)
            try expectEqual(try Table("qiPlayer").filter(QIPlayer.filter(score > 100).exists()).fetchCount(db), 4)
        }
    },
    ConformanceCheck("query interface deleteAll and updateAll change exactly the requested rows") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try insertQIPlayers(db)
            let score = Column("score")
            try expectEqual(try QIPlayer.filter(score < 150).updateAll(db, score += 1), 1)
            try expectEqual(try QIPlayer.filter(key: 1).fetchOne(db)?.score, 101)
            try expectEqual(
                try QIPlayer.filter(key: 2).updateAll(db, score.set(to: nil), Column("name").set(to: "B")), 1)
            try expectEqual(try QIPlayer.filter(key: 2).fetchOne(db), QIPlayer(id: 2, name: "B", score: nil))
            // The best score, not the first row.
            try expectEqual(try QIPlayer.order(score.desc).limit(1).updateAll(db, score *= 2), 1)
            try expectEqual(
                try QIPlayer.filter(keys: [1, 3]).order(Column("id")).fetchAll(db).map(\.score), [101, 400])
            try expectEqual(try QIPlayer.order(Column("id").desc).limit(2).deleteAll(db), 2)
            try expectEqual(try QIPlayer.select(Column("id"), as: Int64.self).order(Column("id")).fetchAll(db), [1, 2])
            try expectEqual(try QIPlayer.filter(score == nil).deleteAll(db), 1)
            try expectEqual(try Table("qiPlayer").deleteAll(db), 1)
            try expectEqual(try QIPlayer.fetchCount(db), 0)
        }
    },
    ConformanceCheck("hostile strings go through every builder entry point as values, and round-trip") { factory in
        let writer = try factory.makeWriter()
        let hostile = [
            "Robert'); DROP TABLE qiPlayer; --", "\"; DROP TABLE qiPlayer; --", "a\u{0}b", "' OR 1=1 --", "%_\\",
            "?", ":name", "$x", "@y", "\\'",
        ]
        try writer.write { db in
            try insertQIPlayers(db)
            for (offset, string) in hostile.enumerated() {
                var player = QIPlayer(id: Int64(100 + offset), name: string, score: offset)
                try player.insert(db)
                try expectEqual(try QIPlayer.filter(Column("name") == string).fetchOne(db), player)
                try expectEqual(try QIPlayer.filter(key: ["name": string]).fetchOne(db), player)
                try expectEqual(try QIPlayer.filter([string].contains(Column("name"))).fetchOne(db), player)
                try expectEqual(
                    try QIPlayer.filter(Column("name").like(string)).fetchCount(db),
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM qiPlayer WHERE name LIKE ?", arguments: [string]))
                try expectEqual(try QIPlayer.filter(literal: "name = \(string)").fetchOne(db), player)
                try expectEqual(
                    try QIPlayer.select(Column("name") ?? string, as: String.self).filter(key: player.id).fetchOne(db),
                    string)
                try expectEqual(
                    try QIPlayer.filter(key: player.id).updateAll(db, Column("name").set(to: string + string)), 1)
                player.name = string + string
                try expectEqual(try QIPlayer.filter(key: player.id).fetchOne(db), player)
                let name = Column("name")
                try expectEqual(
                    try QIPlayer.order(name == player.name, name).annotated(with: (name == player.name).forKey("hit"))
                        .group(name, name == player.name).having(count(name) > 0 && (name == player.name))
                        .select(name, as: String.self).fetchAll(db), [player.name])
                try expectEqual(
                    try Table("qiPlayer").filter(sql: "name = ?", arguments: [player.name])
                        .select(Column("id"), as: Int64.self).fetchOne(db), player.id)
                try expectEqual(try QIPlayer.filter(Column("name") == player.name).deleteAll(db), 1)
            }
            // Invalid UTF-8 in a blob round-trips as bytes.
            let blob = Data([0xFF, 0xFE, 0x00, 0x27, 0x3B])
            try db.execute(sql: "CREATE TABLE qiBlob (data BLOB)")
            try db.execute(sql: "INSERT INTO qiBlob (data) VALUES (?)", arguments: [blob])
            try expectEqual(
                try Table("qiBlob").filter(Column("data") == blob).select(Column("data"), as: Data.self).fetchOne(db),
                blob)
            try expectEqual(try Table("qiBlob").filter(Column("data") == blob).deleteAll(db), 1)
            // Nothing else changed.
            try expectEqual(try QIPlayer.fetchCount(db), 4)
            try expectEqual(try db.tableExists("qiPlayer"), true)
        }
    },
    ConformanceCheck("a hostile table or column name is a quoted identifier, and unknown ones are named in errors") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            let table = "weird \"table\"; DROP TABLE x; --"
            let column = "odd \"column\""
            try db.execute(sql: "CREATE TABLE x (id INTEGER)")
            try db.execute(
                sql: "CREATE TABLE \(table.quotedDatabaseIdentifier) (\(column.quotedDatabaseIdentifier) TEXT)")
            try db.execute(sql: "INSERT INTO \(table.quotedDatabaseIdentifier) VALUES ('v')")
            try expectEqual(
                try Table(table).filter(Column(column) == "v").select(Column(column), as: String.self).fetchOne(db), "v"
            )
            try expectEqual(try Table(table).updateAll(db, Column(column).set(to: "w")), 1)
            try expectEqual(try Table(table).deleteAll(db), 1)
            try expectEqual(try db.tableExists("x"), true)
            let tableError = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such table: nowhere") {
                _ = try Table("nowhere").fetchAll(db)
            }
            let unknownColumn = Table("x").filter(Column("nothing") == 1)
            if db.driver.capabilities.isAtLeast(3, 29) {
                let columnError = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such column: nothing") {
                    _ = try unknownColumn.fetchAll(db)
                }
            } else {
                // Before SQLite 3.29, a double-quoted unknown column is the string "nothing".
                try expectEqual(try unknownColumn.fetchCount(db), 0)
            }
        }
    },
    ConformanceCheck(
        "allColumns(excluding:) selects the columns of the table but some, in requests, joins and RETURNING"
    ) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE qiTeam (id INTEGER PRIMARY KEY, name TEXT NOT NULL, secret TEXT);
                    CREATE TABLE qiMember (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES qiTeam(id), Secret TEXT);
                    INSERT INTO qiTeam VALUES (1, 'Reds', 'x');
                    INSERT INTO qiMember VALUES (1, 1, 'y');
                    """)
        }
        let sql = try tracedSQL(writer) { db in _ = try QITeam.fetchAll(db) }
        try expectEqual(sql.last, "SELECT \"id\", \"name\" FROM \"qiTeam\"")
        try writer.write { db in
            try expectEqual(try QITeam.fetchAll(db), [QITeam(id: 1, name: "Reds")])
            try expectEqual(try Row.fetchOne(db, QITeam.all())?.columnNames, ["id", "name"])
            // Case-insensitive names, qualified in a join, whose scopes have the selected columns.
            let member = try unwrap(
                try Row.fetchOne(
                    db,
                    Table("qiMember").select(.allColumns(excluding: [Column("SECRET")]))
                        .including(required: Table("qiMember").belongsTo(QITeam.self, key: "team"))),
                "no member")
            try expectEqual(member.columnNames, ["id", "teamId"])
            try expectEqual(member.scopes["team"]?.columnNames, ["id", "name"])
            if db.driver.capabilities.supportsReturning {
                let inserted = try QITeam(id: 2, name: "Blues").insertAndFetch(db)
                try expectEqual(inserted, QITeam(id: 2, name: "Blues"))
            }
        }
    },
    ConformanceCheck("updateAll resolves conflicts as asked, and tables delete and find rows by key and id") {
        factory in
        try factory.makeWriter().write { db in
            try insertQIPlayers(db)
            let name = Column("name")
            // Renaming everyone "Arthur" conflicts with the unique names: IGNORE skips the rows that
            // would conflict, the default aborts the statement.
            let abort = try expectDatabaseError(.SQLITE_CONSTRAINT_UNIQUE) {
                try QIPlayer.updateAll(db, name.set(to: "Arthur"))
            }
            try expectEqual(try QIPlayer.filter(id: 2).updateAll(db, onConflict: .ignore, name.set(to: "Arthur")), 0)
            try expectEqual(try QIPlayer.updateAll(db, onConflict: .replace) { _ in name.set(to: "Zoe") }, 4)
            try expectEqual(try QIPlayer.fetchAll(db).map(\.name), ["Zoe"])
            // Tables, without record type.
            let players = Table("qiPlayer")
            try expectEqual(try players.exists(db, key: 4), true)
            try expectEqual(try players.exists(db, key: ["name": "Zoe"]), true)
            try expectEqual(try players.deleteOne(db, key: 4), true)
            try expectEqual(try players.deleteOne(db, key: 4), false)
            try expectEqual(try players.updateAll(db, onConflict: .abort, [Column("score").set(to: 1)]), 0)
            try insertQIPlayers(in: db)
            try expectEqual(try players.deleteAll(db, keys: [1, 2, 5]), 2)
            try expectEqual(try players.deleteOne(db, key: ["name": "Craig"]), true)
            let typed = Table<QIPlayer>("qiPlayer")
            try expectEqual(try typed.exists(db, id: 4), true)
            try expectEqual(try typed.filter(ids: [4]).fetchAll(db).map(\.name), ["David"])
            try expectEqual(try typed.selectID().fetchAll(db), [4])
            try expectEqual(try typed.deleteAll(db, ids: [4]), 1)
            try expectEqual(try players.fetchCount(db), 0)
            // Primary keys and ids, selected.
            try insertQIPlayers(in: db)
            try expectEqual(try QIPlayer.selectID().fetchAll(db), [1, 2, 3, 4])
            try expectEqual(try QIPlayer.filter(Column("score") > 100).selectID().fetchAll(db), [2, 3])
            try expectEqual(try players.selectPrimaryKey(as: Int64.self).order(Column("name").desc).fetchOne(db), 4)
            try db.execute(sql: "CREATE TABLE pair (a, b, PRIMARY KEY (b, a)); INSERT INTO pair VALUES (1, 2)")
            try expectEqual(try Table("pair").selectPrimaryKey(as: Row.self).fetchOne(db), ["b": 2, "a": 1])
            try db.execute(sql: "CREATE TABLE plain (x); INSERT INTO plain VALUES ('x')")
            try expectEqual(try Table("plain").selectPrimaryKey(as: Int64.self).fetchAll(db), [1])
        }
    },
    ConformanceCheck(
        "records delete by ids, count their selected columns, and requests and cursors tell what they read"
    ) {
        factory in
        try factory.makeWriter().write { db in
            try insertQIPlayers(db)
            try db.execute(sql: "CREATE TABLE qiTeam (id INTEGER PRIMARY KEY, name TEXT, secret TEXT)")
            try expectEqual(try QIPlayer.deleteAll(db, ids: []), 0)
            try expectEqual(try QIPlayer.deleteAll(db, ids: [1, 3, 99]), 2)
            try expectEqual(try QIPlayer.fetchAll(db).map(\.id), [2, 4])
            // `*` counts the columns of the table; an exclusion and the rowid count too.
            try expectEqual(try QIPlayer.numberOfSelectedColumns(db), 3)
            try expectEqual(try QITeam.numberOfSelectedColumns(db), 2)
            try db.execute(sql: "ALTER TABLE qiTeam ADD COLUMN motto TEXT")
            try expectEqual(try QITeam.numberOfSelectedColumns(db), 3)
            try expectDatabaseError(.SQLITE_ERROR) { _ = try QIMissing.numberOfSelectedColumns(db) }
            // `all()` is the request itself; `none()` its empty counterpart.
            let request = QIPlayer.filter(Column("score") > 100).order(Column("name"))
            try expectEqual(try request.all().fetchAll(db), try request.fetchAll(db))
            try expectEqual(try request.all().none().fetchCount(db), 0)
            // A cursor tells the region its statement reads.
            let cursor = try Row.fetchCursor(db, QIPlayer.select(Column("name")).filter(Column("score") > 0))
            try expectEqual(cursor.databaseRegion.description, "qiplayer(name,score)")
            try expectEqual(try QIPlayer.fetchCursor(db).databaseRegion.description, "qiplayer(id,name,score)")
        }
    },
]

/// A record whose table does not exist.
private struct QIMissing: TableRecord {
    static let databaseTableName = "qiMissing"
}

/// A team whose secret is never selected.
private struct QITeam: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "qiTeam"
    static var databaseSelection: [any SQLSelectable] { [.allColumns(excluding: ["secret"])] }
    var id: Int64
    var name: String
}

/// A record of the query interface checks.
struct QIPlayer: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable {
    static let databaseTableName = "qiPlayer"
    var id: Int64
    var name: String
    var score: Int?
}

private func insertQIPlayers(_ db: Database) throws {
    try db.execute(sql: "CREATE TABLE qiPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER)")
    try insertQIPlayers(in: db)
}

/// Inserts the four players into an existing table.
private func insertQIPlayers(in db: Database) throws {
    for player in [
        QIPlayer(id: 1, name: "Arthur", score: 100), QIPlayer(id: 2, name: "Barbara", score: 150),
        QIPlayer(id: 3, name: "Craig", score: 200), QIPlayer(id: 4, name: "David", score: nil),
    ] {
        try player.insert(db)
    }
}
