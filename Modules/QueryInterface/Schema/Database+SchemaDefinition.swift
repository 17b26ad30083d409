import RSCore

// The schema DSL: create, alter and drop tables, indexes and views. Every name is quoted, and the
// values of expressions (defaults, CHECK constraints, index conditions) are written as SQL literals,
// since these statements cannot have bound parameters. A DSL call that runs several statements runs
// them in one savepoint: when one fails, none remains.
extension Database {
    /// Creates a table:
    ///
    /// ```swift
    /// try db.create(table: "player", options: .ifNotExists) { t in
    ///     t.autoIncrementedPrimaryKey("id")
    ///     t.column("name", .text).notNull()
    /// }
    /// ```
    ///
    /// - throws: A `DatabaseError` when SQLite refuses the table, when a referenced table does not
    ///   exist, or when the table uses a feature the SQLite of the connection lacks.
    public func create(
        table name: String, options: TableOptions = [], body: (TableDefinition) throws -> Void
    ) throws {
        let table = TableDefinition(name: name, options: options)
        try body(table)
        try executeSchemaStatements(try table.statements(self))
    }

    /// Creates a table, with options given as booleans.
    @_disfavoredOverload
    public func create(
        table name: String,
        temporary: Bool = false,
        ifNotExists: Bool = false,
        withoutRowID: Bool = false,
        body: (TableDefinition) throws -> Void
    ) throws {
        var options: TableOptions = []
        if temporary { options.insert(.temporary) }
        if ifNotExists { options.insert(.ifNotExists) }
        if withoutRowID { options.insert(.withoutRowID) }
        try create(table: name, options: options, body: body)
    }

    /// Renames a table: `ALTER TABLE "name" RENAME TO "newName"`.
    public func rename(table name: String, to newName: String) throws {
        try execute(sql: "ALTER TABLE \(name.quotedDatabaseIdentifier) RENAME TO \(newName.quotedDatabaseIdentifier)")
    }

    /// Alters a table: adds, renames or drops columns.
    ///
    /// ```swift
    /// try db.alter(table: "player") { t in
    ///     t.add(column: "score", .integer).notNull().defaults(to: 0)
    /// }
    /// ```
    ///
    /// - throws: A `DatabaseError` when SQLite refuses a change, or when a change needs a feature the
    ///   SQLite of the connection lacks (then no change runs).
    public func alter(table name: String, body: (TableAlteration) -> Void) throws {
        let alteration = TableAlteration(name: name)
        body(alteration)
        try executeSchemaStatements(try alteration.statements(self))
    }

    /// Drops a table: `DROP TABLE "name"`.
    public func drop(table name: String) throws {
        try execute(sql: "DROP TABLE \(name.quotedDatabaseIdentifier)")
    }

    /// Creates an index on columns, with an optional condition (a partial index):
    ///
    /// ```swift
    /// try db.create(index: "player_on_email", on: "player", columns: ["email"], options: .unique)
    /// try db.create(index: "player_on_score", on: "player", columns: ["score"], condition: Column("score") > 0)
    /// ```
    public func create(
        index name: String,
        on table: String,
        columns: [String],
        options: IndexOptions = [],
        condition: (any SQLExpressible)? = nil
    ) throws {
        try create(
            index: name, on: table, expressions: columns.map { Column($0) }, options: options, condition: condition)
    }

    /// Creates an index on columns, with options given as booleans.
    @_disfavoredOverload
    public func create(
        index name: String,
        on table: String,
        columns: [String],
        unique: Bool = false,
        ifNotExists: Bool = false,
        condition: (any SQLExpressible)? = nil
    ) throws {
        var options: IndexOptions = []
        if unique { options.insert(.unique) }
        if ifNotExists { options.insert(.ifNotExists) }
        try create(index: name, on: table, columns: columns, options: options, condition: condition)
    }

    /// Creates an index on expressions: `expressions: [Column("name").collating(.nocase)]`.
    public func create(
        index name: String,
        on table: String,
        expressions: [any SQLExpressible],
        options: IndexOptions = [],
        condition: (any SQLExpressible)? = nil
    ) throws {
        let index = IndexDefinition(
            name: name, table: table, expressions: expressions.map { $0.sqlExpression }, options: options,
            condition: condition?.sqlExpression)
        try execute(sql: try index.sql(self))
    }

    /// Creates an index on columns, named `index_<table>_on_<column1>_<column2>`.
    public func create(
        indexOn table: String, columns: [String], options: IndexOptions = [],
        condition: (any SQLExpressible)? = nil
    ) throws {
        try create(
            index: Database.defaultIndexName(on: table, columns: columns), on: table, columns: columns,
            options: options, condition: condition)
    }

    /// Drops an index: `DROP INDEX "name"`.
    public func drop(index name: String) throws {
        try execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
    }

    /// Drops the index on exactly these columns, if there is one and only one (column names are
    /// compared case-insensitively).
    ///
    /// - throws: A `DatabaseError` when the table does not exist.
    public func drop(indexOn table: String, columns: [String]) throws {
        let lowercasedColumns = columns.map { $0.lowercased() }
        let matches = try indexes(on: table).filter { $0.columns.map { $0.lowercased() } == lowercasedColumns }
        if matches.count == 1 { try drop(index: matches[0].name) }
    }

    /// Rebuilds the indexes that use a collation: `REINDEX NOCASE`.
    public func reindex(collation: Database.CollationName) throws {
        try execute(sql: "REINDEX \(collation.sql)")
    }

    /// Rebuilds the indexes that use a custom collation, after its order has changed.
    public func reindex(collation: DatabaseCollation) throws {
        try execute(sql: "REINDEX \(collation.sql)")
    }

    /// Creates a view of an SQL literal, whose values are written as SQL literals:
    ///
    /// ```swift
    /// try db.create(view: "bestPlayer", asLiteral: "SELECT * FROM player WHERE score > \(1000)")
    /// ```
    public func create(
        view name: String, options: ViewOptions = [], columns: [String]? = nil, asLiteral sqlLiteral: SQL
    ) throws {
        var sql = "CREATE"
        if options.contains(.temporary) { sql += " TEMPORARY" }
        sql += " VIEW"
        if options.contains(.ifNotExists) { sql += " IF NOT EXISTS" }
        sql += " \(name.quotedDatabaseIdentifier)"
        if let columns { sql += " (\(columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")))" }
        sql += " AS \(try sqlLiteral.inlinedSQL(self))"
        try execute(sql: sql)
    }

    /// Creates a view of a request, whose values are written as SQL literals:
    ///
    /// ```swift
    /// // CREATE VIEW "bestPlayer" AS SELECT * FROM "player" WHERE "score" > 1000
    /// try db.create(view: "bestPlayer", as: Player.filter(Column("score") > 1000))
    /// ```
    public func create(
        view name: String, options: ViewOptions = [], columns: [String]? = nil, as request: any SQLSubqueryable
    ) throws {
        try create(
            view: name, options: options, columns: columns, asLiteral: SQL(elements: [.subquery(request.sqlSubquery)]))
    }

    /// Drops a view: `DROP VIEW "name"`.
    public func drop(view name: String) throws {
        try execute(sql: "DROP VIEW \(name.quotedDatabaseIdentifier)")
    }

    /// Runs the statements of a DSL call, in a savepoint when there are several.
    private func executeSchemaStatements(_ statements: [String]) throws {
        switch statements.count {
        case 0:
            return
        case 1:
            try execute(sql: statements[0])
        default:
            try inSavepoint {
                for statement in statements { try execute(sql: statement) }
                return .commit
            }
        }
    }
}
