/// A record that can be inserted, updated and deleted, and which may change when it is inserted
/// (a struct that takes its auto-incremented id in `didInsert(_:)`).
///
/// ```swift
/// struct Player: Codable, FetchableRecord, MutablePersistableRecord {
///     var id: Int64?
///     var name: String
///     mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
/// }
/// var player = Player(id: nil, name: "Arthur")
/// try player.insert(db)   // player.id is now set
/// ```
///
/// ## Persistence callbacks
///
/// The persistence methods call these methods, which do nothing by default, around the
/// statements they run:
///
/// - `insert`: `willSave`, `aroundSave` { `willInsert`, `aroundInsert` { INSERT }, `didInsert` }, `didSave`
/// - `update`: `willSave`, `aroundSave` { `willUpdate`, `aroundUpdate` { UPDATE }, `didUpdate` }, `didSave`
/// - `save`: as `update`, then, when no row has the primary key, as `insert` within the same `aroundSave`
/// - `upsert`: as `insert`
/// - `delete`: `willDelete`, `aroundDelete` { DELETE }, `didDelete`
///
/// An error thrown by a callback stops the operation, and the error is thrown by the persistence
/// method. An `around…` callback must call its function once, and rethrow its error: otherwise
/// the persistence method throws a `DatabaseError` of code `SQLITE_MISUSE`.
public protocol MutablePersistableRecord: EncodableRecord, TableRecord {
    /// How insertions and updates resolve conflicts when they are given no `onConflict:` argument
    /// (`.abort` by default: the plain statement).
    static var persistenceConflictPolicy: PersistenceConflictPolicy { get }

    /// Called before the record is inserted (does nothing by default).
    mutating func willInsert(_ db: Database) throws
    /// Called around the insertion: call `insert()` once, and rethrow its error.
    func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws
    /// Called after a successful insertion (does nothing by default).
    mutating func didInsert(_ inserted: InsertionSuccess)

    /// Called before the record is updated, with the columns that are updated (does nothing by default).
    func willUpdate(_ db: Database, columns: Set<String>) throws
    /// Called around the update: call `update()` once, and rethrow its error.
    func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws
    /// Called after a successful update (does nothing by default).
    func didUpdate(_ updated: PersistenceSuccess)

    /// Called before the record is inserted, updated, saved or upserted (does nothing by default).
    func willSave(_ db: Database) throws
    /// Called around an insertion, update, save or upsert: call `save()` once, and rethrow its error.
    func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws
    /// Called after a successful insertion, update, save or upsert (does nothing by default).
    func didSave(_ saved: PersistenceSuccess)

    /// Called before the record is deleted (does nothing by default).
    func willDelete(_ db: Database) throws
    /// Called around the deletion: call `delete()` once, and rethrow its error.
    func aroundDelete(_ db: Database, delete: () throws -> Bool) throws
    /// Called after the deletion, with whether a row was deleted (does nothing by default).
    func didDelete(deleted: Bool)
}

extension MutablePersistableRecord {
    /// `.abort` for insertions and updates: the plain statements.
    public static var persistenceConflictPolicy: PersistenceConflictPolicy { PersistenceConflictPolicy() }

    /// Does nothing.
    public mutating func willInsert(_ db: Database) throws {}
    /// Inserts.
    public func aroundInsert(_ db: Database, insert: () throws -> InsertionSuccess) throws { _ = try insert() }
    /// Does nothing.
    public mutating func didInsert(_ inserted: InsertionSuccess) {}

    /// Does nothing.
    public func willUpdate(_ db: Database, columns: Set<String>) throws {}
    /// Updates.
    public func aroundUpdate(_ db: Database, columns: Set<String>, update: () throws -> PersistenceSuccess) throws {
        _ = try update()
    }
    /// Does nothing.
    public func didUpdate(_ updated: PersistenceSuccess) {}

    /// Does nothing.
    public func willSave(_ db: Database) throws {}
    /// Saves.
    public func aroundSave(_ db: Database, save: () throws -> PersistenceSuccess) throws { _ = try save() }
    /// Does nothing.
    public func didSave(_ saved: PersistenceSuccess) {}

    /// Does nothing.
    public func willDelete(_ db: Database) throws {}
    /// Deletes.
    public func aroundDelete(_ db: Database, delete: () throws -> Bool) throws { _ = try delete() }
    /// Does nothing.
    public func didDelete(deleted: Bool) {}
}

extension MutablePersistableRecord {
    /// Runs `action` within the save callbacks (`willSave`, `aroundSave`, `didSave`).
    @inlinable
    mutating func withSaveCallbacks(_ db: Database, _ action: (inout Self) throws -> PersistenceSuccess) throws {
        try willSave(db)
        var saved: PersistenceSuccess?
        // `aroundSave` is called on a copy, since the action modifies the record.
        let record = self
        try record.aroundSave(db) {
            let success = try action(&self)
            saved = success
            return success
        }
        guard let saved else { throw callbackMisuse("aroundSave") }
        didSave(saved)
    }

    /// Runs `action` within the insertion callbacks (`willInsert`, `aroundInsert`, `didInsert`),
    /// and returns the insertion.
    @inlinable
    mutating func withInsertCallbacks(
        _ db: Database, _ action: (Self) throws -> InsertionSuccess
    ) throws -> InsertionSuccess {
        try willInsert(db)
        var inserted: InsertionSuccess?
        try aroundInsert(db) {
            let success = try action(self)
            inserted = success
            return success
        }
        guard let inserted else { throw callbackMisuse("aroundInsert") }
        didInsert(inserted)
        return inserted
    }

    /// The error of an `around…` callback that did not call its function, or did not rethrow its
    /// error: the operation cannot tell whether it happened (`SQLITE_MISUSE`).
    @usableFromInline
    func callbackMisuse(_ callbackName: String) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message:
                "the \(callbackName) callback of \(type(of: self)) did not call its function, or did not rethrow its error"
        )
    }
}

/// Runs a persistence operation given a `fetch` function that keeps what `fetch` returns, and
/// returns it: the `…AndFetch` methods are generic over what they return, and the operations are
/// not.
package func keepingFetched<Input, T>(
    _ fetch: (Input) throws -> T, _ operation: (_ fetch: @escaping (Input) throws -> Void) throws -> Void
) throws -> T {
    var fetched: T?
    // `fetch` only runs during the operation, which does not re-enter it.
    try withoutActuallyEscaping(fetch) { fetch in
        try operation { fetched = try fetch($0) }
    }
    // An operation that returns has run its statement through `fetch`: the callbacks that could
    // skip it make the operation throw (see `callbackMisuse(_:)`).
    return fetched!
}
