/// How a record type resolves the constraint conflicts of its insertions and updates, when a
/// persistence method is given no `onConflict:` argument.
///
/// ```swift
/// struct Player: MutablePersistableRecord {
///     // INSERT OR REPLACE
///     static let persistenceConflictPolicy = PersistenceConflictPolicy(insert: .replace)
/// }
/// ```
public struct PersistenceConflictPolicy: Sendable {
    /// The resolution of the conflicts of an INSERT.
    public let conflictResolutionForInsert: Database.ConflictResolution
    /// The resolution of the conflicts of an UPDATE.
    public let conflictResolutionForUpdate: Database.ConflictResolution

    /// A policy; `.abort` (the plain statement, SQLite's default) for what is not given.
    public init(insert: Database.ConflictResolution = .abort, update: Database.ConflictResolution = .abort) {
        conflictResolutionForInsert = insert
        conflictResolutionForUpdate = update
    }
}
