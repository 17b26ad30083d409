import RSCore

/// A transaction observer that writes down what it is told, as lines such as "insert t 1",
/// "willCommit", "commit", "rollback", "didChange".
final class RecordingObserver: TransactionObserver, Sendable {
    private let observedKinds: @Sendable (DatabaseEventKind) -> Bool
    private let log = Locked<[String]>([])
    /// An error that `databaseWillCommit()` throws, if any.
    let willCommitError = Locked<(any Error)?>(nil)
    /// Whether `databaseDidChange(with:)` calls `stopObservingDatabaseChangesUntilNextTransaction()`.
    let stopsAfterFirstChange = Locked(false)

    /// An observer of the changes of the given kinds (all by default).
    init(observes observedKinds: @escaping @Sendable (DatabaseEventKind) -> Bool = { _ in true }) {
        self.observedKinds = observedKinds
    }

    /// An observer of the changes of the given tables.
    convenience init(tables: Set<String>) {
        self.init(observes: { tables.contains($0.tableName) })
    }

    /// What the observer was told, and forgets it.
    func takeLog() -> [String] {
        log.withLock { log in
            defer { log = [] }
            return log
        }
    }

    private func append(_ line: String) {
        log.withLock { $0.append(line) }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { observedKinds(eventKind) }

    func databaseDidChange() { append("didChange") }

    func databaseDidChange(with event: DatabaseEvent) {
        append("\(event.kind) \(event.tableName) \(event.rowID)")
        if stopsAfterFirstChange.current { stopObservingDatabaseChangesUntilNextTransaction() }
    }

    func databaseWillCommit() throws {
        append("willCommit")
        if let error = willCommitError.current { throw error }
    }

    func databaseDidCommit(_ db: Database) { append("commit") }

    func databaseDidRollback(_ db: Database) { append("rollback") }
}

/// Transaction observers: what they are told of changes, commits and rollbacks.
let transactionObserverChecks: [ConformanceCheck] = [
    ConformanceCheck("an observer is told of each changed row, then of the commit") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT)") }
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t (id, a) VALUES (1, 'x'), (2, 'y')")
            try db.execute(sql: "UPDATE t SET a = 'z' WHERE id = 2")
            try db.execute(sql: "DELETE FROM t WHERE id = 1")
        }
        try expectEqual(
            observer.takeLog(), ["insert t 1", "insert t 2", "update t 2", "delete t 1", "willCommit", "commit"])
        // A statement outside of a transaction is a transaction of its own.
        try writer.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO t (id) VALUES (3)") }
        try expectEqual(observer.takeLog(), ["insert t 3", "willCommit", "commit"])
    },
    ConformanceCheck("an observer is told of the rollback, and never of a commit, of a failed transaction") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        struct Failure: Error {}
        _ = try expectError(Failure.self) {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                throw Failure()
            }
        }
        try expectEqual(observer.takeLog(), ["insert t 1", "rollback"])
    },
    ConformanceCheck("an observer is not told of the changes of the kinds it does not observe") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); CREATE TABLE u (id)") }
        let observer = RecordingObserver { eventKind in
            if case .insert("t") = eventKind { return true }
            return false
        }
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1); INSERT INTO u VALUES (2); DELETE FROM t")
        }
        try expectEqual(observer.takeLog(), ["insert t 1", "willCommit", "commit"])
    },
    ConformanceCheck("the changes of triggers and foreign key actions are told") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE child (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES parent(id) ON DELETE CASCADE);
                    CREATE TABLE audit (id INTEGER PRIMARY KEY, what TEXT);
                    CREATE TRIGGER parentInserted AFTER INSERT ON parent BEGIN
                        INSERT INTO audit (what) VALUES ('parent ' || NEW.id);
                    END;
                    """)
        }
        let observer = RecordingObserver(tables: ["child", "audit"])
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO parent VALUES (1); INSERT INTO child VALUES (10, 1)")
            try db.execute(sql: "DELETE FROM parent WHERE id = 1")
        }
        try expectEqual(
            observer.takeLog(), ["insert audit 1", "insert child 10", "delete child 10", "willCommit", "commit"])
    },
    ConformanceCheck("the changes of a savepoint rolled back are never told") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            try db.execute(sql: "SAVEPOINT a")
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            // Changes inside a savepoint wait until no savepoint can roll them back.
            try expectEqual(observer.takeLog(), ["insert t 1"])
            try db.execute(sql: "SAVEPOINT a")  // a nested savepoint of the same name
            try db.execute(sql: "INSERT INTO t VALUES (3)")
            try db.execute(sql: "ROLLBACK TO SAVEPOINT a")  // the inner one: 3 is undone
            try db.execute(sql: "INSERT INTO t VALUES (4)")
            try db.execute(sql: "RELEASE SAVEPOINT a")  // the inner one: 4 joins the outer one
            try expectEqual(observer.takeLog(), [])
            try db.execute(sql: "SAVEPOINT b")
            try db.execute(sql: "INSERT INTO t VALUES (5)")
            try db.execute(sql: "ROLLBACK TO b")
            try db.execute(sql: "RELEASE b")
            try db.execute(sql: "RELEASE a")  // the outermost: its changes are told
            try expectEqual(observer.takeLog(), ["insert t 2", "insert t 4"])
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (6)")
                return .rollback
            }
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t VALUES (7)")
                return .commit
            }
        }
        try expectEqual(observer.takeLog(), ["insert t 7", "willCommit", "commit"])
        try expectEqual(
            try writer.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t ORDER BY id") }, [1, 2, 4, 7])
    },
    ConformanceCheck("a savepoint outside of a transaction is told as a transaction, and COMMIT tells its changes") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let observer = RecordingObserver()
        try writer.writeWithoutTransaction { db in
            db.add(transactionObserver: observer)
            try db.execute(sql: "SAVEPOINT a; INSERT INTO t VALUES (1); RELEASE a")
            try expectEqual(observer.takeLog(), ["insert t 1", "willCommit", "commit"])
            try db.execute(sql: "SAVEPOINT a; INSERT INTO t VALUES (2); ROLLBACK TO a; RELEASE a")
            try expectEqual(observer.takeLog(), ["willCommit", "commit"])
            try db.execute(sql: "BEGIN; SAVEPOINT a; INSERT INTO t VALUES (3); COMMIT")
            try expectEqual(observer.takeLog(), ["insert t 3", "willCommit", "commit"])
            try db.execute(sql: "SAVEPOINT a; INSERT INTO t VALUES (4); ROLLBACK")
            try expectEqual(observer.takeLog(), ["rollback"])
        }
    },
    ConformanceCheck("an observer that throws in databaseWillCommit rolls the transaction back, and the write fails") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1)")
        }
        let observer = RecordingObserver()
        struct Veto: Error {}
        observer.willCommitError.current = Veto()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        _ = try expectError(Veto.self) {
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2); DELETE FROM t WHERE id = 1") }
        }
        try expectEqual(observer.takeLog(), ["insert t 2", "delete t 1", "willCommit", "rollback"])
        _ = try expectError(Veto.self) {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        }
        try expectEqual(observer.takeLog(), ["insert t 3", "willCommit", "rollback"])
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t") }, [1])
        observer.willCommitError.current = nil
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (4)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t ORDER BY id") }, [1, 4])
    },
    ConformanceCheck("an empty transaction is told as a commit, and read-only accesses are not told") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { _ in }
        try expectEqual(observer.takeLog(), ["willCommit", "commit"])
        try writer.writeWithoutTransaction { db in
            try db.inTransaction { .rollback }
        }
        try expectEqual(observer.takeLog(), ["rollback"])
        _ = try writer.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t") }
        try expectEqual(observer.takeLog(), [])
    },
    ConformanceCheck(
        "extents: observerLifetime ends with the observer, nextTransaction after one transaction, databaseLifetime never"
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let once = RecordingObserver()
        let removed = RecordingObserver()
        weak var released: RecordingObserver?
        // Held by the connection only.
        weak var kept: RecordingObserver?
        writer.writeWithoutTransaction { db in
            let forgotten = RecordingObserver()
            released = forgotten
            db.add(transactionObserver: forgotten)
            db.add(transactionObserver: once, extent: .nextTransaction)
            let keptForLife = RecordingObserver()
            kept = keptForLife
            db.add(transactionObserver: keptForLife, extent: .databaseLifetime)
            db.add(transactionObserver: removed)
            db.remove(transactionObserver: removed)
        }
        try expect(released == nil, "the connection keeps a strong reference to an observer of observerLifetime")
        try expect(kept != nil, "the connection does not keep an observer of databaseLifetime")
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try expectEqual(once.takeLog(), ["insert t 1", "willCommit", "commit"])
        try expectEqual(
            kept?.takeLog(), ["insert t 1", "willCommit", "commit", "insert t 2", "willCommit", "commit"])
        try expectEqual(removed.takeLog(), [])
    },
    ConformanceCheck("afterNextTransaction runs once, on commit or rollback") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let log = Locked<[String]>([])
        try writer.write { db in
            db.afterNextTransaction { db in
                log.withLock { $0.append("commit \(db.isInsideTransaction)") }
            } onRollback: { _ in
                log.withLock { $0.append("rollback") }
            }
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try writer.writeWithoutTransaction { db in
            db.afterNextTransaction { _ in
                log.withLock { $0.append("commit") }
            } onRollback: { _ in
                log.withLock { $0.append("rollback") }
            }
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO t VALUES (3)")
                return .rollback
            }
        }
        try expectEqual(log.current, ["commit false", "rollback"])
    },
    ConformanceCheck("stopObservingDatabaseChangesUntilNextTransaction stops the changes of one transaction") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let observer = RecordingObserver()
        observer.stopsAfterFirstChange.current = true
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1), (2); INSERT INTO t VALUES (3)") }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (4), (5)") }
        try expectEqual(
            observer.takeLog(), ["insert t 1", "willCommit", "commit", "insert t 4", "willCommit", "commit"])
    },
    ConformanceCheck("every deleted row is told, also by a DELETE without WHERE, and by one cached before") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2)")
            // Cached before any observer: compiled with SQLite's truncate optimization.
            try db.cachedStatement(sql: "DELETE FROM t").execute()
            try db.execute(sql: "INSERT INTO t VALUES (1), (2)")
        }
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in try db.cachedStatement(sql: "DELETE FROM t").execute() }
        try expectEqual(observer.takeLog(), ["delete t 1", "delete t 2", "willCommit", "commit"])
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3), (4); DELETE FROM t") }
        try expectEqual(
            observer.takeLog(), ["insert t 3", "insert t 4", "delete t 3", "delete t 4", "willCommit", "commit"])
    },
    ConformanceCheck("notifyChanges(in:) tells the observers of the region") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a, b); CREATE TABLE u (id)")
        }
        let observerOfT = RecordingObserver(tables: ["t"])
        let observerOfA = RecordingObserver { eventKind in
            if case .update("t", let columns) = eventKind { return columns.contains("a") }
            return false
        }
        let observerOfU = RecordingObserver(tables: ["u"])
        writer.writeWithoutTransaction { db in
            for observer in [observerOfT, observerOfA, observerOfU] { db.add(transactionObserver: observer) }
        }
        try writer.write { db in try db.notifyChanges(in: DatabaseRegion.fullDatabase) }
        try expectEqual(observerOfT.takeLog(), ["didChange", "willCommit", "commit"])
        try expectEqual(observerOfA.takeLog(), ["didChange", "willCommit", "commit"])
        try expectEqual(observerOfU.takeLog(), ["didChange", "willCommit", "commit"])
        try writer.write { db in
            try db.notifyChanges(
                in: AnyDatabaseRegionConvertible { db in try db.makeStatement(sql: "SELECT b FROM T").databaseRegion })
        }
        try expectEqual(observerOfT.takeLog(), ["didChange", "willCommit", "commit"])
        try expectEqual(observerOfA.takeLog(), ["willCommit", "commit"])
        try expectEqual(observerOfU.takeLog(), ["willCommit", "commit"])
        // A read-only access tells nothing.
        try writer.read { db in try db.notifyChanges(in: DatabaseRegion.fullDatabase) }
        try expectEqual(observerOfT.takeLog(), [])
    },
    ConformanceCheck(
        "pre-update events tell the values before and after, and the trigger depth, where the driver has the hook"
    ) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT);
                    CREATE TABLE log (id INTEGER PRIMARY KEY, a TEXT);
                    CREATE TRIGGER logDeletion AFTER DELETE ON t BEGIN INSERT INTO log (a) VALUES (OLD.a); END;
                    """)
        }
        final class PreUpdateObserver: TransactionObserver, Sendable {
            let events = Locked<[String]>([])
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
            func databaseDidChange(with event: DatabaseEvent) {}
            func databaseWillChange(with event: DatabasePreUpdateEvent) {
                let initial = (event.initialDatabaseValues ?? []).map(\.description).joined(separator: ",")
                let final = (event.finalDatabaseValues ?? []).map(\.description).joined(separator: ",")
                // A CInt, as in GRDB.
                let depth: CInt = event.depth
                events.withLock {
                    $0.append(
                        "\(event.kind) \(event.tableName) \(event.initialRowID.map(String.init) ?? "-")→"
                            + "\(event.finalRowID.map(String.init) ?? "-") [\(initial)]→[\(final)] \(depth)")
                }
            }
            func databaseDidCommit(_ db: Database) {}
            func databaseDidRollback(_ db: Database) {}
        }
        let observer = PreUpdateObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO t VALUES (1, 'x'); UPDATE t SET id = 2, a = 'y'; DELETE FROM t")
        }
        if factory.driver.capabilities.supportsPreupdateHook {
            try expectEqual(
                observer.events.current,
                [
                    #"insert t -→1 []→[1,"x"] 0"#, #"update t 1→2 [1,"x"]→[2,"y"] 0"#, #"delete t 2→- [2,"y"]→[] 0"#,
                    #"insert log -→1 []→[1,"y"] 1"#,
                ])
        } else {
            try expectEqual(observer.events.current, [])
        }
    },
    ConformanceCheck("DatabaseValue.fetchOne returns .null for a NULL value, nil for no row") { factory in
        let writer = try factory.makeWriter()
        try writer.read { db in
            try expectEqual(try DatabaseValue.fetchOne(db, sql: "SELECT NULL"), .null)
            try expectEqual(try DatabaseValue.fetchOne(db, sql: "SELECT 1 WHERE 0"), nil)
            try expectEqual(try SQLRequest<DatabaseValue>(sql: "SELECT NULL").fetchOne(db), .null)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT NULL"), nil)
        }
    },
]
