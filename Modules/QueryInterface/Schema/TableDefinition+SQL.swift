import RSCore

extension TableDefinition {
    /// The statements that create the table: `CREATE TABLE`, then the `CREATE INDEX` of each
    /// `indexed()` column.
    ///
    /// - throws: A `DatabaseError` when a referenced table does not exist, or when the table uses a
    ///   feature the SQLite of the connection lacks (`STRICT`, generated columns).
    func statements(_ db: Database) throws -> [String] {
        var chunks = ["CREATE"]
        if options.contains(.temporary) { chunks.append("TEMPORARY") }
        chunks.append("TABLE")
        if options.contains(.ifNotExists) { chunks.append("IF NOT EXISTS") }
        chunks.append(name.quotedDatabaseIdentifier)

        let primaryKey = forwardPrimaryKey
        var items: [String] = []
        for column in columns {
            switch column {
            case .definition(let definition):
                items.append(try definition.sql(db, tableName: name, tablePrimaryKey: { primaryKey }))
            case .literal(let literal):
                items.append(try literal.inlinedSQL(db))
            }
        }
        if let primaryKeyConstraint {
            items.append(keySQL("PRIMARY KEY", primaryKeyConstraint))
        }
        for constraint in uniqueKeyConstraints {
            items.append(keySQL("UNIQUE", constraint))
        }
        for constraint in foreignKeyConstraints {
            let reference = try constraint.reference.sql(db, originTable: name, originPrimaryKey: { primaryKey })
            let columnList = constraint.columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
            items.append("FOREIGN KEY (\(columnList)) \(reference)")
        }
        for condition in checkConstraints {
            items.append("CHECK (\(try condition.inlinedSQL(db)))")
        }
        for literal in literalConstraints {
            items.append(try literal.inlinedSQL(db))
        }
        chunks.append("(\(items.joined(separator: ", ")))")

        var tableOptions: [String] = []
        if options.contains(.strict) { tableOptions.append("STRICT") }
        if options.contains(.withoutRowID) { tableOptions.append("WITHOUT ROWID") }
        if !tableOptions.isEmpty { chunks.append(tableOptions.joined(separator: ", ")) }
        let createTable = chunks.joined(separator: " ")
        if options.contains(.strict) {
            try SchemaFeature.strictTables.check(db.driver.capabilities, sql: createTable)
        }

        let indexOptions: IndexOptions = options.contains(.ifNotExists) ? [.ifNotExists] : []
        let createIndexes = try columns.compactMap { column -> String? in
            guard case .definition(let definition) = column else { return nil }
            return try definition.index(in: name, options: indexOptions)?.sql(db)
        }
        return [createTable] + createIndexes
    }

    /// The primary key columns, as far as the definition tells them (nil for the hidden rowid).
    private var forwardPrimaryKey: [String]? {
        if let primaryKeyConstraint { return primaryKeyConstraint.columns }
        for case .definition(let definition) in columns where definition.primaryKeyConstraint != nil {
            return [definition.name]
        }
        return nil
    }

    /// `PRIMARY KEY ("a", "b") ON CONFLICT REPLACE`, `UNIQUE ("a", "b")`.
    private func keySQL(_ keyword: String, _ constraint: KeyConstraint) -> String {
        var sql = "\(keyword) (\(constraint.columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")))"
        if let conflictResolution = constraint.conflictResolution {
            sql += " ON CONFLICT \(conflictResolution.rawValue)"
        }
        return sql
    }
}
