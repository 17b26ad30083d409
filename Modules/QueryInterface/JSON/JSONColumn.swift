import RSCore

/// A column that holds JSON text:
///
/// ```swift
/// struct Player: Codable, FetchableRecord, PersistableRecord {
///     var name: String
///     var address: Address   // a Codable struct, stored as JSON text
///
///     enum Columns {
///         static let address = JSONColumn("address")
///     }
/// }
///
/// // SELECT * FROM "player" WHERE ("address" ->> ?) = ?
/// let french = try Player.filter(Player.Columns.address["$.country"] == "FR").fetchAll(db)
/// ```
public struct JSONColumn: ColumnExpression, SQLJSONExpressible, Sendable {
    /// The name of the column.
    public var name: String

    /// The JSON column of this name.
    public init(_ name: String) {
        self.name = name
    }

    /// The JSON column named after a coding key.
    public init(_ codingKey: some CodingKey) {
        name = codingKey.stringValue
    }
}
