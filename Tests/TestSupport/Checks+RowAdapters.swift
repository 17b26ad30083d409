import Foundation
import RSCore
import RSDiff

/// A record of `player (id, name, teamId)`, decoded by hand.
private struct Player: Equatable {
    var id: Int64
    var name: String
    var teamId: Int64?
}

extension Player: FetchableRecord {
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        teamId = try row.decode(forColumn: "teamId")
    }
}

/// A record of `team (id, name)`, decoded by `Decodable`.
private struct Team: Decodable, FetchableRecord, Equatable {
    var id: Int64
    var name: String
}

/// A player and its team, decoded from the scopes "player" and "team" of a joined row.
private struct PlayerInfo: Decodable, FetchableRecord, Equatable {
    var player: PlayerColumns
    var team: Team?
}

/// Two nested records that a row with scopes cannot both decode from its own columns.
private struct PlayerAndCoach: Decodable, FetchableRecord {
    var player: PlayerColumns
    var coach: PlayerColumns
    var team: Team?
}

/// The columns of a player, decoded by `Decodable` (the nested record of `PlayerInfo`).
private struct PlayerColumns: Decodable, Equatable {
    var id: Int64
    var name: String
}

/// A record that decodes `coach` alone from the first player's row, and `player`, then `coach`,
/// from the next rows: the second key that names neither a column nor a scope fails there, after
/// the first row's decoding of `coach` from the row itself.
private struct PlayerThenCoach: Decodable, FetchableRecord {
    var coach: PlayerColumns

    enum CodingKeys: String, CodingKey { case id, player, coach }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Int64.self, forKey: .id) > 1 {
            _ = try container.decode(PlayerColumns.self, forKey: .player)
        }
        coach = try container.decode(PlayerColumns.self, forKey: .coach)
    }
}

/// A record that decodes `coach` from the row itself in the first player's row, and as an
/// optional in the next rows, where it is nil: a key that names no column nor scope is not present.
private struct CoachOnce: Decodable, FetchableRecord {
    var coach: PlayerColumns?

    enum CodingKeys: String, CodingKey { case id, coach }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Int64.self, forKey: .id) == 1 {
            coach = try container.decode(PlayerColumns.self, forKey: .coach)
        } else {
            coach = try container.decodeIfPresent(PlayerColumns.self, forKey: .coach)
        }
    }
}

/// The columns of a team, through `init(row:)`, which shouts the name: told apart from the same
/// columns decoded through `Decodable`.
private struct ShoutedTeam: Decodable, FetchableRecord {
    var name: String

    init(row: Row) throws {
        name = try row.decode(String.self, forColumn: "name").uppercased()
    }
}

/// A record that decodes the `team` scope as `TeamColumns` in the first player's row, and as
/// `ShoutedTeam` in the next rows.
private struct TeamOfPlayer: Decodable, FetchableRecord {
    var teamName: String

    enum CodingKeys: String, CodingKey { case id, team }

    /// The columns of a team, through `Decodable` (no record).
    struct TeamColumns: Decodable { var name: String }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Int64.self, forKey: .id) == 1 {
            teamName = try container.decode(TeamColumns.self, forKey: .team).name
        } else {
            teamName = try container.decode(ShoutedTeam.self, forKey: .team).name
        }
    }
}

/// The name of a player, from a row whose column `name` has a scope of the same name.
private struct PlayerName: Decodable, FetchableRecord {
    var name: SingleName

    /// A name decoded from a single value: from a column, or else from the leftmost column of a
    /// scope.
    struct SingleName: Decodable {
        var value: String
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(String.self) }
    }
}

/// Two teams and three players, the third without team; the join selects `player.*, team.*`.
private let joinSQL = "SELECT player.*, team.* FROM player LEFT JOIN team ON team.id = player.teamId ORDER BY player.id"

