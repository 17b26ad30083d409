import RSCore

/// A column of a table or a view, as `db.columns(in:)` returns it (from `PRAGMA table_xinfo`).
public struct ColumnInfo: FetchableRecord, Hashable, Sendable {
    /// The position of the column in the table.
    let cid: Int
    /// Whether the column is hidden (1), generated (2: virtual, 3: stored), or plain (0).
    let hidden: Int?

    /// The name of the column.
    public let name: String

    /// The declared type of the column, as written in the schema (so compare it case-insensitively),
    /// or the empty string when the column has no declared type.
    public let type: String

    /// Whether the column has a NOT NULL constraint.
    public let isNotNull: Bool

    /// The SQL of the default value (`0`, `'Anonymous'`, `CURRENT_TIMESTAMP`), or nil when the
    /// column has no default value.
    public let defaultValueSQL: String?

    /// The 1-based position of the column in the primary key, or 0 when the column is not part of it.
    public let primaryKeyIndex: Int

    /// Reads a row of `PRAGMA table_info` or `PRAGMA table_xinfo`.
    public init(row: Row) {
        cid = row["cid"]
        hidden = row["hidden"]
        name = row["name"]
        type = row["type"]
        isNotNull = row["notnull"]
        defaultValueSQL = row["dflt_value"]
        primaryKeyIndex = row["pk"]
    }
}
