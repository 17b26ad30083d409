import RSCore

extension Database {
    /// Creates a virtual table of a module without arguments:
    /// `try db.create(virtualTable: "vocabulary", using: "spellfix1")`.
    ///
    /// - throws: A `DatabaseError` when SQLite refuses the table (an unknown module, say), or when
    ///   the SQLite of the connection lacks the module (SQLCipher 3.4 has no FTS5).
    public func create(virtualTable name: String, options: VirtualTableOptions = [], using module: String) throws {
        try execute(sql: Self.createVirtualTableSQL(name, options: options, module: module))
    }

    /// Creates a virtual table, whose columns and options the body defines:
    ///
    /// ```swift
    /// // CREATE VIRTUAL TABLE "book" USING fts4(title, tokenize=porter)
    /// try db.create(virtualTable: "book", using: FTS4()) { t in
    ///     t.tokenizer = .porter
    ///     t.column("title")
    /// }
    /// ```
    ///
    /// The table and what the module creates with it (the triggers of a synchronized full-text table)
    /// are created in one savepoint: when one fails, none remains.
    ///
    /// - throws: A `DatabaseError` when SQLite refuses the table, or when the SQLite of the connection
    ///   lacks the module (SQLCipher 3.4 has FTS3 and FTS4, but not FTS5).
    public func create<Module: VirtualTableModule>(
        virtualTable tableName: String,
        options: VirtualTableOptions = [],
        using module: Module,
        _ body: ((Module.TableDefinition) throws -> Void)? = nil
    ) throws {
        let definition = module.makeTableDefinition(configuration: VirtualTableConfiguration(options: options))
        try body?(definition)
        let arguments = try module.moduleArguments(for: definition, in: self)
        let moduleSQL =
            arguments.isEmpty ? module.moduleName : "\(module.moduleName)(\(arguments.joined(separator: ", ")))"
        let sql = Self.createVirtualTableSQL(tableName, options: options, module: moduleSQL)
        try inSavepoint {
            try execute(sql: sql)
            try module.database(self, didCreate: tableName, using: definition)
            return .commit
        }
    }

    /// Creates a virtual table of a module without arguments, with `IF NOT EXISTS` as a boolean.
    @_disfavoredOverload
    public func create(virtualTable name: String, ifNotExists: Bool = false, using module: String) throws {
        try create(virtualTable: name, options: ifNotExists ? .ifNotExists : [], using: module)
    }

    /// Creates a virtual table whose columns and options the body defines, with `IF NOT EXISTS` as
    /// a boolean.
    @_disfavoredOverload
    public func create<Module: VirtualTableModule>(
        virtualTable tableName: String,
        ifNotExists: Bool = false,
        using module: Module,
        _ body: ((Module.TableDefinition) throws -> Void)? = nil
    ) throws {
        try create(virtualTable: tableName, options: ifNotExists ? .ifNotExists : [], using: module, body)
    }

    /// `CREATE VIRTUAL TABLE [IF NOT EXISTS] [temp.]"name" USING module`.
    private static func createVirtualTableSQL(_ name: String, options: VirtualTableOptions, module: String) -> String {
        var sql = "CREATE VIRTUAL TABLE "
        if options.contains(.ifNotExists) { sql += "IF NOT EXISTS " }
        if options.contains(.temporary) { sql += "temp." }
        return sql + name.quotedDatabaseIdentifier + " USING " + module
    }
}
