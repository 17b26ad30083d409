extension Database {
    /// Runs the statements of `sql`, and prints the rows of each one.
    ///
    /// ```swift
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try db.dumpSQL("SELECT * FROM player ORDER BY id")
    /// ```
    ///
    /// The statements run one after the other, as in `execute(sql:)`, and the arguments of the
    /// literal go to them in order. The rows printed before an error remain printed.
    ///
    /// - parameters:
    ///   - sql: The SQL of one or several statements.
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text: a value such as a `String` would be copied, and the copy written to.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpSQL(
        _ sql: SQL, format: some DumpFormat = .debug(), to stream: (any TextOutputStream)? = nil
    ) throws {
        var output = DumpStream(stream)
        try dumpSQL(sql, format: format, into: &output)
    }

    /// Runs a request, and prints its rows.
    ///
    /// ```swift
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// try db.dumpRequest(Player.orderByPrimaryKey())
    /// ```
    ///
    /// The columns of the request's statement are printed, whatever the row adapter of the request.
    ///
    /// - parameters:
    ///   - request: The request.
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text: a value such as a `String` would be copied, and the copy written to.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpRequest(
        _ request: some FetchRequest, format: some DumpFormat = .debug(), to stream: (any TextOutputStream)? = nil
    ) throws {
        var output = DumpStream(stream)
        try dumpRequest(request, format: format, into: &output)
    }

    /// Prints the rows of tables and views, one after the other.
    ///
    /// ```swift
    /// // player
    /// // 1|Arthur|500
    /// // 2|Barbara|1000
    /// //
    /// // team
    /// // 1|Red
    /// // 2|Blue
    /// try db.dumpTables(["player", "team"])
    /// ```
    ///
    /// The rows of a table come in the order of its primary key (of its rowid when it has no
    /// explicit primary key). The rows of a view come in the order the view gives them, which may be
    /// undefined, unless `stableOrder` is true.
    ///
    /// - parameters:
    ///   - tables: The names of the tables and views.
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - tableHeader: Whether the name of each table is printed above its rows.
    ///   - stableOrder: When true, the rows of views are sorted by the primary key that the schema
    ///     source gives them, or else by all their columns, so that the output is the same from one
    ///     run to the next.
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text: a value such as a `String` would be copied, and the copy written to.
    /// - throws: A `DatabaseError` (for a table that does not exist, among others), or the error of
    ///   the format.
    public func dumpTables(
        _ tables: [String], format: some DumpFormat = .debug(), tableHeader: DumpTableHeaderOptions = .automatic,
        stableOrder: Bool = false, to stream: (any TextOutputStream)? = nil
    ) throws {
        var output = DumpStream(stream)
        try dumpTables(tables, format: format, tableHeader: tableHeader, stableOrder: stableOrder, into: &output)
    }

    /// Prints the schema of the database (see ``dumpSchema(to:)``), then the rows of each of its
    /// tables, in the order of their names, each one under its name.
    ///
    /// ```
    /// sqlite_master
    /// CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
    ///
    /// player
    /// 1|Arthur|500
    /// 2|Barbara|1000
    /// ```
    ///
    /// The rows of each table come in the order of its primary key. Tables of SQLite and of the
    /// library ("sqlite_…", "grdb_…") are left out, and so are the shadow tables of virtual tables,
    /// with SQLite 3.37+.
    ///
    /// - parameters:
    ///   - format: How rows are printed (``DumpFormat/debug(header:separator:nullValue:)`` by default).
    ///   - stream: Where the text goes: the standard output when nil. Give a class instance to
    ///     collect the text: a value such as a `String` would be copied, and the copy written to.
    /// - throws: A `DatabaseError`, or the error of the format.
    public func dumpContent(format: some DumpFormat = .debug(), to stream: (any TextOutputStream)? = nil) throws {
        var output = DumpStream(stream)
        try dumpContent(format: format, into: &output)
    }

    /// Prints the schema of the database: the line "sqlite_master", then the SQL of each table,
    /// index, view and trigger of the main schema, ended by a semicolon.
    ///
    /// ```
    /// sqlite_master
    /// CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT, score INTEGER);
    /// CREATE INDEX player_on_score ON player(score);
    /// ```
    ///
    /// Objects are grouped by table, in the order of the table names (case-insensitive): each table
    /// comes first, then its indexes, then its other objects. Objects of SQLite and of the library
    /// ("sqlite_…", "grdb_…") are left out, and so are the shadow tables of virtual tables, with
    /// SQLite 3.37+.
    ///
    /// - parameter stream: Where the text goes: the standard output when nil. Give a class
    ///   instance to collect the text: a value such as a `String` would be copied, and the copy
    ///   written to.
    /// - throws: A `DatabaseError`.
    public func dumpSchema(to stream: (any TextOutputStream)? = nil) throws {
        var output = DumpStream(stream)
        try dumpSchema(into: &output)
    }
}

