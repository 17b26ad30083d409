import RSCore

extension MutablePersistableRecord {
    /// Inserts the record, or updates the row it conflicts with, calls `didInsert(_:)`, and
    /// returns the inserted or updated row as a new record, with
    /// `INSERT … ON CONFLICT DO UPDATE … RETURNING`.
    ///
    /// ```swift
    /// // Adds the score to the existing one, if any.
    /// let player = try Player(id: 1, name: "Arthur", score: 10).upsertAndFetch(db) { excluded in
    ///     [Column("score").set(to: Column("score") + excluded[Column("score")])]
    /// }
    /// ```
    ///
    /// - parameters:
    ///   - db: A connection.
    ///   - conflictTarget: The columns of the unique key whose conflict updates the row (any
    ///     conflict by default).
    ///   - strategy: `.allColumns` (the default) overwrites the other columns with the inserted
    ///     values; `.noColumnUnlessSpecified` updates only the assigned columns.
    ///   - assignments: The assignments of the update, given the `excluded` row (the values that
    ///     would have been inserted).
    /// - throws: A `DatabaseError` (its message names the missing feature when SQLite is older
    ///   than 3.35, as the SQLite of SQLCipher 3.4 is), or the error of a persistence callback.
    public mutating func upsertAndFetch(
        _ db: Database, onConflict conflictTarget: [String] = [], updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil
    ) throws -> Self where Self: FetchableRecord {
        try upsertAndFetch(db, as: Self.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }

    /// Inserts the record, or updates the row it conflicts with, calls `didInsert(_:)`, and
    /// returns the inserted or updated row decoded as `T` (which selects `T.databaseSelection`).
    public mutating func upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, as returnedType: T.Type, onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil
    ) throws -> T {
        try upsertReturning(db, as: T.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

extension PersistableRecord {
    /// Inserts the record, or updates the row it conflicts with, and returns the inserted or
    /// updated row as a new record (see `MutablePersistableRecord.upsertAndFetch(_:onConflict:updating:doUpdate:)`).
    public func upsertAndFetch(
        _ db: Database, onConflict conflictTarget: [String] = [], updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil
    ) throws -> Self where Self: FetchableRecord {
        try upsertAndFetch(db, as: Self.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }

    /// Inserts the record, or updates the row it conflicts with, and returns the inserted or
    /// updated row decoded as `T`.
    public func upsertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, as returnedType: T.Type, onConflict conflictTarget: [String] = [],
        updating strategy: UpsertUpdateStrategy = .allColumns,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])? = nil
    ) throws -> T {
        var record = self
        return try record.upsertReturning(
            db, as: T.self, onConflict: conflictTarget, updating: strategy, doUpdate: assignments)
    }
}

extension MutablePersistableRecord {
    /// The upsert, within its callbacks, which returns the row decoded as `T`.
    fileprivate mutating func upsertReturning<T: FetchableRecord & TableRecord>(
        _ db: Database, as returnedType: T.Type, onConflict conflictTarget: [String],
        updating strategy: UpsertUpdateStrategy,
        doUpdate assignments: ((_ excluded: TableAlias<Self>) -> [ColumnAssignment])?
    ) throws -> T {
        let decodeRecord: (Row) throws -> T = { try T(row: $0) }
        return try keepingFetched(decodeRecord) { decode in
            try upsertWithSaveCallbacks(
                db, conflictTarget: conflictTarget, updating: strategy,
                assignments: assignments?(TableAlias(name: "excluded")) ?? [], selection: T.databaseSelection,
                decode: decode)
        }
    }
}
