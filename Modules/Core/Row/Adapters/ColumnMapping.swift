/// A row adapter that renames and picks columns, from a dictionary whose keys are the columns of the
/// adapted row and values the columns of the fetched row.
///
/// ```swift
/// // [newA:0 newB:1]: the columns not in the dictionary are gone.
/// let adapter = ColumnMapping(["newA": "a", "newB": "b"])
/// let row = try Row.fetchOne(db, sql: "SELECT 0 AS a, 1 AS b, 2 AS c", adapter: adapter)!
/// ```
///
/// The adapted columns keep the order of the fetched columns they read. A value that names no
/// fetched column makes the fetch throw a `DatabaseError` (`SQLITE_MISUSE`) that lists the columns.
public struct ColumnMapping: RowAdapter {
    /// The fetched column of each adapted column.
    let mapping: [String: String]

    /// Creates an adapter from a dictionary of adapted column names to fetched column names.
    public init(_ mapping: [String: String]) {
        self.mapping = mapping
    }

    /// The mapped columns, in the order of the fetched columns they read.
    public func adaptedLayout(from layout: RowLayout) throws -> AdaptedRowLayout {
        let columns = try mapping.map { adaptedName, baseName in
            guard let index = layout.index(ofColumn: baseName) else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "ColumnMapping reads a missing column `\(baseName)` for `\(adaptedName)`"
                        + " (the row has columns \(layout.columnNames.joined(separator: ", ")))",
                    sql: layout.columns.sql)
            }
            return (name: adaptedName, baseIndex: layout.baseIndexes[index])
        }
        // Ties (two names of one column) in the order of the names, so that the layout is stable.
        let ordered = columns.sorted { ($0.baseIndex, $0.name) < ($1.baseIndex, $1.name) }
        return AdaptedRowLayout(
            columns: RowLayout(
                names: ordered.map(\.name), baseIndexes: ordered.map(\.baseIndex), sql: layout.columns.sql))
    }
}