extension Database {
    private func dumpSQL(_ sql: SQL, format: some DumpFormat, into stream: inout DumpStream) throws {
        checkAccess()
        let (text, arguments) = try sql.build(self)
        var remaining = arguments.values[...]
        var statements = try prepareStatements(sql: text)
        while let statement = try statements.next() {
            try statement.bind(arguments, consumingPositionalValuesFrom: &remaining)
            try dump(statement, format: format, into: &stream)
        }
        try checkAllArgumentsConsumed(arguments, remaining: remaining, sql: text)
    }

    private func dumpRequest(_ request: some FetchRequest, format: some DumpFormat, into stream: inout DumpStream)
        throws
    {
        let preparedRequest = try request.makePreparedRequest(self, forSingleResult: false)
        try dump(preparedRequest.statement, format: format, into: &stream)
    }

    private func dumpTables(
        _ tables: [String], format: some DumpFormat, tableHeader: DumpTableHeaderOptions, stableOrder: Bool,
        into stream: inout DumpStream
    ) throws {
        let printsNames: Bool
        switch tableHeader {
        case .automatic: printsNames = tables.count > 1
        case .always: printsNames = true
        }
        for (index, table) in tables.enumerated() {
            if index > 0 { stream.write("\n") }
            if printsNames { stream.writeLine(table) }
            let statement = try makeStatement(sql: dumpQuery(of: table, stableOrder: stableOrder))
            try dump(statement, format: format, into: &stream)
        }
    }

    /// The query of the rows of a table, by primary key, or of a view, when `stableOrder` is true,
    /// sorted by the primary key that the schema source gives it, or else by all its columns.
    private func dumpQuery(of table: String, stableOrder: Bool) throws -> String {
        let query = "SELECT * FROM \(table.quotedDatabaseIdentifier)"
        if try stableOrder || tableExists(table), let primaryKey = try primaryKeyUnlessKeylessView(table) {
            let columns = primaryKey.columns.map(\.quotedDatabaseIdentifier)
            return query + " ORDER BY " + columns.joined(separator: ", ")
        }
        guard stableOrder else { return query }
        // The view has no primary key: the order of all columns is stable.
        let columnCount = try makeStatement(sql: query).columnCount
        guard columnCount > 0 else { return query }
        return query + " ORDER BY " + (1...columnCount).map(String.init).joined(separator: ", ")
    }

    private func dumpContent(format: some DumpFormat, into stream: inout DumpStream) throws {
        try dumpSchema(into: &stream)
        stream.margin()
        let names = try String.fetchAll(
            self, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name COLLATE NOCASE")
        let ignoredNames = try shadowTableNames()
        let tables = names.filter { !isIgnoredByDumps($0, shadowTableNames: ignoredNames) }
        try dumpTables(tables, format: format, tableHeader: .always, stableOrder: true, into: &stream)
    }

    private func dumpSchema(into stream: inout DumpStream) throws {
        stream.writeLine("sqlite_master")
        // Grouped by table; in each group, the table, then its indexes, then the other objects.
        let rows = try Row.fetchAll(
            self,
            sql: """
                SELECT name, sql || ';' FROM sqlite_master
                WHERE sql IS NOT NULL
                ORDER BY tbl_name COLLATE NOCASE,
                    CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END,
                    type, name COLLATE NOCASE, sql
                """)
        let ignoredNames = try shadowTableNames()
        for row in rows where !isIgnoredByDumps(row[0], shadowTableNames: ignoredNames) {
            stream.writeLine(row[1])
        }
    }

    /// Whether dumps of the content and schema leave an object out: SQLite's own, the library's
    /// own, and shadow tables.
    private func isIgnoredByDumps(_ name: String, shadowTableNames: Set<String>) -> Bool {
        Database.isSQLiteInternalTable(name) || Database.isGRDBInternalTable(name)
            || shadowTableNames.contains(name.lowercased())
    }

    /// The lowercased names of the shadow tables of the main schema (those where virtual tables
    /// store their content), which SQLite reveals from 3.37 on; empty before.
    private func shadowTableNames() throws -> Set<String> {
        guard driver.capabilities.isAtLeast(3, 37) else { return [] }
        let rows = try Row.fetchAll(self, sql: "PRAGMA main.table_list")
        return Set(rows.filter { $0["type"] as String == "shadow" }.map { ($0["name"] as String).lowercased() })
    }

    /// Prints the rows of a statement whose arguments are bound, with a fresh copy of the format.
    private func dump(_ statement: Statement, format: some DumpFormat, into stream: inout DumpStream) throws {
        var format = format
        let cursor = try StatementCursor<Void>(statement: statement, arguments: nil) { _ in }
        while try cursor.next() != nil {
            try format.writeRow(self, statement: statement, to: &stream)
        }
        format.finalize(self, statement: statement, to: &stream)
    }
}
