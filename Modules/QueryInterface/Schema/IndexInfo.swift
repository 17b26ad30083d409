import RSCore

/// An index of a table, as `db.indexes(on:)` returns it (from `PRAGMA index_list` and
/// `PRAGMA index_info`).
public struct IndexInfo: Hashable, Sendable {
    /// What created an index.
    public struct Origin: RawRepresentable, Hashable, DatabaseValueConvertible, Sendable {
        /// The value of the `origin` column of `PRAGMA index_list`.
        public var rawValue: String

        /// An origin of this raw value.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A `CREATE INDEX` statement.
        public static let createIndex = Origin(rawValue: "c")
        /// A UNIQUE constraint.
        public static let uniqueConstraint = Origin(rawValue: "u")
        /// A PRIMARY KEY constraint.
        public static let primaryKeyConstraint = Origin(rawValue: "pk")
    }

    /// The name of the index.
    public let name: String
    /// The indexed columns, in order.
    public let columns: [String]
    /// Whether the index forbids two rows with the same values.
    public let isUnique: Bool
    /// What created the index.
    public let origin: Origin

}
