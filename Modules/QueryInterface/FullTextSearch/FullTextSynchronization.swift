import RSCore

/// The SQL that keeps a full-text table synchronized with its content table (FTS4 and FTS5
/// "external content" tables): triggers that mirror each change of the content table into the
/// index, and the command that indexes the rows the content table already has.
struct FullTextSynchronization {
    /// The quoted name of the full-text table.
    private let fullTextTable: String
    /// The quoted name of the content table.
    private let contentTable: String
    /// The name of the full-text table, for the names of the triggers.
    private let tableName: String
    /// The indexed columns.
    private let columns: [String]
    /// The column of the content table that is its rowid.
    let rowIDColumn: String
    /// `IF NOT EXISTS `, or nothing.
    private let ifNotExists: String

    /// The synchronization of a full-text table with a content table.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a temporary table: SQLite can't rebuild
    ///   the index of a temporary full-text table. A `DatabaseError` when the content table does
    ///   not exist.
    init(
        _ db: Database, fullTextTable: String, contentTable: String, columns: [String],
        configuration: VirtualTableConfiguration
    ) throws {
        if configuration.temporary {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a temporary full-text table can't be synchronized with a content table")
        }
        self.fullTextTable = fullTextTable.quotedDatabaseIdentifier
        self.contentTable = contentTable.quotedDatabaseIdentifier
        self.tableName = fullTextTable
        self.columns = columns
        self.rowIDColumn = try db.primaryKey(contentTable).rowIDColumn ?? Column.rowID.name
        self.ifNotExists = configuration.ifNotExists ? "IF NOT EXISTS " : ""
    }

    /// The triggers of an FTS4 table, which deletes the old text before a change and indexes the
    /// new text after it.
    var fts4TriggersSQL: String {
        let ftsColumns = columnList(["docid"] + columns)
        let newValues = values("new", [rowIDColumn] + columns)
        let oldRowID = "old.\(rowIDColumn.quotedDatabaseIdentifier)"
        return """
            \(trigger("bu")) BEFORE UPDATE ON \(contentTable) BEGIN
                DELETE FROM \(fullTextTable) WHERE docid=\(oldRowID);
            END;
            \(trigger("bd")) BEFORE DELETE ON \(contentTable) BEGIN
                DELETE FROM \(fullTextTable) WHERE docid=\(oldRowID);
            END;
            \(trigger("au")) AFTER UPDATE ON \(contentTable) BEGIN
                INSERT INTO \(fullTextTable)(\(ftsColumns)) VALUES(\(newValues));
            END;
            \(trigger("ai")) AFTER INSERT ON \(contentTable) BEGIN
                INSERT INTO \(fullTextTable)(\(ftsColumns)) VALUES(\(newValues));
            END;
            """
    }

    /// The triggers of an FTS5 table, which deletes the old text with FTS5's `delete` command, and
    /// indexes the new text.
    var fts5TriggersSQL: String {
        let ftsColumns = columnList(["rowid"] + columns)
        let newValues = values("new", [rowIDColumn] + columns)
        let oldValues = values("old", [rowIDColumn] + columns)
        return """
            \(trigger("ai")) AFTER INSERT ON \(contentTable) BEGIN
                INSERT INTO \(fullTextTable)(\(ftsColumns)) VALUES (\(newValues));
            END;
            \(trigger("ad")) AFTER DELETE ON \(contentTable) BEGIN
                INSERT INTO \(fullTextTable)(\(fullTextTable), \(ftsColumns)) VALUES('delete', \(oldValues));
            END;
            \(trigger("au")) AFTER UPDATE ON \(contentTable) BEGIN
                INSERT INTO \(fullTextTable)(\(fullTextTable), \(ftsColumns)) VALUES('delete', \(oldValues));
                INSERT INTO \(fullTextTable)(\(ftsColumns)) VALUES (\(newValues));
            END;
            """
    }

    /// Creates the triggers of the engine, and indexes the rows the content table already has.
    func start(_ db: Database, triggersSQL: KeyPath<Self, String>) throws {
        try db.execute(sql: self[keyPath: triggersSQL])
        try db.execute(sql: "INSERT INTO \(fullTextTable)(\(fullTextTable)) VALUES('rebuild')")
    }

    /// The statements that drop the triggers of a full-text table, whatever they are.
    static func dropTriggersSQL(fullTextTable: String, suffixes: [String]) -> String {
        suffixes.map { "DROP TRIGGER IF EXISTS \("__\(fullTextTable)_\($0)".quotedDatabaseIdentifier);" }
            .joined(separator: "\n")
    }

    /// `CREATE TRIGGER [IF NOT EXISTS] "__table_suffix"`.
    private func trigger(_ suffix: String) -> String {
        "CREATE TRIGGER \(ifNotExists)\("__\(tableName)_\(suffix)".quotedDatabaseIdentifier)"
    }

    private func columnList(_ names: [String]) -> String {
        names.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
    }

    private func values(_ row: String, _ names: [String]) -> String {
        names.map { "\(row).\($0.quotedDatabaseIdentifier)" }.joined(separator: ", ")
    }
}
