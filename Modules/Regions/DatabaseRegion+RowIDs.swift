extension DatabaseRegion {
    /// The region, with the rows of one table limited to some rowids: what a request that reads
    /// only those rows of the table (`filter(key:)`, say) depends on.
    ///
    /// The full database and the other tables stay as they are.
    package func limitingRows(ofTable table: String, to rowIDs: Set<Int64>) -> DatabaseRegion {
        guard var tableRegions else { return self }
        let name = table.normalizedIdentifier
        guard var tableRegion = tableRegions[name] else { return self }
        let limited = tableRegion.rowIDs.map { $0.intersection(rowIDs) } ?? rowIDs
        if limited.isEmpty {
            tableRegions[name] = nil
        } else {
            tableRegion.rowIDs = limited
            tableRegions[name] = tableRegion
        }
        return DatabaseRegion(tableRegions: tableRegions)
    }
}
