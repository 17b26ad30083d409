import Testing

@testable import RSCore

@Suite struct MissingFeatureDiagnosisTests {
    private let sqlite3_15 = DatabaseCapabilities(versionNumber: 3_015_002)
    private let sqlite3_40 = DatabaseCapabilities(versionNumber: 3_040_001, mathFunctions: true)

    @Test(arguments: [
        ("INSERT INTO t (x) VALUES (1) RETURNING id", "RETURNING needs SQLite 3.35.0"),
        (
            "INSERT INTO t VALUES (1) ON CONFLICT (id) DO UPDATE SET x = 2",
            "UPSERT (ON CONFLICT … DO) needs SQLite 3.24.0"
        ),
        ("INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING", "UPSERT (ON CONFLICT … DO) needs SQLite 3.24.0"),
        ("SELECT row_number() OVER (ORDER BY x) FROM t", "window functions (OVER) needs SQLite 3.25.0"),
        ("SELECT sum(x) OVER win FROM t WINDOW win AS (ORDER BY x)", "window functions (OVER) needs SQLite 3.25.0"),
        ("SELECT SQRT(x) FROM t", "math functions needs SQLite 3.35.0"),
        ("SELECT x FROM t ORDER BY x DESC NULLS FIRST", "NULLS FIRST / NULLS LAST needs SQLite 3.30.0"),
        ("ALTER TABLE t RENAME COLUMN a TO b", "ALTER TABLE … RENAME COLUMN needs SQLite 3.25.0"),
        ("ALTER TABLE t DROP COLUMN a", "ALTER TABLE … DROP COLUMN needs SQLite 3.35.0"),
        ("CREATE TABLE t (a, b GENERATED ALWAYS AS (a * 2))", "generated columns needs SQLite 3.31.0"),
        ("CREATE TABLE t (a INTEGER) STRICT", "STRICT tables needs SQLite 3.37.0"),
        ("SELECT iif(x, 1, 2) FROM t", "IIF needs SQLite 3.32.0"),
        ("VACUUM INTO ?", "VACUUM INTO needs SQLite 3.27.0"),
        ("VACUUM main INTO 'copy.sqlite'", "VACUUM INTO needs SQLite 3.27.0"),
        ("SELECT data ->> '$.name' FROM t", "the -> and ->> JSON operators needs SQLite 3.38.0"),
    ])
    func oldSQLiteNamesTheMissingFeatureAndTheVersions(sql: String, expected: String) throws {
        let diagnosis = try #require(sqlite3_15.missingFeatureDiagnosis(sql: sql))
        #expect(diagnosis.hasPrefix(expected))
        #expect(diagnosis.hasSuffix("this connection runs SQLite 3.15.2"))
        #expect(sqlite3_40.missingFeatureDiagnosis(sql: sql) == nil)
    }

    @Test func sqlWithoutNewFeaturesHasNoDiagnosis() {
        for sql in [
            "SELECT * FROM player WHERE score > 10 ORDER BY name", "INSERT OR REPLACE INTO t VALUES (1)",
            "CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT NOT NULL ON CONFLICT REPLACE)", "SELEC 1",
            "UPDATE t SET over = 1", "SELECT power_level FROM hero", "VACUUM", "INSERT INTO vacuum_log VALUES (1)",
        ] {
            #expect(sqlite3_15.missingFeatureDiagnosis(sql: sql) == nil, "\(sql)")
        }
    }

    @Test func severalMissingFeaturesAreAllNamed() throws {
        let diagnosis = try #require(
            sqlite3_15.missingFeatureDiagnosis(sql: "INSERT INTO t SELECT sqrt(x) FROM u RETURNING id"))
        #expect(diagnosis.contains("RETURNING needs SQLite 3.35.0"))
        #expect(diagnosis.contains("math functions needs SQLite 3.35.0"))
    }

    @Test func featuresOfCompileOptionsNameTheOption() throws {
        let json = try #require(sqlite3_15.missingFeatureDiagnosis(sql: "SELECT json_extract(info, '$.a') FROM t"))
        #expect(
            json.hasPrefix(
                "JSON1 (the JSON functions) needs SQLite compiled with SQLITE_ENABLE_JSON1, or SQLite 3.38.0"))
        let fts5 = try #require(sqlite3_15.missingFeatureDiagnosis(sql: "CREATE VIRTUAL TABLE t USING fts5(x)"))
        #expect(fts5.hasPrefix("FTS5 needs SQLite compiled with SQLITE_ENABLE_FTS5"))
        let math = try #require(sqlite3_40NoMath.missingFeatureDiagnosis(sql: "SELECT sqrt(4)"))
        #expect(math.hasPrefix("math functions needs SQLite compiled with SQLITE_ENABLE_MATH_FUNCTIONS;"))
        let full = DatabaseCapabilities(
            versionNumber: 3_040_001, mathFunctions: true, fts3: true, fts5: true, json: true)
        #expect(full.missingFeatureDiagnosis(sql: "CREATE VIRTUAL TABLE t USING fts5(x)") == nil)
        #expect(full.missingFeatureDiagnosis(sql: "SELECT json_array(1) FILTER (WHERE 1)") == nil)
    }

    private let sqlite3_40NoMath = DatabaseCapabilities(versionNumber: 3_040_001)
}
