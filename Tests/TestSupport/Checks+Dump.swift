import Foundation
import RSCore
import RSQueryInterface

/// The dump API of GRDB 7: `dumpSQL`, `dumpRequest`, `dumpTables`, `dumpContent` and `dumpSchema`
/// of a connection and of a reader, and the output of each format, to the character.
let dumpChecks: [ConformanceCheck] = [
    ConformanceCheck("dump: the debug format prints a line per row, blobs as text, UUID or hex literal") { factory in
        let writer = try makeDumpValuesDatabase(factory)
        let output = try writer.read { db in try dumped { try db.dumpSQL(dumpValuesQuery, to: $0) } }
        try expectEqual(
            output,
            #"""
            integer|42
            integer min|-9223372036854775808
            real|1.5
            real negative|-1.0
            real long|0.30000000000000004
            text|O'Brien "said"
            text newline|a
            b
            text unicode|café 🙂
            text backslash|C:\dir/x
            blob utf8|Hi
            blob binary|X'FF80'
            blob uuid|69BF8A9C-D9F0-4777-BD11-93451D84CBCF
            null|

            """#)
    },
    ConformanceCheck("dump: the debug format takes a header, a separator and a NULL text; no header without rows") {
        factory in
        let writer = try makeDumpValuesDatabase(factory)
        let (output, empty) = try writer.read { db in
            (
                try dumped { stream in
                    try db.dumpSQL(
                        "SELECT name, value FROM value WHERE name LIKE 'real%' OR name = 'null' ORDER BY rowid",
                        format: .debug(header: true, separator: " ~ ", nullValue: "<null>"), to: stream)
                },
                try dumped { stream in
                    try db.dumpSQL("SELECT * FROM value WHERE 0", format: .debug(header: true), to: stream)
                }
            )
        }
        try expectEqual(
            output,
            """
            name ~ value
            real ~ 1.5
            real negative ~ -1.0
            real long ~ 0.30000000000000004
            null ~ <null>

            """)
        try expectEqual(empty, "")
    },
    ConformanceCheck("dump: the list format prints blobs as UTF-8 text, and takes a header, separator and NULL text") {
        factory in
        let writer = try makeDumpValuesDatabase(factory)
        let (output, custom) = try writer.read { db in
            (
                try dumped { try db.dumpSQL(dumpValuesQuery, format: .list(), to: $0) },
                try dumped { stream in
                    try db.dumpSQL(
                        "SELECT name, value FROM value WHERE name IN ('integer', 'null') ORDER BY rowid",
                        format: .list(header: true, separator: ";", nullValue: "NULL"), to: stream)
                }
            )
        }
        try expectEqual(
            output,
            #"""
            integer|42
            integer min|-9223372036854775808
            real|1.5
            real negative|-1.0
            real long|0.30000000000000004
            text|O'Brien "said"
            text newline|a
            b
            text unicode|café 🙂
            text backslash|C:\dir/x
            blob utf8|Hi
            blob binary|\#u{FFFD}\#u{FFFD}
            blob uuid|i\#u{FFFD}\#u{FFFD}\#u{FFFD}\#u{FFFD}\#u{FFFD}Gw\#u{FFFD}\#u{11}\#u{FFFD}E\#u{1D}\#u{FFFD}\#u{FFFD}\#u{FFFD}
            null|

            """#)
        try expectEqual(
            custom,
            """
            name;value
            integer;42
            null;NULL

            """)
    },
    ConformanceCheck("dump: the quote format writes SQL literals, as SQLite's quote() does") { factory in
        let writer = try makeDumpValuesDatabase(factory)
        let (output, custom) = try writer.read { db in
            (
                try dumped { try db.dumpSQL(dumpValuesQuery, format: .quote(), to: $0) },
                try dumped { stream in
                    try db.dumpSQL(
                        "SELECT name, value AS \"it's\" FROM value WHERE name IN ('text', 'null') ORDER BY rowid",
                        format: .quote(header: true, separator: " | "), to: stream)
                }
            )
        }
        try expectEqual(
            output,
            #"""
            'integer',42
            'integer min',-9223372036854775808
            'real',1.5
            'real negative',-1.0
            'real long',3.00000000000000044408e-01
            'text','O''Brien "said"'
            'text newline','a
            b'
            'text unicode','café 🙂'
            'text backslash','C:\dir/x'
            'blob utf8',X'4869'
            'blob binary',X'FF80'
            'blob uuid',X'69BF8A9CD9F04777BD1193451D84CBCF'
            'null',NULL

            """#)
        try expectEqual(
            custom,
            """
            'name' | 'it''s'
            'text' | 'O''Brien "said"'
            'null' | NULL

            """)
    },
    ConformanceCheck("dump: the JSON format prints an array of objects per statement, a row per line") { factory in
        let writer = try makeDumpValuesDatabase(factory)
        let output = try writer.read { db in try dumped { try db.dumpSQL(dumpValuesQuery, format: .json(), to: $0) } }
        try expectEqual(
            output,
            #"""
            [{"name":"integer","value":42},
            {"name":"integer min","value":-9223372036854775808},
            {"name":"real","value":1.5},
            {"name":"real negative","value":-1},
            {"name":"real long","value":0.30000000000000004},
            {"name":"text","value":"O'Brien \"said\""},
            {"name":"text newline","value":"a\nb"},
            {"name":"text unicode","value":"café 🙂"},
            {"name":"text backslash","value":"C:\\dir/x"},
            {"name":"blob utf8","value":"SGk="},
            {"name":"blob binary","value":"/4A="},
            {"name":"blob uuid","value":"ab+KnNnwR3e9EZNFHYTLzw=="},
            {"name":"null","value":null}]

            """#)
    },
    ConformanceCheck("dump: the JSON format: empty arrays, duplicate keys, infinities, and a pretty-printing encoder") {
        factory in
        let writer = try factory.makeWriter()
        let infinity = Double.infinity
        let (output, pretty) = try writer.write { db in
            let output = try dumped { stream in
                try db.dumpSQL(
                    """
                    CREATE TABLE t(a);
                    SELECT 1 AS a, 'x' AS a, \(infinity) AS b, \(-infinity) AS c;
                    SELECT * FROM t
                    """,
                    format: .json(), to: stream)
            }
            let encoder = JSONDumpFormat.defaultEncoder
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let pretty = try dumped { stream in
                try db.dumpSQL(
                    "SELECT 2 AS b, 1 AS a UNION ALL SELECT 4, NULL", format: .json(encoder: encoder), to: stream)
            }
            return (output, pretty)
        }
        try expectEqual(
            output,
            """
            [{"a":1,"a":"x","b":"inf","c":"-inf"}]
            []

            """)
        // The keys keep the order of the columns, whatever the encoder's options.
        try expectEqual(
            pretty,
            """
            [
              {
                "b":2,
                "a":1
              },
              {
                "b":4,
                "a":null
              }
            ]

            """)
    },
    ConformanceCheck("dump: the line format aligns column names, and puts a blank line between rows and statements") {
        factory in
        let writer = try factory.makeWriter()
        let output = try writer.read { db in
            try dumped { stream in
                try db.dumpSQL(
                    """
                    SELECT 1 AS id, 'Arthur' AS name, NULL AS teamName UNION ALL SELECT 2, 'Barbara', 'Red';
                    SELECT 'x' AS a;
                    SELECT 1 AS a WHERE 0;
                    SELECT CAST('y' AS BLOB) AS a
                    """,
                    format: .line(nullValue: "NULL"), to: stream)
            }
        }
        try expectEqual(
            output,
            """
                  id = 1
                name = Arthur
            teamName = NULL

                  id = 2
                name = Barbara
            teamName = Red

            a = x

            a = y

            """)
    },
    ConformanceCheck("dump: dumpSQL runs every statement, binds the arguments in order, and leaves out grdb_ columns") {
        factory in
        let writer = try factory.makeWriter()
        let (output, partial) = try writer.write { db in
            let output = try dumped { stream in
                try db.dumpSQL(
                    """
                    CREATE TABLE t(a, b);
                    INSERT INTO t VALUES (\(1), \("foo"));
                    INSERT INTO t VALUES (\(2), \("bar"));
                    SELECT * FROM t ORDER BY a;
                    SELECT b, 0 AS grdb_hidden, a FROM t WHERE a = \(2);
                    SELECT NULL WHERE NULL
                    """,
                    to: stream)
            }
            // The rows of the statements before an error are printed.
            let partial = DumpOutput()
            let sql = "SELECT 'Hello'; Not sql; SELECT 'World'"
            let error = try expectDatabaseError { try db.dumpSQL(SQL(sql: sql), to: partial) }
            try expectEqual(error.resultCode, .SQLITE_ERROR)
            return (output, partial.text)
        }
        try expectEqual(
            output,
            """
            1|foo
            2|bar
            bar|2

            """)
        try expectEqual(partial, "Hello\n")
    },
    ConformanceCheck("dump: dumpRequest prints the columns of the request's statement, whatever its adapter") {
        factory in
        let writer = try makeDumpTeamDatabase(factory)
        let (adapted, table) = try writer.read { db in
            (
                try dumped { stream in
                    let request = SQLRequest<Row>(
                        sql: "SELECT id, name FROM team WHERE id <> ? ORDER BY id", arguments: ["RED"],
                        adapter: SuffixRowAdapter(fromIndex: 1))
                    try db.dumpRequest(request, format: .quote(header: true), to: stream)
                },
                try dumped { try db.dumpRequest(Table("player").orderByPrimaryKey(), format: .list(), to: $0) }
            )
        }
        try expectEqual(adapted, "'id','name'\n'BLUE','Blue'\n")
        try expectEqual(
            table,
            """
            1|RED|Arthur|500
            2|BLUE|Barbara|1000
            3||Craig|200

            """)
    },
    ConformanceCheck("dump: dumpTables prints tables by primary key, under their names when there are several") {
        factory in
        let writer = try makeDumpTeamDatabase(factory)
        let outputs = try writer.read { db in
            [
                try dumped { try db.dumpTables([], to: $0) },
                try dumped { try db.dumpTables(["team"], to: $0) },
                try dumped { try db.dumpTables(["team"], tableHeader: .always, to: $0) },
                try dumped { try db.dumpTables(["team", "player"], format: .list(nullValue: "NULL"), to: $0) },
                try dumped { try db.dumpTables(["team", "Zone", "team"], format: .line(), to: $0) },
            ]
        }
        try expectEqual(
            outputs,
            [
                "",
                "BLUE|Blue\nRED|Red\n",
                "team\nBLUE|Blue\nRED|Red\n",
                """
                team
                BLUE|Blue
                RED|Red

                player
                1|RED|Arthur|500
                2|BLUE|Barbara|1000
                3|NULL|Craig|200

                """,
                """
                team
                  id = BLUE
                name = Blue

                  id = RED
                name = Red

                Zone

                team
                  id = BLUE
                name = Blue

                  id = RED
                name = Red

                """,
            ])
        let error = try expectDatabaseError {
            try writer.read { db in try db.dumpTables(["missing"], to: DumpOutput()) }
        }
        try expectEqual(error.resultCode, .SQLITE_ERROR)
    },
    ConformanceCheck("dump: dumpTables prints views in their own order, or sorted by all columns with stableOrder") {
        factory in
        let writer = try makeDumpTeamDatabase(factory)
        let (viewOrder, stable) = try writer.read { db in
            (
                try dumped { try db.dumpTables(["playerName"], to: $0) },
                try dumped { try db.dumpTables(["playerName", "team"], format: .json(), stableOrder: true, to: $0) }
            )
        }
        try expectEqual(viewOrder, "Barbara\nArthur\nCraig\n")
        try expectEqual(
            stable,
            """
            playerName
            [{"name":"Arthur"},
            {"name":"Barbara"},
            {"name":"Craig"}]

            team
            [{"id":"BLUE","name":"Blue"},
            {"id":"RED","name":"Red"}]

            """)
    },
    ConformanceCheck("dump: dumpSchema prints the SQL of the schema, by table, without the internal tables") {
        factory in
        let writer = try factory.makeWriter()
        let emptySchema = try writer.read { db in try dumped { try db.dumpSchema(to: $0) } }
        try fillDumpTeamDatabase(writer)
        let schema = try writer.read { db in try dumped { try db.dumpSchema(to: $0) } }
        try expectEqual(schema, "sqlite_master\n" + dumpTeamSchema)
        try expectEqual(emptySchema, "sqlite_master\n")
    },
    ConformanceCheck("dump: dumpContent prints the schema, then every table under its name, by primary key") {
        factory in
        let writer = try factory.makeWriter()
        let json = try writer.read { db in try dumped { try db.dumpContent(format: .json(), to: $0) } }
        try fillDumpTeamDatabase(writer)
        let content = try writer.read { db in try dumped { try db.dumpContent(to: $0) } }
        try expectEqual(
            content,
            "sqlite_master\n" + dumpTeamSchema
                + """

                player
                1|RED|Arthur|500
                2|BLUE|Barbara|1000
                3||Craig|200

                team
                BLUE|Blue
                RED|Red

                Zone

                """)
        try expectEqual(json, "sqlite_master\n")
    },
    ConformanceCheck("dump: dumpContent and dumpSchema leave out the shadow tables of virtual tables (SQLite 3.37+)") {
        factory in
        let writer = try factory.makeWriter()
        guard try writer.read({ db in db.driver.capabilities.isAtLeast(3, 37) }) else { return }
        let output = try writer.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE doc USING fts4(body); INSERT INTO doc(body) VALUES ('Hello')")
            return try dumped { try db.dumpContent(to: $0) }
        }
        try expectEqual(
            output,
            """
            sqlite_master
            CREATE VIRTUAL TABLE doc USING fts4(body);

            doc
            Hello

            """)
    },
    ConformanceCheck("dump: the dump methods of a reader run in a reentrant read") { factory in
        let writer = try makeDumpTeamDatabase(factory)
        let reader: any DatabaseReader = writer
        let outside = try dumped { stream in
            try reader.dumpSQL("SELECT name FROM team ORDER BY name", format: .list(header: true), to: stream)
            try reader.dumpRequest(SQLRequest<Row>(sql: "SELECT 1 AS one"), to: stream)
            try reader.dumpTables(["team", "playerName"], tableHeader: .always, stableOrder: true, to: stream)
        }
        let inside = try reader.read { _ in
            try dumped { stream in
                try reader.dumpSchema(to: stream)
                try reader.dumpContent(format: .quote(), to: stream)
            }
        }
        try expectEqual(
            outside,
            """
            name
            Blue
            Red
            1
            team
            BLUE|Blue
            RED|Red

            playerName
            Arthur
            Barbara
            Craig

            """)
        try expectEqual(
            inside,
            "sqlite_master\n" + dumpTeamSchema + "sqlite_master\n" + dumpTeamSchema
                + """

                player
                1,'RED','Arthur',500
                2,'BLUE','Barbara',1000
                3,NULL,'Craig',200

                team
                'BLUE','Blue'
                'RED','Red'

                Zone

                """)
    },
]

/// A text stream that keeps what it is given: a class, since the dump methods take the stream as
/// a value, which would copy a `String`.
final class DumpOutput: TextOutputStream {
    var text = ""

    func write(_ string: String) {
        text += string
    }
}

/// The text that `body` writes to the stream it is given.
func dumped(_ body: (DumpOutput) throws -> Void) rethrows -> String {
    let output = DumpOutput()
    try body(output)
    return output.text
}

/// The query of the rows of `makeDumpValuesDatabase`, in the order of insertion.
private let dumpValuesQuery: SQL = "SELECT name, value FROM value ORDER BY rowid"

/// A table `value(name, value)` of every kind of value.
private func makeDumpValuesDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(
            sql: #"""
                CREATE TABLE value(name TEXT, value);
                INSERT INTO value VALUES ('integer', 42);
                INSERT INTO value VALUES ('integer min', -9223372036854775808);
                INSERT INTO value VALUES ('real', 1.5);
                INSERT INTO value VALUES ('real negative', -1.0);
                INSERT INTO value VALUES ('real long', ?);
                INSERT INTO value VALUES ('text', 'O''Brien "said"');
                INSERT INTO value VALUES ('text newline', 'a' || char(10) || 'b');
                INSERT INTO value VALUES ('text unicode', 'café 🙂');
                INSERT INTO value VALUES ('text backslash', 'C:\dir/x');
                INSERT INTO value VALUES ('blob utf8', CAST('Hi' AS BLOB));
                INSERT INTO value VALUES ('blob binary', X'FF80');
                INSERT INTO value VALUES ('blob uuid', X'69BF8A9CD9F04777BD1193451D84CBCF');
                INSERT INTO value VALUES ('null', NULL);
                """#,
            arguments: [0.1 + 0.2])
    }
    return writer
}

/// The schema of `makeDumpTeamDatabase`, as `dumpSchema` prints it after its first line.
private let dumpTeamSchema = """
    CREATE TABLE player(id INTEGER PRIMARY KEY, teamId TEXT REFERENCES team(id), name TEXT, score INTEGER);
    CREATE INDEX a_player_score ON player(score);
    CREATE INDEX player_on_teamId ON player(teamId);
    CREATE TRIGGER player_ai AFTER INSERT ON player BEGIN SELECT NEW.id; END;
    CREATE VIEW playerName AS SELECT name FROM player ORDER BY score DESC;
    CREATE TABLE team(id TEXT PRIMARY KEY, name TEXT);
    CREATE TABLE Zone(id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT);

    """

/// Teams whose primary key is not in the order of insertion, players, a view, an empty table, and
/// the internal tables that dumps leave out (`grdb_migrations`, `sqlite_sequence`).
private func makeDumpTeamDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try fillDumpTeamDatabase(writer)
    return writer
}

/// Fills the database of `makeDumpTeamDatabase`.
private func fillDumpTeamDatabase(_ writer: some DatabaseWriter) throws {
    try writer.write { db in
        // Created in another order than the one of the dump.
        try db.execute(
            sql: """
                CREATE TABLE Zone(id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT);
                CREATE TABLE grdb_migrations(identifier TEXT NOT NULL PRIMARY KEY);
                CREATE TABLE team(id TEXT PRIMARY KEY, name TEXT);
                CREATE TABLE player(id INTEGER PRIMARY KEY, teamId TEXT REFERENCES team(id), name TEXT, score INTEGER);
                CREATE VIEW playerName AS SELECT name FROM player ORDER BY score DESC;
                CREATE TRIGGER player_ai AFTER INSERT ON player BEGIN SELECT NEW.id; END;
                CREATE INDEX player_on_teamId ON player(teamId);
                CREATE INDEX a_player_score ON player(score);
                INSERT INTO grdb_migrations VALUES ('v1');
                INSERT INTO Zone(label) VALUES ('gone');
                DELETE FROM Zone;
                INSERT INTO team VALUES ('RED', 'Red');
                INSERT INTO team VALUES ('BLUE', 'Blue');
                INSERT INTO player VALUES (1, 'RED', 'Arthur', 500);
                INSERT INTO player VALUES (2, 'BLUE', 'Barbara', 1000);
                INSERT INTO player VALUES (3, NULL, 'Craig', 200);
                """)
    }
}
