import RSCore

extension Database {
    /// How a constraint conflict is resolved: `.abort` (SQLite's default), `.rollback`, `.fail`,
    /// `.ignore` or `.replace`.
    ///
    /// The same type as the `onConflict:` argument of record insertions, under the name GRDB gives
    /// it: `t.column("email", .text).unique(onConflict: .replace)`.
    public typealias ConflictResolution = RSCore.ConflictResolution
}
