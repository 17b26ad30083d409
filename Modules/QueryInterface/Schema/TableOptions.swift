/// The options of `db.create(table:options:body:)`.
public struct TableOptions: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: Int

    /// Options from a raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Does nothing when the table exists (`CREATE TABLE IF NOT EXISTS`); the indexes of
    /// `indexed()` columns are then created `IF NOT EXISTS` too.
    public static let ifNotExists = TableOptions(rawValue: 1 << 0)

    /// A temporary table, dropped when the connection closes (`CREATE TEMPORARY TABLE`).
    public static let temporary = TableOptions(rawValue: 1 << 1)

    /// A table without rowid, whose rows are stored by primary key (`WITHOUT ROWID`).
    public static let withoutRowID = TableOptions(rawValue: 1 << 2)

    /// A table whose columns only accept values of their declared type (`STRICT`, SQLite 3.37+;
    /// creating one with an older SQLite throws an error that says so).
    public static let strict = TableOptions(rawValue: 1 << 3)
}
