import RSCore

extension ColumnDefinition {
    /// The definition of the column in `CREATE TABLE` or `ALTER TABLE … ADD COLUMN`:
    /// `"score" INTEGER NOT NULL CHECK ("score" >= 0) DEFAULT 0`.
    ///
    /// - parameters:
    ///   - tableName: The table of the column.
    ///   - tablePrimaryKey: The primary key of the table, for a foreign key that refers to its own
    ///     table without naming columns (nil for the hidden rowid).
    /// - throws: A `DatabaseError` when a referenced table does not exist, or when the column is
    ///   generated and SQLite is older than 3.31.
    func sql(_ db: Database, tableName: String, tablePrimaryKey: () throws -> [String]?) throws -> String {
        var chunks = [name.quotedDatabaseIdentifier]
        if let type, !type.rawValue.isEmpty { chunks.append(type.rawValue) }
        if let primaryKeyConstraint {
            chunks.append("PRIMARY KEY")
            if let conflictResolution = primaryKeyConstraint.conflictResolution {
                chunks += ["ON CONFLICT", conflictResolution.rawValue]
            }
            if primaryKeyConstraint.autoincrement { chunks.append("AUTOINCREMENT") }
        }
        switch notNullConflictResolution {
        case nil: break
        case .abort?: chunks.append("NOT NULL")
        case let conflictResolution?: chunks += ["NOT NULL ON CONFLICT", conflictResolution.rawValue]
        }
        switch indexing {
        case nil, .index?: break
        case .unique(.abort)?: chunks.append("UNIQUE")
        case .unique(let conflictResolution)?: chunks += ["UNIQUE ON CONFLICT", conflictResolution.rawValue]
        }
        for condition in checkConstraints {
            chunks.append("CHECK (\(try condition.inlinedSQL(db)))")
        }
        switch defaultValue {
        case nil: break
        case .value(let value)?: chunks.append("DEFAULT \(value.sqlLiteral)")
        case .sql(let sql)?: chunks.append("DEFAULT \(sql)")
        }
        if let collationSQL { chunks += ["COLLATE", collationSQL] }
        for foreignKey in foreignKeys {
            chunks.append(try foreignKey.sql(db, originTable: tableName, originPrimaryKey: tablePrimaryKey))
        }
        if let generation {
            try SchemaFeature.generatedColumns.check(db.driver.capabilities)
            chunks.append("GENERATED ALWAYS AS (\(try generation.expression.inlinedSQL(db)))")
            switch generation.qualification {
            case .virtual: chunks.append("VIRTUAL")
            case .stored: chunks.append("STORED")
            }
        }
        return chunks.joined(separator: " ")
    }

    /// The index that `indexed()` asks for, named `<table>_on_<column>`, if any.
    func index(in tableName: String, options: IndexOptions) -> IndexDefinition? {
        guard case .index? = indexing else { return nil }
        return IndexDefinition(
            name: "\(tableName)_on_\(name)", table: tableName, expressions: [Column(name).sqlExpression],
            options: options, condition: nil)
    }
}
