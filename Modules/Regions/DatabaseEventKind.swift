/// A kind of change of a database table: insertions, deletions, or updates of some columns.
///
/// SQLite reports the kinds of changes a statement may make when it compiles the statement, before
/// any row changes: `DatabaseRegion.isModified(byEventsOfKind:)` tells whether they may modify a region.
public enum DatabaseEventKind: Hashable, Sendable {
    /// Insertions of rows into a table.
    case insert(tableName: String)
    /// Deletions of rows from a table.
    case delete(tableName: String)
    /// Updates of some columns of a table.
    case update(tableName: String, columnNames: Set<String>)

    /// The name of the changed table.
    public var tableName: String {
        switch self {
        case .insert(let tableName), .delete(let tableName), .update(let tableName, _):
            return tableName
        }
    }
}

extension DatabaseEventKind {
    /// The region that changes of this kind modify: every column of the table for insertions and
    /// deletions, the updated columns for updates.
    package var modifiedRegion: DatabaseRegion {
        switch self {
        case .insert(let tableName), .delete(let tableName):
            return DatabaseRegion(table: tableName)
        case .update(let tableName, let columnNames):
            return DatabaseRegion(table: tableName, columns: columnNames)
        }
    }
}
