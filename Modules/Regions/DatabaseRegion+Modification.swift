extension DatabaseRegion {
    /// Whether a change of the database may modify the content of the region: whether the change
    /// intersects the region.
    ///
    /// A change is described by its table, the columns it writes, and the row it writes. The full
    /// database region is modified by every change. Otherwise the table must be in the region, the
    /// columns must meet the columns of the region (any column does when either side has all
    /// columns), and the row must be one of the rows of the region (any row does when either side
    /// has all rows).
    ///
    /// - parameters:
    ///   - table: The name of the changed table (case-insensitive).
    ///   - columns: The changed columns (case-insensitive), or nil for all columns: an insertion or
    ///     a deletion changes every column of its row.
    ///   - rowID: The rowid of the changed row, or nil for any row (when SQLite compiles a statement,
    ///     the rows it will change are not known yet).
    package func isModified(byTable table: String, columns: Set<String>? = nil, rowID: Int64? = nil) -> Bool {
        guard let tableRegions else { return true }
        guard let tableRegion = tableRegions[table.normalizedIdentifier] else { return false }
        if let columns, let regionColumns = tableRegion.columns,
            !columns.contains(where: { regionColumns.contains($0.normalizedIdentifier) })
        {
            return false
        }
        if let rowID, let rowIDs = tableRegion.rowIDs, !rowIDs.contains(rowID) {
            return false
        }
        return true
    }

    /// Whether changes of the given kind may modify the content of the region.
    ///
    /// ```swift
    /// let region = DatabaseRegion.fullDatabase
    /// region.isModified(byEventsOfKind: .insert(tableName: "player"))  // true
    /// ```
    public func isModified(byEventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind {
        case .insert(let tableName), .delete(let tableName):
            return isModified(byTable: tableName)
        case .update(let tableName, let columnNames):
            return isModified(byTable: tableName, columns: columnNames)
        }
    }

    /// Whether the change of one row modifies the content of the region.
    ///
    /// Call it for the events of the kinds that `isModified(byEventsOfKind:)` accepted: the row of
    /// the event must be one of the rows of the region. An event of a table that is not in the
    /// region counts as a modification: SQLite reports the changes that a virtual table (FTS, say)
    /// makes to its shadow tables under their names, not under the name of the table the statement
    /// writes.
    public func isModified(by event: DatabaseEvent) -> Bool {
        guard let tableRegions else { return true }
        guard let tableRegion = tableRegions[event.tableName.normalizedIdentifier] else { return true }
        guard let rowIDs = tableRegion.rowIDs else { return true }
        return rowIDs.contains(event.rowID)
    }
}
