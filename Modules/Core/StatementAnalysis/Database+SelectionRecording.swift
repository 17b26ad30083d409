extension Database {
    /// Runs `block`, and adds to `region` the regions that its statements read, and those given to
    /// `registerAccess(to:)` meanwhile: what a database observation depends on.
    ///
    /// ```swift
    /// var region = DatabaseRegion()
    /// let players = try db.recordingSelection(&region) {
    ///     try Player.fetchAll(db)
    /// }
    /// print(region)  // "player(*)"
    /// ```
    ///
    /// A request of the query interface that reads some rows by rowid (`filter(key:)`), or SQL that
    /// reads one row by rowid (`SELECT * FROM player WHERE id = ?`, `id` an INTEGER PRIMARY KEY),
    /// records only those rows.
    public func recordingSelection<T>(_ region: inout DatabaseRegion, _ block: () throws -> T) rethrows -> T {
        checkAccess()
        selectionRecordings.append(DatabaseRegion())
        defer { region.formUnion(selectionRecordings.removeLast()) }
        return try block()
    }

    /// Adds a region to the regions that `recordingSelection(_:_:)` records, if it runs: for a
    /// read that the statements do not tell, such as the values a function reads elsewhere.
    public func registerAccess(to region: some DatabaseRegionConvertible) throws {
        guard isRecordingSelection else { return }
        record(try region.databaseRegion(self))
    }

    /// Whether `recordingSelection(_:_:)` runs.
    package var isRecordingSelection: Bool { !selectionRecordings.isEmpty }

    /// Records the region of a statement that runs.
    func recordSelection(of statement: Statement) {
        let region = statement.recordedRegion ?? statement.regionOfBoundRows
        statement.recordedRegion = nil
        record(region)
    }

    private func record(_ region: DatabaseRegion) {
        for index in selectionRecordings.indices {
            selectionRecordings[index].formUnion(region)
        }
    }
}
