/// The options of `db.create(view:options:columns:asLiteral:)`.
public struct ViewOptions: OptionSet, Sendable {
    /// The raw value.
    public let rawValue: Int

    /// Options from a raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Does nothing when the view exists (`CREATE VIEW IF NOT EXISTS`).
    public static let ifNotExists = ViewOptions(rawValue: 1 << 0)

    /// A temporary view, dropped when the connection closes (`CREATE TEMPORARY VIEW`).
    public static let temporary = ViewOptions(rawValue: 1 << 1)
}
