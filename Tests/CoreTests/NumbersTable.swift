import ReactiveSQLite

/// Runs `body` on a database whose table `t` holds the numbers 1 to 5.
func withNumbers(_ body: (Database) throws -> Void) throws {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE t (x INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2), (3), (4), (5)")
        try body(db)
    }
}

/// A cursor over the numbers of `t` above `minimum`, in order.
func numbers(_ db: Database, above minimum: Int = 0) throws -> DatabaseValueCursor<Int> {
    try Int.fetchCursor(db, sql: "SELECT x FROM t WHERE x > ? ORDER BY x", arguments: [minimum])
}
