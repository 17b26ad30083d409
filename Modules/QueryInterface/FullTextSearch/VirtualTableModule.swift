import RSCore

/// A kind of virtual table that the schema DSL can create, such as ``FTS3``, ``FTS4`` and ``FTS5``:
///
/// ```swift
/// try db.create(virtualTable: "book", using: FTS5()) { t in
///     t.column("title")
/// }
/// ```
public protocol VirtualTableModule {
    /// What the body of `create(virtualTable:options:using:_:)` fills: columns and options.
    associatedtype TableDefinition

    /// The name of the module, after `USING` in `CREATE VIRTUAL TABLE`.
    var moduleName: String { get }

    /// A new definition, for a table created with this configuration.
    func makeTableDefinition(configuration: VirtualTableConfiguration) -> TableDefinition

    /// The arguments of the module, in `USING module(arguments…)`, from a filled definition.
    func moduleArguments(for definition: TableDefinition, in db: Database) throws -> [String]

    /// Completes the creation of the table, in the savepoint that created it (the triggers of a
    /// full-text table synchronized with its content table, say).
    func database(_ db: Database, didCreate tableName: String, using definition: TableDefinition) throws
}

/// How a virtual table is created: the options given to `create(virtualTable:options:using:_:)`.
public struct VirtualTableConfiguration: Sendable {
    /// Whether the statement has `IF NOT EXISTS`.
    package var ifNotExists: Bool
    /// Whether the table is created in the temporary schema.
    package var temporary: Bool

    /// The configuration of these options.
    package init(options: VirtualTableOptions) {
        ifNotExists = options.contains(.ifNotExists)
        temporary = options.contains(.temporary)
    }
}

/// The options of `create(virtualTable:options:using:)`.
public struct VirtualTableOptions: OptionSet, Sendable {
    /// The raw bits of the options.
    public let rawValue: Int

    /// Options from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `CREATE VIRTUAL TABLE IF NOT EXISTS`: nothing happens when the table exists.
    public static let ifNotExists = VirtualTableOptions(rawValue: 1 << 0)

    /// The table is created in the temporary schema (`temp."name"`), which only its connection sees.
    public static let temporary = VirtualTableOptions(rawValue: 1 << 1)
}
