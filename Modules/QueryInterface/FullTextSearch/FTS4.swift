import RSCore

/// The FTS4 full-text engine, for `create(virtualTable:using:)`:
///
/// ```swift
/// // CREATE VIRTUAL TABLE "book" USING fts4(author, title, tokenize=porter)
/// try db.create(virtualTable: "book", using: FTS4()) { t in
///     t.tokenizer = .porter
///     t.column("author")
///     t.column("title")
/// }
/// ```
///
/// An FTS4 table can index the text of another table, and stay synchronized with it:
/// ``FTS4TableDefinition/synchronize(withTable:)``.
public struct FTS4: VirtualTableModule {
    /// The FTS4 engine.
    public init() {}

    /// The module name: `fts4`.
    public var moduleName: String { "fts4" }

    /// A new definition, with no column.
    public func makeTableDefinition(configuration: VirtualTableConfiguration) -> FTS4TableDefinition {
        FTS4TableDefinition(configuration: configuration)
    }

    /// The columns, then the options, as SQLite's FTS4 documentation writes them.
    public func moduleArguments(for definition: FTS4TableDefinition, in db: Database) -> [String] {
        var arguments: [String] = []
        for column in definition.columns {
            if column.isLanguageID {
                arguments.append("languageid=\"\(column.name)\"")
            } else {
                arguments.append(column.name)
                if !column.isIndexed { arguments.append("notindexed=\(column.name)") }
            }
        }
        if let tokenizer = definition.tokenizer { arguments.append(tokenizer.moduleArgument) }
        if let content = definition.content { arguments.append("content=\"\(content)\"") }
        if let compress = definition.compress { arguments.append("compress=\"\(compress)\"") }
        if let uncompress = definition.uncompress { arguments.append("uncompress=\"\(uncompress)\"") }
        if let matchinfo = definition.matchinfo { arguments.append("matchinfo=\"\(matchinfo)\"") }
        if let prefixes = definition.prefixes {
            arguments.append("prefix=\"\(prefixes.sorted().map(String.init).joined(separator: ","))\"")
        }
        return arguments
    }

    /// For a table synchronized with its content table: the triggers that keep the index up to
    /// date, and the index of the rows the content table already has.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a temporary synchronized table (SQLite
    ///   can't rebuild its index), or when SQLite refuses a trigger.
    public func database(_ db: Database, didCreate tableName: String, using definition: FTS4TableDefinition) throws {
        guard let contentTable = definition.synchronizedTable else { return }
        try FullTextSynchronization(
            db, fullTextTable: tableName, contentTable: contentTable, columns: definition.columns.map(\.name),
            configuration: definition.configuration
        ).start(db, triggersSQL: \.fts4TriggersSQL)
    }
}

extension Database {
    /// Drops the triggers that synchronize an FTS4 table with its content table (see
    /// ``FTS4TableDefinition/synchronize(withTable:)``), before the content table is dropped or renamed.
    public func dropFTS4SynchronizationTriggers(forTable tableName: String) throws {
        try execute(
            sql: FullTextSynchronization.dropTriggersSQL(fullTextTable: tableName, suffixes: ["bu", "bd", "au", "ai"]))
    }
}
