import RSCore

/// The capabilities a driver declares match what its library does: SQL features are checked by
/// running them, so that a wrong declaration fails whichever way it is wrong.
let capabilityChecks: [ConformanceCheck] = [
    ConformanceCheck("the capabilities of the driver match what its library runs") { factory in
        let capabilities = factory.driver.capabilities
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES (1, 1)")
        }
        try writer.writeWithoutTransaction { db in
            try expectSQL(db, "INSERT INTO t (a) VALUES (2) RETURNING id", works: capabilities.supportsReturning)
            try expectSQL(
                db, "INSERT INTO t (id, a) VALUES (1, 3) ON CONFLICT (id) DO UPDATE SET a = excluded.a",
                works: capabilities.supportsUpsert)
            try expectSQL(
                db, "SELECT a, row_number() OVER (ORDER BY a) FROM t", works: capabilities.supportsWindowFunctions)
            try expectSQL(db, "SELECT sqrt(4)", works: capabilities.supportsMathFunctions)
            try expectSQL(db, "CREATE VIRTUAL TABLE temp.fts4 USING fts4(x)", works: capabilities.supportsFTS3)
            try expectSQL(db, "CREATE VIRTUAL TABLE temp.fts5 USING fts5(x)", works: capabilities.supportsFTS5)
            try expectSQL(db, "SELECT json_array(1, 2)", works: capabilities.supportsJSON)
            let compileOptions = try String.fetchAll(db, sql: "PRAGMA compile_options")
            try expectEqual(compileOptions.contains("ENABLE_PREUPDATE_HOOK"), capabilities.supportsPreupdateHook)
            let cipherVersion = try String.fetchOne(db, sql: "PRAGMA cipher_version")
            try expectEqual(cipherVersion != nil, capabilities.supportsEncryption)
        }
    }
]

/// Fails the check unless the SQL runs when `works` is true, and fails with SQLITE_ERROR otherwise.
private func expectSQL(
    _ db: Database, _ sql: String, works: Bool, file: StaticString = #fileID, line: UInt = #line
) throws {
    if works {
        try db.execute(sql: sql)
    } else {
        let error = try expectDatabaseError(file: file, line: line) { try db.execute(sql: sql) }
        try expectEqual(error.resultCode, .SQLITE_ERROR, file: file, line: line)
    }
}
