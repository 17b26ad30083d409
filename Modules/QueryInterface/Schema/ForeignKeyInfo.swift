import RSCore

/// A foreign key of a table, as `db.foreignKeys(on:)` returns it (from `PRAGMA foreign_key_list`).
public struct ForeignKeyInfo: Sendable {
    /// The identifier of the foreign key in the table (`PRAGMA foreign_key_list`'s `id`).
    public var id: Int
    /// The referenced table.
    public let destinationTable: String
    /// The columns of the key, in order, each with the column it refers to.
    public let mapping: [(origin: String, destination: String)]

    /// The columns of the key, in the origin table.
    public var originColumns: [String] { mapping.map { $0.origin } }
    /// The referenced columns, in the destination table.
    public var destinationColumns: [String] { mapping.map { $0.destination } }
}
