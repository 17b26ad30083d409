import RSCore

/// Transactions and savepoints.
let transactionChecks: [ConformanceCheck] = [
    ConformanceCheck("a write whose closure throws leaves the database as it was") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        struct Failure: Error {}
        do {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "DELETE FROM t WHERE a = 1")
                throw Failure()
            }
            throw ConformanceFailure(description: "the write did not throw", location: #fileID)
        } catch is Failure {}
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    }
]
