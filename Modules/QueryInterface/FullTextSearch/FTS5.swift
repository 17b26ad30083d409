import RSCore

/// The FTS5 full-text engine, for `create(virtualTable:using:)`:
///
/// ```swift
/// // CREATE VIRTUAL TABLE "document" USING fts5(content)
/// try db.create(virtualTable: "document", using: FTS5()) { t in
///     t.column("content")
/// }
/// ```
///
/// FTS5 ranks matches by relevance: order by ``RSCore/Column/rank``, or by ``bm25(_:)``.
/// Debian's SQLite has FTS5; SQLCipher 3.4's SQLite does not, and refuses an FTS5 table with a
/// `DatabaseError` that says so (`DatabaseCapabilities.supportsFTS5`).
public struct FTS5: VirtualTableModule {
    /// What the `unicode61` tokenizer does with diacritics.
    public enum Diacritics: Sendable, Hashable {
        /// Diacritics are kept: "Jérôme" does not match "Jerome".
        case keep
        /// SQLite's default: diacritics of Latin letters are removed, except from letters with
        /// several diacritics.
        case removeLegacy
        /// Diacritics of Latin letters are removed, from all letters (SQLite 3.27+).
        case remove

        /// The same choice, as FTS3 writes it.
        var fts3: FTS3.Diacritics {
            switch self {
            case .keep: return .keep
            case .removeLegacy: return .removeLegacy
            case .remove: return .remove
            }
        }
    }

    /// The FTS5 engine.
    public init() {}

    /// The module name: `fts5`.
    public var moduleName: String { "fts5" }

    /// A new definition, with no column.
    public func makeTableDefinition(configuration: VirtualTableConfiguration) -> FTS5TableDefinition {
        FTS5TableDefinition(configuration: configuration)
    }

    /// The columns, then the options, as SQLite's FTS5 documentation writes them.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a table without columns, or a tokenizer
    ///   without name.
    public func moduleArguments(for definition: FTS5TableDefinition, in db: Database) throws -> [String] {
        guard !definition.columns.isEmpty else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "an FTS5 table needs at least one column")
        }
        var arguments = definition.columns.map { $0.isIndexed ? $0.name : "\($0.name) UNINDEXED" }
        if let tokenizer = definition.tokenizer {
            guard !tokenizer.components.isEmpty else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "a tokenizer descriptor needs the name of the tokenizer")
            }
            arguments.append(tokenizer.moduleArgument)
        }
        if let contentTable = definition.synchronizedTable {
            arguments.append("content=\(DatabaseValue.quotedString(contentTable))")
            if let rowIDColumn = try db.primaryKey(contentTable).rowIDColumn {
                arguments.append("content_rowid=\(DatabaseValue.quotedString(rowIDColumn))")
            }
        } else {
            if let content = definition.content { arguments.append("content=\(DatabaseValue.quotedString(content))") }
            if let contentRowID = definition.contentRowID {
                arguments.append("content_rowid=\(DatabaseValue.quotedString(contentRowID))")
            }
        }
        if let prefixes = definition.prefixes {
            arguments.append(
                "prefix=\(DatabaseValue.quotedString(prefixes.sorted().map(String.init).joined(separator: " ")))")
        }
        if let columnSize = definition.columnSize { arguments.append("columnSize=\(columnSize)") }
        if let detail = definition.detail { arguments.append("detail=\(detail)") }
        return arguments
    }

    /// For a table synchronized with its content table: the triggers that keep the index up to
    /// date, and the index of the rows the content table already has.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a temporary synchronized table (SQLite
    ///   can't rebuild its index), or when SQLite refuses a trigger.
    public func database(_ db: Database, didCreate tableName: String, using definition: FTS5TableDefinition) throws {
        guard let contentTable = definition.synchronizedTable else { return }
        try FullTextSynchronization(
            db, fullTextTable: tableName, contentTable: contentTable, columns: definition.columns.map(\.name),
            configuration: definition.configuration
        ).start(db, triggersSQL: \.fts5TriggersSQL)
    }
}

extension Database {
    /// Drops the triggers that synchronize an FTS5 table with its content table (see
    /// ``FTS5TableDefinition/synchronize(withTable:)``), before the content table is dropped or renamed.
    public func dropFTS5SynchronizationTriggers(forTable tableName: String) throws {
        try execute(
            sql: FullTextSynchronization.dropTriggersSQL(fullTextTable: tableName, suffixes: ["ai", "ad", "au"]))
    }
}
