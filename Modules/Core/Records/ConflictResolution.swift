/// How a statement resolves a constraint conflict: `INSERT OR REPLACE`, `UPDATE OR IGNORE`, or the
/// conflict clause of a column constraint.
public enum ConflictResolution: String, Sendable {
    /// Undo the statement (the default of SQLite).
    case abort = "ABORT"
    /// Undo the whole transaction.
    case rollback = "ROLLBACK"
    /// Keep the previous changes of the statement, and stop.
    case fail = "FAIL"
    /// Skip the conflicting row.
    case ignore = "IGNORE"
    /// Delete the conflicting rows, then insert.
    case replace = "REPLACE"
}

extension Database {
    /// How a constraint conflict is resolved: `.abort` (SQLite's default), `.rollback`, `.fail`,
    /// `.ignore` or `.replace`, under the name GRDB gives it:
    /// `try player.insert(db, onConflict: .replace)`, `t.column("email", .text).unique(onConflict: .ignore)`.
    public typealias ConflictResolution = RSCore.ConflictResolution
}
