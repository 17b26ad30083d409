import RSCore

/// The FTS3 full-text engine, for `create(virtualTable:using:)`:
///
/// ```swift
/// // CREATE VIRTUAL TABLE "document" USING fts3(content)
/// try db.create(virtualTable: "document", using: FTS3()) { t in
///     t.column("content")
/// }
/// ```
///
/// Every column of a full-text table holds text. FTS4 (``FTS4``) has more options.
public struct FTS3: VirtualTableModule {
    /// What the `unicode61` tokenizer does with diacritics.
    public enum Diacritics: Sendable, Hashable {
        /// Diacritics are kept: "Jérôme" does not match "Jerome".
        case keep
        /// SQLite's default: diacritics of Latin letters are removed, except from letters with
        /// several diacritics.
        case removeLegacy
        /// Diacritics of Latin letters are removed, from all letters (SQLite 3.27+).
        case remove

        /// The value of the tokenizer's `remove_diacritics` argument; nil for SQLite's default.
        var removeDiacriticsValue: Int? {
            switch self {
            case .keep: return 0
            case .removeLegacy: return nil
            case .remove: return 2
            }
        }
    }

    /// The FTS3 engine.
    public init() {}

    /// The module name: `fts3`.
    public var moduleName: String { "fts3" }

    /// A new definition, with no column.
    public func makeTableDefinition(configuration: VirtualTableConfiguration) -> FTS3TableDefinition {
        FTS3TableDefinition()
    }

    /// The columns, then the tokenizer.
    public func moduleArguments(for definition: FTS3TableDefinition, in db: Database) -> [String] {
        definition.columns + (definition.tokenizer.map { [$0.moduleArgument] } ?? [])
    }

    /// Nothing: an FTS3 table needs nothing besides itself.
    public func database(_ db: Database, didCreate tableName: String, using definition: FTS3TableDefinition) {}

    /// The tokens of a string, as a tokenizer of FTS3 and FTS4 tables splits it, with the SQLite
    /// of the given driver:
    /// `FTS3.tokenize("SQLite database", withTokenizer: .porter, driver: .sqlite)` is
    /// `["sqlite", "databas"]`.
    ///
    /// The umbrella modules (`ReactiveSQLite`, `ReactiveSQLCipher`) also have it without the driver,
    /// as GRDB does.
    ///
    /// - throws: A `DatabaseError` when the SQLite of the driver lacks the tokenizer or FTS3.
    public static func tokenize(
        _ string: String, withTokenizer tokenizer: FTS3TokenizerDescriptor = .simple, driver: DatabaseDriver
    ) throws -> [String] {
        try DatabaseQueue(named: nil, driver: driver).inDatabase { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE tokens USING fts3tokenize(\(tokenizer.tokenizeTableArguments))")
            return try String.fetchAll(
                db, sql: "SELECT token FROM tokens WHERE input = ? ORDER BY position", arguments: [string])
        }
    }
}