private func makeTeamDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(
            sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, teamId INTEGER REFERENCES team(id));
                INSERT INTO team VALUES (1, 'Reds'), (2, 'Blues');
                INSERT INTO player VALUES (1, 'Arthur', 1), (2, 'Barbara', 2), (3, 'Craig', NULL);
                """)
    }
    return writer
}

/// The adapter that gives each table of `joinSQL` its scope.
private let joinAdapter: any RowAdapter = {
    let adapters = splittingRowAdapters(columnCounts: [3, 2])
    return ScopeAdapter(["player": adapters[0], "team": adapters[1]])
}()

/// Row adapters, as GRDB 7 defines them: the columns of adapted rows, scopes, adapted fetches of
/// rows, values and records, adapted requests, and the errors of adapters that do not fit a row.
let rowAdapterChecks: [ConformanceCheck] = [
    ConformanceCheck("each adapter picks, renames or hides the columns of the fetched rows") { factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
            func fetch(_ adapter: some RowAdapter) throws -> Row {
                try unwrap(try Row.fetchOne(db, sql: sql, adapter: adapter), "no row")
            }
            // Keys are the adapted names, values the fetched ones; the order is the fetched one.
            try expectEqual(try fetch(ColumnMapping(["y": "c", "x": "A"])), ["x": 0, "y": 2])
            try expectEqual(try fetch(SuffixRowAdapter(fromIndex: 2)), ["c": 2, "d": 3])
            try expectEqual(try fetch(SuffixRowAdapter(fromIndex: 4)), [:])
            try expectEqual(try fetch(RangeRowAdapter(1..<3)), ["b": 1, "c": 2])
            try expectEqual(try fetch(RangeRowAdapter(1...3)), ["b": 1, "c": 2, "d": 3])
            try expectEqual(
                try fetch(RenameColumnAdapter { $0 + "rrr" }), ["arrr": 0, "brrr": 1, "crrr": 2, "drrr": 3])
            let empty = try fetch(EmptyRowAdapter())
            try expect(empty.isEmpty && empty.unadapted.count == 4, "EmptyRowAdapter: \(empty.debugDescription)")
            // The adapted row reads its values by adapted name and position, and keeps the fetched row.
            let mapped = try fetch(ColumnMapping(["consumed": "b"]))
            try expectEqual(mapped["consumed"] as Int, 1)
            try expectEqual(mapped[0] as Int, 1)
            try expect(mapped["b"] == nil && !mapped.hasColumn("b"), "the mapping shows a column it does not map")
            try expectEqual(mapped.unadapted, ["a": 0, "b": 1, "c": 2, "d": 3])
            try expectEqual(mapped.databaseValues, [1.databaseValue])
            // SQLite names the duplicate columns of a subquery "id" and "id:1": the GRDB sample.
            let renamed = try unwrap(
                try Row.fetchOne(
                    db, sql: "SELECT * FROM (SELECT 1 AS id, 2 AS id)",
                    adapter: RenameColumnAdapter { String($0.prefix { $0 != ":" }) }), "no row")
            try expectEqual(renamed.columnNames, ["id", "id"])
            // A custom adapter: the leftmost value of a row under the name "first".
            struct FirstColumnAdapter: RowAdapter {
                func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
                    AdaptedRowLayout(columns: RowLayout(columns: [(name: "first", baseIndex: layout.baseIndexes[0])]))
                }
            }
            try expectEqual(try fetch(FirstColumnAdapter()), ["first": 0])
            try expectEqual(
                try fetch(SuffixRowAdapter(fromIndex: 3).addingScopes(["f": FirstColumnAdapter()])).scopes["f"],
                ["first": 0])
        }
    },
    ConformanceCheck("ScopeAdapter defines scopes, nested, found by name or at any depth, and unscoped drops them") {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            let sql = "SELECT 0 AS a, 1 AS b, 2 AS c, 3 AS d"
            let adapter = ScopeAdapter([
                "left": ScopeAdapter(["left": RangeRowAdapter(0..<1), "right": RangeRowAdapter(1..<2)]),
                "right": ScopeAdapter(["deep": RangeRowAdapter(2..<3), "right": RangeRowAdapter(3..<4)]),
            ])
            let row = try unwrap(try Row.fetchOne(db, sql: sql, adapter: adapter), "no row")
            try expectEqual(row.unscoped, ["a": 0, "b": 1, "c": 2, "d": 3])
            try expectEqual(row.scopes.names, ["left", "right"])
            try expectEqual(row.scopes.map(\.name), ["left", "right"])
            try expect(row.scopes["missing"] == nil, "a missing scope")
            // The adapters of nested scopes apply to the fetched row, as the outer ones do.
            let left = try unwrap(row.scopes["left"], "no left scope")
            try expectEqual(left.scopes["left"], ["a": 0])
            try expectEqual(left.scopes["right"], ["b": 1])
            try expectEqual(row.scopes["right"]?.scopes["right"], ["d": 3])
            // The tree is searched breadth-first: the shallowest scope of a name wins.
            try expectEqual(row.scopesTree.names, ["left", "right", "deep"])
            try expectEqual(row.scopesTree["deep"], ["c": 2])
            try expectEqual(row.scopesTree["right"], row.scopes["right"])
            try expect(row.scopesTree["missing"] == nil, "a missing scope in the tree")
            try expect(row.unscoped.scopes.isEmpty && row.unadapted.scopes.isEmpty, "unscoped rows have scopes")
            // addingScopes keeps the base adapter's columns; a scope of the same name replaces the base's.
            let base = RangeRowAdapter(0..<2).addingScopes(["remainder": RangeRowAdapter(3..<4)])
            let added = try unwrap(
                try Row.fetchOne(
                    db, sql: sql, adapter: base.addingScopes(["remainder": SuffixRowAdapter(fromIndex: 2)])),
                "no row")
            try expectEqual(added.unscoped, ["a": 0, "b": 1])
            try expectEqual(added.scopes["remainder"], ["c": 2, "d": 3])
            // splittingRowAdapters: one adapter per count, and one for the rest.
            let chunks = splittingRowAdapters(columnCounts: [1, 2])
            try expectEqual(chunks.count, 3)
            try expectEqual(try Row.fetchOne(db, sql: sql, adapter: chunks[1]), ["b": 1, "c": 2])
            try expectEqual(try Row.fetchOne(db, sql: sql, adapter: chunks[2]), ["d": 3])
            try expectEqual(
                try Row.fetchOne(db, sql: sql, adapter: splittingRowAdapters(columnCounts: [])[0]), row.unadapted)
        }
    },
    ConformanceCheck("adapted rows are the same from a cursor, fetchAll, fetchSet, fetchOne and copy(), across batches")
    {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            // 100 rows: fetchAll copies them in batches of growing size.
            let sql =
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) SELECT i, -i AS j, 'x' || i AS k FROM n"
            let adapter = ColumnMapping(["key": "k", "i": "i"]).addingScopes(["negative": RangeRowAdapter(1..<2)])
            let describe: (Row) -> String = { row in
                "\(row) \(row.scopes["negative"].map { "\($0)" } ?? "-") \(row.unadapted)"
            }
            var fromCursor: [String] = []
            var copies: [Row] = []
            let cursor = try Row.fetchCursor(db, sql: sql, adapter: adapter)
            while let row = try cursor.next() {
                fromCursor.append(describe(row))
                copies.append(row.copy())
            }
            try expectEqual(fromCursor.count, 100)
            try expectEqual(fromCursor[41], "[i:42 key:\"x42\"] [j:-42] [i:42 j:-42 k:\"x42\"]")
            let all = try Row.fetchAll(db, sql: sql, adapter: adapter)
            try expectEqual(all.map(describe), fromCursor)
            try expectEqual(copies.map(describe), fromCursor)
            try expectEqual(all, copies)
            try expectEqual(try Row.fetchSet(db, sql: sql, adapter: adapter), Set(all))
            try expectEqual(try Row.fetchOne(db, sql: sql, adapter: adapter).map(describe), fromCursor[0])
            // A scoped row of a copy copies, too: it outlives the statement.
            try expectEqual(all[99].scopes["negative"]?.copy(), ["j": -100])
        }
    },
    ConformanceCheck("values and records fetch through an adapter, from SQL, statements and requests") { factory in
        let writer = try makeTeamDatabase(factory)
        try writer.read { db in
            let suffix = SuffixRowAdapter(fromIndex: 1)
            try expectEqual(
                try String.fetchAll(db, sql: "SELECT id, name FROM team ORDER BY id", adapter: suffix),
                ["Reds", "Blues"])
            try expectEqual(
                try String.fetchOne(db, sql: "SELECT id, name FROM team ORDER BY id", adapter: suffix), "Reds")
            try expectEqual(try String?.fetchOne(db, sql: "SELECT 1, NULL", adapter: suffix), .some(nil))
            try expectEqual(
                try String.fetchSet(db, sql: "SELECT id, name FROM team", adapter: suffix), ["Reds", "Blues"])
            let statement = try db.makeStatement(sql: "SELECT id, name FROM team WHERE id = ?")
            try expectEqual(try String.fetchAll(statement, arguments: [2], adapter: suffix), ["Blues"])
            let teamColumns = RangeRowAdapter(3..<5)
            try expectEqual(
                try Team.fetchAll(db, sql: joinSQL + " LIMIT 2", adapter: teamColumns),
                [Team(id: 1, name: "Reds"), Team(id: 2, name: "Blues")])
            try expectEqual(
                try Team.fetchOne(statement, arguments: [1], adapter: ColumnMapping(["id": "id", "name": "name"])),
                Team(id: 1, name: "Reds"))
            // Craig has no team: its team columns are NULL, which the record reports.
            let null = try expectDatabaseError(.SQLITE_MISMATCH, sql: joinSQL) {
                _ = try Team.fetchAll(db, sql: joinSQL, adapter: teamColumns)
            }
        }
    },
    ConformanceCheck("records decode from the scopes of a row: by subscript, decode(_:forKey:) and Decodable") {
        factory in
        let writer = try makeTeamDatabase(factory)
        try writer.read { db in
            let rows = try Row.fetchAll(db, sql: joinSQL, adapter: joinAdapter)
            try expectEqual(rows[0]["player"] as Player, Player(id: 1, name: "Arthur", teamId: 1))
            try expectEqual(rows[0]["team"] as Team, Team(id: 1, name: "Reds"))
            try expectEqual(rows[1]["team"] as Team?, Team(id: 2, name: "Blues"))
            // A left join that matched no row: only NULL values in the scope.
            try expectEqual(rows[2]["team"] as Team?, nil)
            try expectEqual(try rows[2].decodeIfPresent(Team.self, forKey: "missing"), nil)
            let nullScope = try expectDatabaseError(.SQLITE_MISMATCH, sql: joinSQL, messageContains: "only NULL") {
                _ = try rows[2].decode(Team.self, forKey: "team")
            }
            let missing = try expectDatabaseError(.SQLITE_ERROR, messageContains: "player, team") {
                _ = try rows[2].decode(Team.self, forKey: "coach")
            }
            // A Decodable record decodes its nested records from the scopes named by its keys.
            let expected = [
                PlayerInfo(player: PlayerColumns(id: 1, name: "Arthur"), team: Team(id: 1, name: "Reds")),
                PlayerInfo(player: PlayerColumns(id: 2, name: "Barbara"), team: Team(id: 2, name: "Blues")),
                PlayerInfo(player: PlayerColumns(id: 3, name: "Craig"), team: nil),
            ]
            try expectEqual(try PlayerInfo.fetchAll(db, sql: joinSQL, adapter: joinAdapter), expected)
            try expectEqual(try rows.map(PlayerInfo.init(row:)), expected)
            try expectEqual(try PlayerInfo.fetchOne(db, sql: joinSQL, adapter: joinAdapter), expected[0])
            // One key that names neither a column nor a scope decodes from the row itself; a second fails.
            let playerColumnsAndTeam = RangeRowAdapter(0..<3).addingScopes(["team": RangeRowAdapter(3..<5)])
            try expectEqual(try PlayerInfo.fetchAll(db, sql: joinSQL, adapter: playerColumnsAndTeam), expected)
            let twice = try expectDatabaseError(.SQLITE_ERROR, sql: joinSQL, messageContains: "already decoded") {
                _ = try PlayerAndCoach.fetchAll(db, sql: joinSQL, adapter: playerColumnsAndTeam)
            }
            // Without scopes, a missing column is an error.
            let noScope = try expectDatabaseError(.SQLITE_ERROR, sql: joinSQL, messageContains: "no such column") {
                _ = try PlayerInfo.fetchAll(db, sql: joinSQL)
            }
            // A scope holds a non-NULL value when one of its scopes does, at any depth.
            let nested = EmptyRowAdapter().addingScopes([
                "team": RangeRowAdapter(4..<5).addingScopes(["id": RangeRowAdapter(0..<1)])
            ])
            let row = try unwrap(try Row.fetchOne(db, sql: joinSQL + " DESC", adapter: nested), "no row")
            let team = try unwrap(row.scopes["team"], "no team scope")
            try expectEqual(team.unscoped, ["name": nil])
            try expect(team.containsNonNullValue && row.containsNonNullValue, "the nested scope's value does not count")
            // So the team is decoded, and its missing id column is reported.
            let teamError = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such column") {
                _ = try row.decodeIfPresent(Team.self, forKey: "team")
            }
        }
    },
    ConformanceCheck("the records of a cursor decode each key that names no column as its own row says") { factory in
        // A cursor's storage keeps where the nested records of the first rows were found (see
        // `NestedRecordSource`): the next rows still check the key decoded from the row itself, the
        // decoded type, and the NULL values of an optional scope.
        let writer = try makeTeamDatabase(factory)
        try writer.read { db in
            let playerColumnsAndTeam = RangeRowAdapter(0..<3).addingScopes(["team": RangeRowAdapter(3..<5)])
            _ = try expectDatabaseError(.SQLITE_ERROR, sql: joinSQL, messageContains: "player is already decoded") {
                _ = try PlayerThenCoach.fetchAll(db, sql: joinSQL, adapter: playerColumnsAndTeam)
            }
            try expectEqual(
                try TeamOfPlayer.fetchAll(db, sql: joinSQL + " LIMIT 2", adapter: playerColumnsAndTeam).map(\.teamName),
                ["Reds", "BLUES"])
            try expectEqual(
                try CoachOnce.fetchAll(db, sql: joinSQL, adapter: playerColumnsAndTeam).map(\.coach?.name),
                ["Arthur", nil, nil])
            // The team of the third player is nil, after two teams.
            try expectEqual(
                try PlayerInfo.fetchAll(db, sql: joinSQL, adapter: playerColumnsAndTeam).map(\.team?.name),
                ["Reds", "Blues", nil])
            // A column wins over the scope of the same name, in every row.
            let nameScope = RangeRowAdapter(0..<3).addingScopes(["name": RangeRowAdapter(3..<5)])
            try expectEqual(
                try PlayerName.fetchAll(db, sql: joinSQL, adapter: nameScope).map(\.name.value),
                ["Arthur", "Barbara", "Craig"])
        }
    },
    ConformanceCheck("requests carry their adapter: SQLRequest(adapter:), adapted(_:) once and twice") { factory in
        let writer = try makeTeamDatabase(factory)
        try writer.read { db in
            let request = SQLRequest<Row>(sql: joinSQL, adapter: joinAdapter)
            try expectEqual(try request.fetchAll(db), try Row.fetchAll(db, sql: joinSQL, adapter: joinAdapter))
            try expectEqual(try request.fetchOne(db)?.scopes["team"], ["id": 1, "name": "Reds"])
            try expect(
                try request.makePreparedRequest(db, forSingleResult: false).adapter != nil, "no prepared adapter")
            try expectEqual(try request.asRequest(of: PlayerInfo.self).fetchAll(db).count, 3)
            let adapted = SQLRequest<PlayerInfo>(sql: joinSQL).adapted { db in
                let adapters = try splittingRowAdapters(columnCounts: [db.columns(in: "player").count, 2])
                return ScopeAdapter(["player": adapters[0], "team": adapters[1]])
            }
            try expectEqual(try adapted.fetchAll(db).map(\.player.name), ["Arthur", "Barbara", "Craig"])
            try expectEqual(try adapted.fetchCount(db), 3)
            try expectEqual(try adapted.databaseRegion(db), try SQLRequest<Row>(sql: joinSQL).databaseRegion(db))
            // A second adapter adapts the columns of the first one's rows; its scopes are the row's.
            let twice = SQLRequest<Row>(sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: SuffixRowAdapter(fromIndex: 1))
                .adapted { _ in ColumnMapping(["z": "c"]).addingScopes(["first": RangeRowAdapter(0..<1)]) }
            let row = try unwrap(try twice.fetchOne(db), "no row")
            try expectEqual(row.unscoped, ["z": 2])
            try expectEqual(row.scopes["first"], ["b": 1])
            try expectEqual(row.unadapted, ["a": 0, "b": 1, "c": 2])
            // The values of an adapted request of values are read from the adapted rows.
            try expectEqual(
                try SQLRequest<String?>(sql: joinSQL, adapter: SuffixRowAdapter(fromIndex: 4)).fetchAll(db),
                ["Reds", "Blues", nil])
        }
    },
    ConformanceCheck("an adapter that does not fit the row throws a DatabaseError that says why, and fetches nothing") {
        factory in
        let writer = try makeTeamDatabase(factory)
        try writer.read { db in
            let sql = "SELECT id, name FROM team"
            let mapping = try expectDatabaseError(.SQLITE_MISUSE, sql: sql, messageContains: "missing column `missing`")
            {
                _ = try Row.fetchAll(db, sql: sql, adapter: ColumnMapping(["x": "missing"]))
            }
            try expect(mapping.message?.contains("id, name") == true, "the error does not list the columns: \(mapping)")
            let range = try expectDatabaseError(.SQLITE_MISUSE, sql: sql, messageContains: "out of the bounds") {
                _ = try Row.fetchCursor(db, sql: sql, adapter: RangeRowAdapter(1..<3))
            }
            let suffix = try expectDatabaseError(.SQLITE_MISUSE, sql: sql, messageContains: "out of the bounds") {
                _ = try Team.fetchOne(db, sql: sql, adapter: SuffixRowAdapter(fromIndex: 3))
            }
            let noColumn = try expectDatabaseError(.SQLITE_MISUSE, sql: sql, messageContains: "no column") {
                _ = try Int.fetchAll(db, sql: sql, adapter: EmptyRowAdapter())
            }
            // A nested scope that does not fit fails the fetch too.
            let nested = try expectDatabaseError(.SQLITE_MISUSE, sql: sql) {
                _ = try Row.fetchOne(
                    db, sql: sql, adapter: ScopeAdapter(["a": ScopeAdapter(["b": RangeRowAdapter(5..<6)])]))
            }
            // A custom adapter that reads a value out of the row.
            struct OutOfRow: RowAdapter {
                func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
                    AdaptedRowLayout(columns: RowLayout(columns: [(name: "x", baseIndex: layout.count)]))
                }
            }
            for adapter in [OutOfRow() as any RowAdapter, ScopeAdapter(["scope": OutOfRow()])] {
                let outOfRow = try expectDatabaseError(.SQLITE_MISUSE, sql: sql, messageContains: "index 2") {
                    _ = try Row.fetchAll(db, sql: sql, adapter: adapter)
                }
            }
            // The connection goes on.
            try expectEqual(try Row.fetchAll(db, sql: sql).count, 2)
        }
    },
    ConformanceCheck("rows compare their scopes, describe them, coalesce, and lend their bytes without a copy") {
        factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            let sql = "SELECT 1 AS id, 'a' AS name, x'00ff' AS data, NULL AS absent"
            let scoped = try unwrap(
                try Row.fetchOne(db, sql: sql, adapter: ScopeAdapter(["key": RangeRowAdapter(0..<1)])), "no row")
            let plain = try unwrap(try Row.fetchOne(db, sql: sql), "no row")
            try expect(scoped != plain && scoped.unscoped == plain, "equality ignores scopes")
            try expectEqual(scoped.hashValue, plain.hashValue)
            try expectEqual(plain.debugDescription, plain.description)
            try expectEqual(
                scoped.debugDescription,
                "▿ [id:1 name:\"a\" data:Data(2 bytes) absent:NULL]\n  unadapted: [id:1 name:\"a\" data:Data(2 bytes) absent:NULL]\n  - key: [id:1]"
            )
            let mapped = try unwrap(try Row.fetchOne(db, sql: sql, adapter: ColumnMapping(["n": "name"])), "no row")
            try expectEqual(
                mapped.debugDescription, "▿ [n:\"a\"]\n  unadapted: [id:1 name:\"a\" data:Data(2 bytes) absent:NULL]")
            // coalesce: the first value that is not NULL; missing columns are skipped.
            try expectEqual(plain.coalesce(["missing", "absent", "name"]) as String?, "a")
            try expectEqual(plain.coalesce([Column("absent")]) as String?, nil)
            // withUnsafeData: the bytes of a blob or text, nil for NULL or a missing column, an error for a number.
            let cursor = try Row.fetchCursor(db, sql: sql)
            let row = try unwrap(try cursor.next(), "no row")
            try expectEqual(try row.withUnsafeData(named: "data") { $0.map(Array.init) }, [0, 255])
            try expectEqual(try row.withUnsafeData(atIndex: 1) { $0.map(Array.init) }, Array("a".utf8))
            try expectEqual(try row.withUnsafeData(at: Column("absent")) { $0?.count }, nil)
            try expectEqual(try row.withUnsafeData(named: "missing") { $0?.count }, nil)
            let number = try expectDatabaseError(.SQLITE_MISMATCH, messageContains: "Data") {
                _ = try row.withUnsafeData(named: "id") { $0 }
            }
            try expectEqual(try plain.withUnsafeData(named: "data") { $0.map(Array.init) }, [0, 255])
            // dataNoCopy, GRDB's deprecated form of withUnsafeData: the same bytes, returned.
            let dataNoCopy: any DataNoCopyReading = DeprecatedDataNoCopy()
            try expectEqual(dataNoCopy.bytes(of: row), [[0, 255], Array("a".utf8), nil, nil])
            try expectEqual(dataNoCopy.bytes(of: plain), [[0, 255], Array("a".utf8), nil, nil])
            // A row from an untyped dictionary: nil unless the keys are strings and the values convertible.
            try expectEqual(Row(["a": 1] as [AnyHashable: Any]), ["a": 1])
            try expectEqual(Row(["b": NSNull()] as [AnyHashable: Any]), ["b": nil])
            try expectEqual(Row(["a": 1, "b": "x"] as [AnyHashable: Any]).map { Set($0.columnNames) }, ["a", "b"])
            try expect(Row([1: 1] as [AnyHashable: Any]) == nil, "a key that is not a string")
            try expect(Row(["a": Date.self] as [AnyHashable: Any]) == nil, "a value that is not convertible")
        }
    },
    ConformanceCheck("a primary-key diff refuses a request that adapts its rows") { factory in
        let writer = try makeTeamDatabase(factory)
        try writer.read { db in
            let request = SQLRequest<TeamRecord>(
                sql: "SELECT * FROM team ORDER BY id", adapter: SuffixRowAdapter(fromIndex: 0))
            let error = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "adapts its rows") {
                _ = try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
            }
        }
    },
]

/// A persistable team, for the diff.
private struct TeamRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "team"
    var id: Int64
    var name: String
}

/// Reads bytes with `dataNoCopy`, which is deprecated, as in GRDB: the check calls it through this
/// protocol, so that the test target builds without warnings.
private protocol DataNoCopyReading {
    /// The bytes of the columns `data` (a blob), `name` (by index: a text), `absent` (NULL) and
    /// `missing` (no such column), read with `dataNoCopy`.
    func bytes(of row: Row) -> [[UInt8]?]
}

private struct DeprecatedDataNoCopy: DataNoCopyReading {
    @available(*, deprecated)
    func bytes(of row: Row) -> [[UInt8]?] {
        [
            row.dataNoCopy(named: "data"), row.dataNoCopy(atIndex: 1), row.dataNoCopy(Column("absent")),
            row.dataNoCopy(named: "missing"),
        ].map { $0.map(Array.init) }
    }
}
