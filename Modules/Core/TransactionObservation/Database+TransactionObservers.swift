import Dispatch

extension Database {
    /// Registers a transaction observer, told of the transactions of this connection from now on.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     db.add(transactionObserver: myObserver)
    /// }
    /// ```
    ///
    /// Only connections that can write tell observers anything: an observer registered on a reader
    /// of a `DatabasePool` is never told, and neither are the read-only accesses of a
    /// `DatabaseQueue`.
    ///
    /// - parameters:
    ///   - transactionObserver: The observer.
    ///   - extent: How long the observer stays registered: by default, until it is deallocated.
    public func add(
        transactionObserver: some TransactionObserver, extent: TransactionObservationExtent = .observerLifetime
    ) {
        checkAccess()
        guard let observationBroker else { return }
        observationBroker.add(transactionObserver, extent: extent)
        forgetStatementsThatDelete()
    }

    /// Unregisters a transaction observer.
    public func remove(transactionObserver: some TransactionObserver) {
        checkAccess()
        guard let observationBroker else { return }
        observationBroker.remove(transactionObserver)
        forgetStatementsThatDelete()
    }

    /// Registers closures that run once the next transaction ends: `onCommit` if it commits,
    /// `onRollback` if it rolls back.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     db.afterNextTransaction { _ in print("committed") }
    ///     try db.execute(sql: "INSERT …")
    /// }  // prints "committed"
    /// ```
    public func afterNextTransaction(
        onCommit: @escaping @Sendable (Database) -> Void,
        onRollback: @escaping @Sendable (Database) -> Void = { _ in }
    ) {
        add(
            transactionObserver: TransactionEndObserver(onCommit: onCommit, onRollback: onRollback),
            extent: .nextTransaction)
    }

    /// Tells transaction observers that a region of the database changed in a way SQLite does not
    /// report: changes made by another connection or process, by SQLite C functions called
    /// directly, to the schema, or to a `WITHOUT ROWID` table.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.notifyChanges(in: Table("player"))
    /// }
    /// ```
    ///
    /// Call it from a write transaction: the observers whose region meets the given one are told
    /// (`TransactionObserver.databaseDidChange()`), and, for database observations, fetch a fresh
    /// value once the transaction commits. The rowids of the region do not count: a change of one row
    /// is a change of its table. It does nothing in a read-only access.
    public func notifyChanges(in region: some DatabaseRegionConvertible) throws {
        checkAccess()
        guard let observationBroker, !isReadOnlyAccess else { return }
        try observationBroker.notifyChanges(in: region.databaseRegion(self).ignoringRowIDs)
    }

    /// Whether the connection tells transaction observers of its transactions: the connection of a
    /// `DatabaseQueue`, or the writer of a `DatabasePool`, but not the readers of a pool.
    package var observesTransactions: Bool { observationBroker != nil }

    /// The seconds since the end of the last commit of the connection; infinity before the first,
    /// and for a connection that does not tell transaction observers of its transactions.
    package var secondsSinceLastCommit: Double {
        checkAccess()
        guard let uptime = observationBroker?.lastCommitUptime, uptime > 0 else { return .infinity }
        return Double(DispatchTime.now().uptimeNanoseconds - uptime) / 1e9
    }

    /// The number of registered transaction observers that are still alive (for tests: an
    /// observation that ended must leave none behind).
    package var transactionObserverCount: Int {
        checkAccess()
        return observationBroker?.aliveObservationCount ?? 0
    }

    /// Tells the connection that the region of a region observer changed, so that the observer is
    /// told of the changes of its new region.
    package func observedRegionDidChange(of observer: some DatabaseRegionObserver) {
        checkAccess()
        guard let observationBroker else { return }
        observationBroker.observedRegionDidChange(of: observer)
        forgetStatementsThatDelete()
    }

    /// Forgets the cached statements that may delete rows: they were compiled for the observers
    /// of their time, and a new observer of deletions needs SQLite to report each deleted row (see
    /// `StatementAuthorizer`), which only a new compilation does.
    private func forgetStatementsThatDelete() {
        func deletes(_ statement: Statement) -> Bool {
            statement.databaseEventKinds.contains { if case .delete = $0 { true } else { false } }
        }
        statementCache.removeAll(where: deletes)
    }

    /// The kinds of changes that modify a region (its rowids do not count): insertions, deletions
    /// and updates of every table of the region, or of the schema for the full database.
    func eventKinds(modifying region: DatabaseRegion) throws -> [DatabaseEventKind] {
        let tables = try region.tableNames.map(Array.init) ?? tableNamesOfSchema()
        return try tables.flatMap { table -> [DatabaseEventKind] in
            let columns = try region.columnNames(ofTable: table) ?? Set(columnNames(ofTable: table))
            return [
                .insert(tableName: table), .delete(tableName: table), .update(tableName: table, columnNames: columns),
            ]
        }
    }

    /// The lowercased names of the tables of the main and temporary schemas, SQLite's own excluded.
    private func tableNamesOfSchema() throws -> [String] {
        try String.fetchAll(
            self,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                UNION SELECT name FROM sqlite_temp_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                """
        ).map { $0.normalizedIdentifier }
    }

    /// The lowercased names of the columns of a table.
    private func columnNames(ofTable table: String) throws -> [String] {
        try Row.fetchAll(self, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))").map { row in
            (row["name"] as String).normalizedIdentifier
        }
    }
}

/// The observer of `Database.afterNextTransaction(onCommit:onRollback:)`.
private final class TransactionEndObserver: TransactionObserver {
    let onCommit: @Sendable (Database) -> Void
    let onRollback: @Sendable (Database) -> Void

    init(onCommit: @escaping @Sendable (Database) -> Void, onRollback: @escaping @Sendable (Database) -> Void) {
        self.onCommit = onCommit
        self.onRollback = onRollback
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { onCommit(db) }
    func databaseDidRollback(_ db: Database) { onRollback(db) }
}
