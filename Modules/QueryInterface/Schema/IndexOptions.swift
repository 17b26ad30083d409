/// The options of `db.create(index:on:columns:options:condition:)`.
public struct IndexOptions: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: Int

    /// Options from a raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Does nothing when an index of this name exists (`CREATE INDEX IF NOT EXISTS`).
    public static let ifNotExists = IndexOptions(rawValue: 1 << 0)

    /// An index that forbids two rows with the same indexed values (`CREATE UNIQUE INDEX`).
    public static let unique = IndexOptions(rawValue: 1 << 1)
}
