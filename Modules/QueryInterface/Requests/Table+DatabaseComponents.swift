import RSCore

extension Table where RowDecoder: TableRecord {
    /// The type whose members the closures of the table's requests receive: the record's
    /// `Columns.Type` by default.
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// Updates every row with the assignment that the closure builds from the record's database
    /// components, and returns how many were updated: `playerTable.updateAll(db) { $0.score += 10 }`.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignment: (DatabaseComponents) throws -> ColumnAssignment
    ) throws -> Int {
        try all().updateAll(db, onConflict: conflictResolution, assignment: assignment)
    }

    /// Updates every row with the assignments that the closure builds from the record's database
    /// components, and returns how many were updated: `playerTable.updateAll(db) { [$0.score.set(to: 0)] }`.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (DatabaseComponents) throws -> [ColumnAssignment]
    ) throws -> Int {
        try all().updateAll(db, onConflict: conflictResolution, assignments: assignments)
    }
}
