import RSCore

/// `Configuration.defaultTransactionKind`, and the IMMEDIATE transactions of a pool's writer. The
/// kind of a transaction shows in the locks it takes, which another connection to the file finds:
/// DEFERRED takes none until the first write, IMMEDIATE takes the write lock at once, and EXCLUSIVE
/// (in rollback-journal mode) also keeps readers out.
let defaultTransactionKindChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "a DatabaseQueue's transactions are DEFERRED by default: they lock the file at their first write",
        kinds: [.queueOnDisk]
    ) { factory in
        let queue = try factory.makeWriter()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let probe = try LockProbe(factory)
        for opening in TransactionOpening.allCases {
            try opening.run(queue) { db in
                try probe.expectLock(.none, "\(opening), before the first write")
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                try probe.expectLock(.writeLock, "\(opening), after the first write")
            }
        }
        try expectEqual(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 3)
    },
    ConformanceCheck(
        "a DatabaseQueue's transactions are of the configured kind, unless the transaction names one",
        kinds: [.queueOnDisk]
    ) { factory in
        let cases: [(kind: Database.TransactionKind, lock: ObservedLock)] = [
            (.deferred, .none), (.immediate, .writeLock), (.exclusive, .exclusiveLock),
        ]
        let setUp = try factory.makeWriter()
        try setUp.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try setUp.close()
        for (kind, lock) in cases {
            let queue = try factory.makeWriter { $0.defaultTransactionKind = kind }
            let probe = try LockProbe(factory)
            for opening in TransactionOpening.allCases {
                try opening.run(queue) { _ in try probe.expectLock(lock, "\(kind), \(opening)") }
            }
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.deferred) {
                    try probe.expectLock(.none, "\(kind), explicitly deferred")
                    return .commit
                }
            }
            try queue.close()
        }
    },
    ConformanceCheck("a DatabasePool writes in IMMEDIATE transactions, which keep readers in", kinds: [.pool]) {
        factory in
        let pool = try factory.makeWriter()
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let probe = try LockProbe(factory)
        for opening in TransactionOpening.allCases {
            try opening.run(pool) { _ in try probe.expectLock(.writeLock, "\(opening)") }
        }
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.deferred) {
                try probe.expectLock(.none, "explicitly deferred")
                return .commit
            }
        }
    },
    ConformanceCheck("transactions begin with the statement of their default kind") { factory in
        // A pool's writer always opens IMMEDIATE transactions.
        let cases: [(configured: Database.TransactionKind?, statement: String)] =
            factory.kind == .pool
            ? [(nil, "BEGIN IMMEDIATE TRANSACTION")]
            : [
                (nil, "BEGIN DEFERRED TRANSACTION"), (.immediate, "BEGIN IMMEDIATE TRANSACTION"),
                (.exclusive, "BEGIN EXCLUSIVE TRANSACTION"),
            ]
        for (configured, statement) in cases {
            let writer = try factory.makeWriter { configuration in
                if let configured { configuration.defaultTransactionKind = configured }
            }
            for opening in TransactionOpening.allCases {
                let begins = Locked<[String]>([])
                writer.writeWithoutTransaction { db in
                    db.trace { event in
                        guard case .statement(let traced) = event, traced.sql.hasPrefix("BEGIN") else { return }
                        begins.withLock { $0.append(traced.sql) }
                    }
                }
                try opening.run(writer) { _ in }
                writer.writeWithoutTransaction { db in db.trace(nil) }
                try expectEqual(begins.current, [statement])
            }
            try writer.close()
        }
    },
]

/// The ways of opening a transaction of the default kind.
private enum TransactionOpening: CaseIterable {
    case write, inTransaction, beginTransaction

    /// Runs `body` in a transaction opened this way, and commits it.
    func run(_ writer: some DatabaseWriter, _ body: (Database) throws -> Void) throws {
        switch self {
        case .write:
            try writer.write(body)
        case .inTransaction:
            try writer.writeWithoutTransaction { db in
                try db.inTransaction {
                    try body(db)
                    return .commit
                }
            }
        case .beginTransaction:
            try writer.writeWithoutTransaction { db in
                try db.beginTransaction()
                try body(db)
                try db.commit()
            }
        }
    }
}

/// The lock on the database file that another connection finds.
private enum ObservedLock: Equatable {
    /// It can read and write.
    case none
    /// It can read, not write.
    case writeLock
    /// It can neither read nor write.
    case exclusiveLock
}

/// Another connection to the check's file, which does not wait for locks: what it can do tells the
/// lock held by the connection of the check's writer. (The file must hold a schema before the probe
/// opens it: two connections to an empty encrypted file would each give it a key salt of its own.)
private struct LockProbe {
    private let connection: DatabaseQueue

    init(_ factory: DatabaseFactory) throws {
        connection = try factory.makeOtherConnection { $0.busyMode = .immediateError }
    }

    /// Fails the check unless the probe finds the expected lock; `context` names the case.
    func expectLock(
        _ expected: ObservedLock, _ context: String, file: StaticString = #fileID, line: UInt = #line
    ) throws {
        let found = try lock()
        try expect(found == expected, "\(context): found \(found) instead of \(expected)", file: file, line: line)
    }

    /// The lock the probe finds now.
    private func lock() throws -> ObservedLock {
        let canRead = try succeeds {
            try connection.read { db in _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
        }
        guard canRead else { return .exclusiveLock }
        // Plain SQL, rather than the transaction methods under test.
        let canWrite = try succeeds {
            try connection.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
                try db.execute(sql: "ROLLBACK TRANSACTION")
            }
        }
        return canWrite ? .none : .writeLock
    }

    /// Whether `body` succeeds, or fails with SQLITE_BUSY (other errors fail the check).
    private func succeeds(_ body: () throws -> Void) throws -> Bool {
        do {
            try body()
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            return false
        }
    }
}
