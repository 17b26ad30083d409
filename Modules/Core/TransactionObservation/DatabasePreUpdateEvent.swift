/// A change of one row, told before it happens, with the values of the row before and after the
/// change (SQLite's pre-update hook).
///
/// Only drivers whose library has the pre-update hook report these events
/// (`DatabaseCapabilities.supportsPreupdateHook`: Debian's SQLite does, SQLCipher 3.4 does not).
///
/// An event reads its values from SQLite while the observer's `databaseWillChange(with:)` runs;
/// `copy()` returns an event that keeps them, for later use.
public struct DatabasePreUpdateEvent {
    /// The kind of a change, with SQLite's codes as raw values.
    public typealias Kind = DatabaseEvent.Kind

    /// The kind of change.
    public let kind: Kind
    /// The name of the database of the table: "main", "temp", or the name of an attached database.
    public let databaseName: String
    /// The name of the changed table, as the schema spells it.
    public let tableName: String
    /// The rowid of the row before the change; nil for an insertion.
    public let initialRowID: Int64?
    /// The rowid of the row after the change; nil for a deletion.
    public let finalRowID: Int64?
    /// The number of columns of the row.
    public let count: Int
    /// 0 for a change made by the statement itself, 1 for a change made by a trigger it fires, 2 for
    /// a change made by a trigger that a trigger fires, and so on.
    public let depth: CInt
    private let values: Values

    private enum Values {
        /// Read from SQLite on demand: valid only while the pre-update hook runs.
        case live(api: SQLiteAPI, connection: OpaquePointer)
        /// Copied.
        case copied(initial: [DatabaseValue]?, final: [DatabaseValue]?)
    }

    init(
        kind: Kind, databaseName: String, tableName: String, initialRowID: Int64, finalRowID: Int64,
        api: SQLiteAPI, connection: OpaquePointer
    ) {
        self.kind = kind
        self.databaseName = databaseName
        self.tableName = tableName
        self.initialRowID = kind == .insert ? nil : initialRowID
        self.finalRowID = kind == .delete ? nil : finalRowID
        self.count = Int(api.preupdate_count?(connection) ?? 0)
        self.depth = api.preupdate_depth?(connection) ?? 0
        self.values = .live(api: api, connection: connection)
    }

    private init(copying event: DatabasePreUpdateEvent) {
        kind = event.kind
        databaseName = event.databaseName
        tableName = event.tableName
        initialRowID = event.initialRowID
        finalRowID = event.finalRowID
        count = event.count
        depth = event.depth
        values = .copied(initial: event.initialDatabaseValues, final: event.finalDatabaseValues)
    }

    /// The values of the row before the change; nil for an insertion, or when they cannot be read
    /// (an event kept without `copy()` after the change).
    public var initialDatabaseValues: [DatabaseValue]? {
        guard kind != .insert else { return nil }
        if case .copied(let initial, _) = values { return initial }
        let values = (0..<count).compactMap(initialDatabaseValue(atIndex:))
        return values.count == count ? values : nil
    }

    /// The values of the row after the change; nil for a deletion, or when they cannot be read (an
    /// event kept without `copy()` after the change).
    public var finalDatabaseValues: [DatabaseValue]? {
        guard kind != .delete else { return nil }
        if case .copied(_, let final) = values { return final }
        let values = (0..<count).compactMap(finalDatabaseValue(atIndex:))
        return values.count == count ? values : nil
    }

    /// The value of a column before the change; nil for an insertion.
    public func initialDatabaseValue(atIndex index: Int) -> DatabaseValue? {
        precondition(index >= 0 && index < count, "column index out of range")
        guard kind != .insert else { return nil }
        switch values {
        case .live(let api, let connection):
            return Self.value(atIndex: index, api: api, connection: connection, read: api.preupdate_old)
        case .copied(let initial, _):
            return initial?[index]
        }
    }

    /// The value of a column after the change; nil for a deletion.
    public func finalDatabaseValue(atIndex index: Int) -> DatabaseValue? {
        precondition(index >= 0 && index < count, "column index out of range")
        guard kind != .delete else { return nil }
        switch values {
        case .live(let api, let connection):
            return Self.value(atIndex: index, api: api, connection: connection, read: api.preupdate_new)
        case .copied(_, let final):
            return final?[index]
        }
    }

    /// An event that keeps the values of the row, valid after the observer's method has returned.
    public func copy() -> DatabasePreUpdateEvent {
        if case .copied = values { return self }
        return DatabasePreUpdateEvent(copying: self)
    }

    private static func value(
        atIndex index: Int, api: SQLiteAPI, connection: OpaquePointer,
        read: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32)?
    ) -> DatabaseValue? {
        var value: OpaquePointer?
        guard let read, read(connection, Int32(index), &value) == SQLITE.OK, let value else { return nil }
        return api.databaseValue(of: value)
    }
}
