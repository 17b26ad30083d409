import RSCore
import RSQueryInterface

/// The `…AndFetch` persistence methods and the upserts, which need `RETURNING` (SQLite 3.35): they
/// work where the driver has it, and fail with an error that names the feature elsewhere, without
/// writing anything.
let returningPersistenceChecks: [ConformanceCheck] = [
    ConformanceCheck("insertAndFetch, updateAndFetch and saveAndFetch return the rows they wrote") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: "CREATE TABLE scoredPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER DEFAULT 42)")
            guard db.driver.capabilities.supportsReturning else {
                try expectReturningIsMissing(db) { _ = try ScoredPlayer(id: nil, name: "Arthur").insertAndFetch(db) }
                try expectReturningIsMissing(db) { _ = try ScoredPlayer(id: 1, name: "Arthur").saveAndFetch(db) }
                try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scoredPlayer"), 0)
                return
            }
            var arthur = ScoredPlayer(id: nil, name: "Arthur")
            let inserted = try arthur.insertAndFetch(db, as: ScoredPlayer.self)
            try expectEqual(arthur.id, 1)
            try expectEqual(inserted, ScoredPlayer(id: 1, name: "Arthur", score: 42))
            try expectEqual(try ScoredPlayer(id: nil, name: "Barbara").insertAndFetch(db).id, 2)
            var craig = ScoredPlayer(id: nil, name: "Craig")
            let score = try craig.insertAndFetch(db, selection: [Column("score")]) {
                try Int.fetchOne($0)
            }
            try expectEqual(score, 42)
            _ = try expectError(RecordError.self) {
                _ = try ScoredPlayer(id: 1, name: "Arthur").insertAndFetch(db, onConflict: .ignore)
            }

            arthur.name = "Arthur Dent"
            try expectEqual(try arthur.updateAndFetch(db), ScoredPlayer(id: 1, name: "Arthur Dent", score: 42))
            try expectEqual(
                try arthur.updateAndFetch(db, as: PlayerSummary.self), PlayerSummary(name: "Arthur Dent"))
            _ = try expectError(RecordError.self) { _ = try ScoredPlayer(id: 99, name: "Nobody").updateAndFetch(db) }
            try expectEqual(try arthur.updateChangesAndFetch(db) { $0.name = "Arthur Dent" }, nil)
            try expectEqual(
                try arthur.updateChangesAndFetch(db) { $0.score = 7 },
                ScoredPlayer(id: 1, name: "Arthur Dent", score: 7))
            let names = try arthur.updateAndFetch(db, columns: ["name"], selection: [Column("name")]) {
                try String.fetchAll($0)
            }
            try expectEqual(names, ["Arthur Dent"])
            // A fetch that leaves the statement unfinished, after a statement that changed nothing:
            // the update is still seen.
            try db.execute(sql: "DELETE FROM scoredPlayer WHERE id = -1")
            let name = try arthur.updateAndFetch(db, selection: [Column("name")]) { try String.fetchCursor($0).next() }
            try expectEqual(name, "Arthur Dent")

            try expectEqual(
                try ScoredPlayer(id: 1, name: "Arthur", score: 1).saveAndFetch(db),
                ScoredPlayer(id: 1, name: "Arthur", score: 1))
            try expectEqual(
                try ScoredPlayer(id: 10, name: "David", score: nil).saveAndFetch(db),
                ScoredPlayer(id: 10, name: "David", score: 42))
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scoredPlayer"), 4)
            let error = try expectDatabaseError(.SQLITE_MISUSE) {
                _ = try arthur.insertAndFetch(db, selection: []) { try Row.fetchAll($0) }
            }
        }
    },
    ConformanceCheck("upsert inserts, or updates the conflicting row, and tells its rowid to didInsert") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE scoredPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score INTEGER DEFAULT 42)
                    """)
            guard db.driver.capabilities.supportsReturning else {
                var player = ScoredPlayer(id: nil, name: "Arthur")
                try expectReturningIsMissing(db) { try player.upsert(db) }
                try expectReturningIsMissing(db) { _ = try player.upsertAndFetch(db) }
                try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scoredPlayer"), 0)
                return
            }
            var arthur = ScoredPlayer(id: nil, name: "Arthur", score: 10)
            try arthur.upsert(db)
            try expectEqual(arthur.id, 1)
            try db.execute(sql: "INSERT INTO scoredPlayer (id, name, score) VALUES (2, 'Zoe', 0)")
            // A conflict on the name: the row is updated, and didInsert is given its rowid (not the
            // last inserted one).
            var again = ScoredPlayer(id: nil, name: "Arthur", score: 20)
            try again.upsert(db)
            try expectEqual(again.id, 1)
            try expectEqual(
                try ScoredPlayer.fetchAll(db),
                [ScoredPlayer(id: 1, name: "Arthur", score: 20), ScoredPlayer(id: 2, name: "Zoe", score: 0)])

            var bonus = ScoredPlayer(id: nil, name: "Arthur", score: 5)
            let added = try bonus.upsertAndFetch(db, onConflict: ["name"]) { excluded in
                [Column("score").set(to: Column("score") + excluded[Column("score")])]
            }
            try expectEqual(added, ScoredPlayer(id: 1, name: "Arthur", score: 25))
            try expectEqual(bonus.id, 1)
            var unchanged = ScoredPlayer(id: 1, name: "Arthur", score: 0)
            let kept = try unchanged.upsertAndFetch(db, updating: .noColumnUnlessSpecified)
            try expectEqual(kept, ScoredPlayer(id: 1, name: "Arthur", score: 25))
            var barbara = ScoredPlayer(id: nil, name: "Barbara", score: 3)
            let summary = try barbara.upsertAndFetch(db, as: PlayerSummary.self)
            try expectEqual(summary, PlayerSummary(name: "Barbara"))
            try expectEqual(barbara.id, 3)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scoredPlayer"), 3)
        }
    },
    ConformanceCheck(
        "noOverwrite keeps a column on conflict while the others are overwritten, and updates nothing alone"
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE scoredPlayer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER);
                    INSERT INTO scoredPlayer VALUES (1, 'Arthur', 10);
                    """)
            try expectEqual(try Table("scoredPlayer").updateAll(db, [Column("score").noOverwrite]), 0)
            try expectEqual(
                try Table("scoredPlayer").updateAll(db, [Column("score").noOverwrite, Column("name").set(to: "Art")]), 1
            )
            try expectEqual(try String.fetchOne(db, sql: "SELECT name || score FROM scoredPlayer"), "Art10")
            guard db.driver.capabilities.supportsReturning else { return }
            var renamed = ScoredPlayer(id: 1, name: "Barbara", score: 0)
            let upserted = try renamed.upsertAndFetch(db) { _ in [Column("score").noOverwrite] }
            try expectEqual(upserted, ScoredPlayer(id: 1, name: "Barbara", score: 10))
            var same = ScoredPlayer(id: 1, name: "Craig", score: 0)
            let kept = try same.upsertAndFetch(db, updating: .noColumnUnlessSpecified) { _ in
                [Column("score").noOverwrite]
            }
            try expectEqual(kept, ScoredPlayer(id: 1, name: "Barbara", score: 10))
        }
    },
    ConformanceCheck("a detached column is its name, unqualified: it orders a joined request by an annotation") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT);
                    CREATE TABLE scoredPlayer (
                        id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER, teamID INTEGER REFERENCES team(id));
                    INSERT INTO team VALUES (1, 'Red');
                    INSERT INTO scoredPlayer VALUES (1, 'Arthur', 10, 1), (2, 'Barbara', 3, 1), (3, 'Craig', 7, 1);
                    """)
            let team = Table("scoredPlayer").belongsTo(Table("team"))
            let request = Table("scoredPlayer")
                .annotated(with: (Column("score") * 2).forKey("total"))
                .including(required: team)
                .order(Column("total").detached.desc)
            try expectEqual(try Row.fetchAll(db, request).map { $0["name"] as String }, ["Arthur", "Craig", "Barbara"])
            try expectEqual(
                try request.makePreparedRequest(db, forSingleResult: false).statement.sql.contains(
                    #"ORDER BY "total" DESC"#), true)
        }
    },
]

/// Fails the check unless `body` throws the error of a statement that needs RETURNING.
private func expectReturningIsMissing(_ db: Database, _ body: () throws -> Void) throws {
    try expectDatabaseError(.SQLITE_ERROR, messageContains: "RETURNING needs SQLite 3.35.0", body)
}

/// A record whose score has a default value in its table.
private struct ScoredPlayer: Codable, FetchableRecord, MutablePersistableRecord, Equatable {
    var id: Int64?
    var name: String
    var score: Int?

    init(id: Int64?, name: String, score: Int? = nil) {
        self.id = id
        self.name = name
        self.score = score
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["name"] = name
        // A nil score is not encoded, so that the table's default applies.
        if let score { container["score"] = score }
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A record that selects the name of a scored player only.
private struct PlayerSummary: Codable, FetchableRecord, TableRecord, Equatable {
    static let databaseTableName = "scoredPlayer"
    static var databaseSelection: [any SQLSelectable] { [Column("name")] }
    var name: String
}
