/// The outcome of a successful insertion, handed to `aroundInsert(_:insert:)` and `didInsert(_:)`.
public struct InsertionSuccess: Sendable {
    /// The rowid of the inserted row.
    public var rowID: Int64
    /// The column that holds the rowid (the INTEGER PRIMARY KEY, or "rowid"), if the table has one.
    public var rowIDColumn: String?
    /// The values that were inserted, without the rowid: the container with the rowid is only
    /// built when it is read, which most insertions never do.
    private var insertedContainer: PersistenceContainer

    /// The values that were inserted, with the rowid column set.
    public var persistenceContainer: PersistenceContainer {
        get { insertedContainer.settingRowID(rowID, column: rowIDColumn) }
        set { insertedContainer = newValue }
    }

    /// The success of the insertion of `inserted` values, which set the rowid column.
    init(rowID: Int64, rowIDColumn: String?, inserted: PersistenceContainer) {
        self.rowID = rowID
        self.rowIDColumn = rowIDColumn
        self.insertedContainer = inserted
    }
}

/// The outcome of a successful update or save, handed to `aroundUpdate(_:columns:update:)`,
/// `didUpdate(_:)`, `aroundSave(_:save:)` and `didSave(_:)`.
public struct PersistenceSuccess: Sendable {
    /// The values of the saved record, and after an insertion, the rowid to set in them when they
    /// are read.
    private var savedContainer: PersistenceContainer
    private var insertedRowID: (value: Int64, column: String?)?

    /// The values of the saved record (after an insertion, with the rowid column set).
    public var persistenceContainer: PersistenceContainer {
        get {
            guard let insertedRowID else { return savedContainer }
            return savedContainer.settingRowID(insertedRowID.value, column: insertedRowID.column)
        }
        set {
            savedContainer = newValue
            insertedRowID = nil
        }
    }

    init(persistenceContainer: PersistenceContainer) {
        savedContainer = persistenceContainer
    }

    /// The success of a save that inserted the record.
    @usableFromInline
    init(_ inserted: InsertionSuccess) {
        // Reading the container of `inserted` would build it: its parts are taken instead.
        savedContainer = inserted.insertedValues
        insertedRowID = (inserted.rowID, inserted.rowIDColumn)
    }
}

extension InsertionSuccess {
    /// The inserted values, without the rowid.
    fileprivate var insertedValues: PersistenceContainer { insertedContainer }
}

extension PersistenceContainer {
    /// The container with the rowid column set, if there is one.
    fileprivate func settingRowID(_ rowID: Int64, column: String?) -> PersistenceContainer {
        guard let column else { return self }
        var container = self
        container.setDatabaseValue(rowID.databaseValue, forColumn: column)
        return container
    }
}
