import RSCore

/// What a `PrimaryKeyDiffScanner` knows of its request: the table, the columns of the primary key
/// as the request's rows name them, and the columns of those rows. Building one checks that the
/// request selects the primary key and is ordered by it.
struct PrimaryKeyLayout: Sendable {
    /// The table of the records.
    let tableName: String
    /// The primary key columns, as the rows of the request name them.
    let keyColumns: [String]
    /// The columns of the rows of the request.
    let rowColumns: [String]

    /// The layout of the rows of a request of the records of `tableName`, given its prepared statement.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_ERROR`, "no such table: …") when the table does not
    ///   exist; a `DatabaseError` (`SQLITE_MISUSE`) when the table has no primary key and the
    ///   request does not select its rowid, when the request does not select a column of the
    ///   primary key, or when it is not ordered by the primary key.
    init(_ db: Database, tableName: String, statement: Statement) throws {
        let primaryKey = try db.primaryKey(tableName)
        let rowColumns = statement.columnNames
        let lowercasedRowColumns = rowColumns.map { $0.lowercased() }
        let rowIDNames = ["rowid", "oid", "_rowid_"]
        let hasHiddenRowID =
            try primaryKey.columns == [Column.rowID.name] && !Self.hasColumn("rowid", in: tableName, db)
        var keyColumns: [String] = []
        // The names that the request may order the rows by, for each key column.
        var orderingNames: [[String]] = []
        if hasHiddenRowID {
            guard let index = lowercasedRowColumns.firstIndex(where: rowIDNames.contains) else {
                throw Self.error(
                    tableName,
                    "the table has no primary key: its rows are identified by their rowid only, which the request "
                        + "must then select (SELECT rowid, * FROM \(tableName.quotedDatabaseIdentifier) ORDER BY rowid)",
                    sql: statement.sql)
            }
            keyColumns = [rowColumns[index]]
            orderingNames = [rowIDNames]
        } else {
            for column in primaryKey.columns {
                guard let index = lowercasedRowColumns.firstIndex(of: column.lowercased()) else {
                    throw Self.error(
                        tableName,
                        "the request does not select the primary key column \(column) "
                            + "(its columns: \(rowColumns.joined(separator: ", ")))", sql: statement.sql)
                }
                keyColumns.append(rowColumns[index])
                orderingNames.append([column.lowercased()] + (primaryKey.isRowID ? rowIDNames : []))
            }
        }
        try Self.checkOrdering(statement.sql, by: orderingNames, keyColumns: keyColumns, tableName: tableName)
        self.tableName = tableName
        self.keyColumns = keyColumns
        self.rowColumns = rowColumns
    }

    /// Throws unless the SQL is ordered by the key columns, in ascending order, with the BINARY collation.
    private static func checkOrdering(
        _ sql: String, by orderingNames: [[String]], keyColumns: [String], tableName: String
    ) throws {
        let expected = keyColumns.joined(separator: ", ")
        guard let clause = SQLOrderingClause(sql: sql) else {
            throw error(tableName, "the request has no ORDER BY clause: order it by \(expected)", sql: sql)
        }
        for (position, names) in orderingNames.enumerated() {
            guard position < clause.terms.count else {
                throw error(
                    tableName,
                    "the request is ordered by \(clause.terms.map(\.text).joined(separator: ", ")), "
                        + "which does not start with every primary key column: order it by \(expected)", sql: sql)
            }
            let term = clause.terms[position]
            guard let column = term.column, names.contains(column), !term.isDescending, !term.nullsLast,
                term.collation == nil || term.collation == "BINARY"
            else {
                throw error(
                    tableName,
                    "the request is ordered by \(clause.terms.map(\.text).joined(separator: ", ")), not by \(expected) "
                        + "in ascending order and BINARY collation", sql: sql)
            }
        }
    }

    /// Whether the table has a column of this name (case-insensitive).
    private static func hasColumn(_ name: String, in tableName: String, _ db: Database) throws -> Bool {
        try Row.fetchAll(db, sql: "PRAGMA table_info(\(tableName.quotedDatabaseIdentifier))").contains { row in
            (row["name"] as String).lowercased() == name
        }
    }

    /// The statement of a request, prepared; throws for a request with a row adapter, whose rows
    /// a scanner cannot compare by key.
    static func statement(of request: some FetchRequest, tableName: String, _ db: Database) throws -> Statement {
        let prepared = try request.makePreparedRequest(db, forSingleResult: false)
        guard prepared.adapter == nil else {
            throw error(
                tableName, "the request adapts its rows (a row adapter), which a diff does not support",
                sql: prepared.statement.sql)
        }
        return prepared.statement
    }

    /// The error of a request that a scanner cannot use.
    static func error(_ tableName: String, _ reason: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_MISUSE,
            message: "PrimaryKeyDiffScanner needs the rows of table \(tableName) sorted by primary key: \(reason)",
            sql: sql)
    }
}
