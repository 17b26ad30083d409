import RSCore

/// SQL features that not every SQLite has: they work where the driver declares them, and fail with
/// an error that names them and the running SQLite version elsewhere.
let missingFeatureChecks: [ConformanceCheck] = [
    ConformanceCheck("SQL that needs a newer SQLite fails with an error naming the feature and the version") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
            let capabilities = db.driver.capabilities
            let cases: [(sql: String, feature: String, isAvailable: Bool)] = [
                ("INSERT INTO t (x) VALUES (1) RETURNING id", "RETURNING", capabilities.supportsReturning),
                (
                    "INSERT INTO t (id, x) VALUES (1, 2) ON CONFLICT (id) DO UPDATE SET x = excluded.x",
                    "UPSERT", capabilities.supportsUpsert
                ),
                (
                    "SELECT x, row_number() OVER (ORDER BY x) FROM t", "window functions",
                    capabilities.supportsWindowFunctions
                ),
                ("SELECT sqrt(x) FROM t", "math functions", capabilities.supportsMathFunctions),
                ("SELECT x FROM t ORDER BY x NULLS LAST", "NULLS FIRST / NULLS LAST", capabilities.isAtLeast(3, 30)),
            ]
            for (sql, feature, isAvailable) in cases {
                if isAvailable {
                    _ = try Row.fetchAll(db, sql: sql)
                } else {
                    // The diagnosis rewrites the message of SQLite's syntax error, not its code.
                    let error = try expectDatabaseError(.SQLITE_ERROR, sql: sql) { _ = try Row.fetchAll(db, sql: sql) }
                    try expect(error.message?.contains(feature) == true, "\(error) does not name \(feature)")
                    try expect(
                        error.message?.contains("this connection runs SQLite \(capabilities.version)") == true,
                        "\(error) does not name the SQLite version")
                }
            }
            // A syntax error that needs no missing feature keeps SQLite's own message.
            let error = try expectDatabaseError(.SQLITE_ERROR, messageContains: "syntax error") {
                _ = try Row.fetchAll(db, sql: "SELEC x FROM t")
            }
            try expect(error.message?.contains("needs SQLite") == false, "\(error)")
        }
    },
    ConformanceCheck("double-quoted strings are refused by default where SQLite can refuse them") { factory in
        let strict = try factory.makeWriter()
        try strict.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS dqs (name TEXT)")
            if db.driver.capabilities.isAtLeast(3, 29) {
                let error = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such column: nmae") {
                    _ = try Row.fetchAll(db, sql: "SELECT * FROM dqs WHERE \"nmae\" = 1")
                }
            } else {
                // Older SQLite cannot refuse them: the unknown column is the string "nmae".
                try expectEqual(try Row.fetchAll(db, sql: "SELECT * FROM dqs WHERE \"nmae\" = 1").count, 0)
            }
        }
        guard factory.kind.isOnDisk else { return }
        let lenient = try factory.makeWriter { $0.acceptsDoubleQuotedStringLiterals = true }
        try lenient.read { db in
            try expectEqual(try Row.fetchAll(db, sql: "SELECT * FROM dqs WHERE \"nmae\" = 1").count, 0)
        }
    },
]
