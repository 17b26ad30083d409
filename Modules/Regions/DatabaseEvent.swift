/// The change of one row of a table: an insertion, a deletion, or an update.
///
/// SQLite reports each change that a statement makes as it runs (triggers and foreign key actions
/// included) to the transaction observers that observe changes of its kind.
public struct DatabaseEvent: Hashable, Sendable, CustomStringConvertible {
    /// The kind of a change, with SQLite's codes as raw values.
    public enum Kind: Int32, Hashable, Sendable {
        /// An insertion (`SQLITE_INSERT`).
        case insert = 18
        /// A deletion (`SQLITE_DELETE`).
        case delete = 9
        /// An update (`SQLITE_UPDATE`).
        case update = 23
    }

    /// The kind of change.
    public let kind: Kind
    /// The name of the database of the table: "main", "temp", or the name of an attached database.
    public let databaseName: String
    /// The name of the changed table, as the schema spells it.
    public let tableName: String
    /// The rowid of the changed row (its new rowid, for an update that changes it).
    public let rowID: Int64

    /// Creates an event.
    public init(kind: Kind, databaseName: String = "main", tableName: String, rowID: Int64) {
        self.kind = kind
        self.databaseName = databaseName
        self.tableName = tableName
        self.rowID = rowID
    }

    /// The event itself: events are values, which an observer may keep after the change (GRDB's
    /// observers copy the events they keep).
    public func copy() -> DatabaseEvent { self }

    /// "insert player(1)".
    public var description: String {
        "\(kind) \(databaseName == "main" ? "" : databaseName + ".")\(tableName)(\(rowID))"
    }
}
