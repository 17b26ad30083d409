/// A base class for records that tracks their changes: a subclass overrides `databaseTableName`,
/// `init(row:)` and `encode(to:)`, and knows whether it was modified since it was fetched or saved.
///
/// ```swift
/// final class Player: Record {
///     var id: Int64?
///     var name: String
///     override class var databaseTableName: String { "player" }
///     init(name: String) { self.name = name; super.init() }
///     required init(row: Row) throws {
///         id = row["id"]
///         name = row["name"]
///         try super.init(row: row)
///     }
///     override func encode(to container: inout PersistenceContainer) throws {
///         container["id"] = id
///         container["name"] = name
///     }
///     override func didInsert(_ inserted: InsertionSuccess) {
///         super.didInsert(inserted)
///         id = inserted.rowID
///     }
/// }
///
/// let player = try Player.fetchOne(db, key: 1)!
/// player.name = "Arthur"
/// try player.updateChanges(db)   // UPDATE only when the name changed
/// ```
///
/// A record compares its values with those of the row it was fetched from, or last inserted,
/// updated or upserted as. A record that was built with `init()`, or from a row that was not
/// fetched from the database, or that was deleted, has changes. Overrides of the persistence
/// callbacks call `super` so that this tracking goes on.
///
/// A record is a reference type that its persistence methods modify: it is not `Sendable`.
open class Record: FetchableRecord, TableRecord, PersistableRecord {
    /// The values the record compares its own with, or nil when every column is a change.
    private var referenceRow: Row?

    /// A record with changes (not fetched).
    public init() {}

    /// A record decoded from a row. A fetched row is kept as the reference of change tracking.
    public required init(row: Row) throws {
        if row.isFetched {
            referenceRow = row.copy()
        }
    }

    /// The name of the table: the class name with a lowercase initial, unless a subclass overrides it.
    open class var databaseTableName: String { cachedDefaultDatabaseTableName(of: self) }

    /// How insertions and updates resolve conflicts (`.abort` by default).
    open class var persistenceConflictPolicy: PersistenceConflictPolicy { PersistenceConflictPolicy() }

    /// What requests of the class select (all columns by default).
    open class var databaseSelection: [any SQLSelectable] { [.allColumns] }

    /// Stores the column values of the record (none by default: subclasses override it).
    open func encode(to container: inout PersistenceContainer) throws {}

    // MARK: Change tracking

    /// Whether the record has values that differ from those of its reference row (true when the
    /// record cannot be encoded).
    public var hasDatabaseChanges: Bool {
        guard let changes = try? databaseChanges else { return true }
        return !changes.isEmpty
    }

    /// The columns whose values differ from those of the reference row, with their values there
    /// (nil when the reference row has no such column, or when there is no reference row).
    public var databaseChanges: [String: DatabaseValue?] {
        get throws {
            let referenceRow = self.referenceRow
            var changes: [String: DatabaseValue?] = [:]
            for (column, value) in try persistenceContainer() {
                guard let referenceRow, referenceRow.hasColumn(column) else {
                    changes[column] = .some(nil)
                    continue
                }
                let oldValue: DatabaseValue = referenceRow[column]
                if oldValue != value { changes[column] = oldValue }
            }
            return changes
        }
    }

    /// Updates the columns that changed since the record was fetched or saved, and returns
    /// whether there was any (no statement runs otherwise).
    @discardableResult
    public final func updateChanges(_ db: Database) throws -> Bool {
        let changedColumns = try databaseChanges.keys
        if changedColumns.isEmpty { return false }
        try update(db, columns: changedColumns)
        return true
    }

    // MARK: Persistence callbacks

    /// Does nothing.
    open func willInsert(_ db: Database) throws {}

    /// Inserts, then takes the inserted values as the reference of change tracking.
    open func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws {
        let inserted = try insert()
        referenceRow = Row(inserted.persistenceContainer)
    }

    /// Does nothing.
    open func didInsert(_ inserted: InsertionSuccess) {}

    /// Does nothing.
    open func willUpdate(_ db: Database, columns: Set<String>) throws {}

    /// Updates, then takes the saved values as the reference of change tracking.
    open func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
        let updated = try update()
        referenceRow = Row(updated.persistenceContainer)
    }

    /// Does nothing.
    open func didUpdate(_ updated: PersistenceSuccess) {}

    /// Does nothing.
    open func willSave(_ db: Database) throws {}

    /// Saves.
    open func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws { _ = try save() }

    /// Does nothing.
    open func didSave(_ saved: PersistenceSuccess) {}

    /// Does nothing.
    open func willDelete(_ db: Database) throws {}

    /// Deletes, then forgets the reference of change tracking: every column is a change.
    open func aroundDelete(_ db: Database, delete: () throws -> Bool) throws {
        _ = try delete()
        referenceRow = nil
    }

    /// Does nothing.
    open func didDelete(deleted: Bool) {}
}

/// Records are not `Sendable`: their persistence methods modify them.
@available(*, unavailable)
extension Record: Sendable {}

extension Row {
    /// A row of the values of a container, in its order.
    init(_ container: PersistenceContainer) {
        self.init(columns: RowColumns(names: container.columns, sql: nil), values: container.values)
    }
}
