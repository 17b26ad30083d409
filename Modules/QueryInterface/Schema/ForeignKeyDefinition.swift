import RSCore

/// The foreign key that `TableDefinition.belongsTo(_:inTable:onDelete:onUpdate:deferred:indexed:)`
/// adds: the columns that refer to the primary key of another table, named after the key and the
/// primary key's columns, with their types.
///
/// ```swift
/// // CREATE TABLE "book" ("id" INTEGER PRIMARY KEY AUTOINCREMENT,
/// //   "authorId" INTEGER NOT NULL REFERENCES "author"("id") ON DELETE CASCADE)
/// // CREATE INDEX "book_on_authorId" ON "book"("authorId")
/// try db.create(table: "book") { t in
///     t.autoIncrementedPrimaryKey("id")
///     t.belongsTo("author", onDelete: .cascade).notNull()
/// }
/// ```
public final class ForeignKeyDefinition {
    /// An index on the columns of the key, or a unique constraint.
    enum Indexing {
        case index
        case unique
    }

    /// The name of the key: the prefix of the names of its columns.
    let name: String
    /// The referenced table, when it is not inferred from the name.
    let table: String?
    /// The action on deletion of the parent row.
    let deleteAction: Database.ForeignKeyAction?
    /// The action on update of the parent key.
    let updateAction: Database.ForeignKeyAction?
    /// Whether the constraint is checked at the end of the transaction.
    let isDeferred: Bool
    /// The index of the key's columns, if any.
    private(set) var indexing: Indexing?
    /// The conflict resolution of the NOT NULL constraint of the key's columns, if they have one.
    private(set) var notNullConflictResolution: Database.ConflictResolution?

    init(
        name: String, table: String?, deleteAction: Database.ForeignKeyAction?,
        updateAction: Database.ForeignKeyAction?, isDeferred: Bool, isIndexed: Bool
    ) {
        self.name = name
        self.table = table
        self.deleteAction = deleteAction
        self.updateAction = updateAction
        self.isDeferred = isDeferred
        self.indexing = isIndexed ? .index : nil
    }

    /// Makes the columns of the key `NOT NULL`, with an optional conflict resolution.
    @discardableResult
    public func notNull(onConflict conflictResolution: Database.ConflictResolution? = nil) -> Self {
        notNullConflictResolution = conflictResolution ?? .abort
        return self
    }

    /// Forbids two rows with the same key: a UNIQUE column, or a unique index on the columns of a
    /// key of several columns.
    @discardableResult
    public func unique() -> Self {
        indexing = .unique
        return self
    }
}

// A mutable class that is only used inside the closure of `create(table:)`.
@available(*, unavailable)
extension ForeignKeyDefinition: Sendable {}
