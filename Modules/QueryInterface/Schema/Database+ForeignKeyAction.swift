import RSCore

extension Database {
    /// What a foreign key does when its parent row is deleted or its key is updated:
    /// `t.column("teamId", .integer).references("team", onDelete: .cascade)`.
    public enum ForeignKeyAction: String, Sendable {
        /// Deletes or updates the child rows with the parent row (`CASCADE`).
        case cascade = "CASCADE"
        /// Forbids the change while child rows refer to the parent row (`RESTRICT`).
        case restrict = "RESTRICT"
        /// Sets the foreign key of the child rows to NULL (`SET NULL`).
        case setNull = "SET NULL"
        /// Sets the foreign key of the child rows to its default value (`SET DEFAULT`).
        case setDefault = "SET DEFAULT"
    }
}
