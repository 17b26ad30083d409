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

        let foreignKeys = try resolvedForeignKeys(db)
        let primaryKey = forwardPrimaryKey(foreignKeys)
        let primaryKeyNames: [String]? =
            switch primaryKey {
            case .columns(let columns): columns.map(\.name)
            case .hiddenRowID: nil
            }
        var items: [String] = []
        var belongsToConstraints: [ForeignKeyConstraint] = []
        for column in columns {
            switch column {
            case .definition(let definition):
                items.append(try definition.sql(db, tableName: name, tablePrimaryKey: { primaryKeyNames }))
            case .literal(let literal):
                items.append(try literal.inlinedSQL(db))
            case .foreignKey(let foreignKey):
                let resolved = foreignKeys[ObjectIdentifier(foreignKey)]!
                for definition in resolved.columns {
                    items.append(try definition.sql(db, tableName: name, tablePrimaryKey: { primaryKeyNames }))
                }
                if let constraint = resolved.constraint { belongsToConstraints.append(constraint) }
            }
        }
        if let primaryKeyConstraint {
            items.append(keySQL("PRIMARY KEY", primaryKeyConstraint, foreignKeys))
        }
        for constraint in uniqueKeyConstraints {
            items.append(keySQL("UNIQUE", constraint, foreignKeys))
        }
        for constraint in belongsToConstraints + foreignKeyConstraints {
            let reference = try constraint.reference.sql(db, originTable: name, originPrimaryKey: { primaryKeyNames })
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
        var indexes: [IndexDefinition] = []
        for case .foreignKey(let foreignKey) in columns {
            guard let index = foreignKeys[ObjectIdentifier(foreignKey)]!.index else { continue }
            indexes.append(
                IndexDefinition(
                    name: Database.defaultIndexName(on: name, columns: index.columns), table: name,
                    expressions: index.columns.map { Column($0).sqlExpression },
                    options: index.isUnique ? indexOptions.union(.unique) : indexOptions, condition: nil))
        }
        for column in columns {
            switch column {
            case .definition(let definition):
                if let index = definition.index(in: name, options: indexOptions) { indexes.append(index) }
            case .foreignKey(let foreignKey):
                for definition in foreignKeys[ObjectIdentifier(foreignKey)]!.columns {
                    if let index = definition.index(in: name, options: indexOptions) { indexes.append(index) }
                }
            case .literal:
                break
            }
        }
        return [createTable] + (try indexes.map { try $0.sql(db) })
    }

    /// The columns of the `belongsTo` foreign keys: those of the primary key first, which the others
    /// may refer to.
    private func resolvedForeignKeys(_ db: Database) throws -> [ObjectIdentifier: ResolvedForeignKey] {
        var resolved: [ObjectIdentifier: ResolvedForeignKey] = [:]
        for case .foreignKey(let foreignKey) in primaryKeyConstraint?.columns ?? [] {
            resolved[ObjectIdentifier(foreignKey)] = try foreignKey.resolve(
                db, originTable: name, originPrimaryKey: nil)
        }
        let primaryKey = forwardPrimaryKey(resolved)
        for case .foreignKey(let foreignKey) in columns where resolved[ObjectIdentifier(foreignKey)] == nil {
            resolved[ObjectIdentifier(foreignKey)] = try foreignKey.resolve(
                db, originTable: name, originPrimaryKey: primaryKey)
        }
        return resolved
    }

    /// The primary key, as far as the definition tells it, with the types of its columns.
    private func forwardPrimaryKey(_ foreignKeys: [ObjectIdentifier: ResolvedForeignKey]) -> ReferencedPrimaryKey {
        let definitions = columns.flatMap { column -> [ColumnDefinition] in
            switch column {
            case .definition(let definition): return [definition]
            case .foreignKey(let foreignKey): return foreignKeys[ObjectIdentifier(foreignKey)]?.columns ?? []
            case .literal: return []
            }
        }
        if let primaryKeyConstraint {
            return .columns(
                keyColumnNames(primaryKeyConstraint, foreignKeys).map { name in
                    (name, definitions.first { $0.name.lowercased() == name.lowercased() }?.type)
                })
        }
        if let definition = definitions.first(where: { $0.primaryKeyConstraint != nil }) {
            return .columns([(definition.name, definition.type)])
        }
        return .hiddenRowID
    }

    /// The names of the columns of a key, with those of its `belongsTo` foreign keys.
    private func keyColumnNames(_ constraint: KeyConstraint, _ foreignKeys: [ObjectIdentifier: ResolvedForeignKey])
        -> [String]
    {
        constraint.columns.flatMap { column -> [String] in
            switch column {
            case .name(let name): return [name]
            case .foreignKey(let foreignKey):
                return foreignKeys[ObjectIdentifier(foreignKey)]?.columns.map(\.name) ?? []
            }
        }
    }

    /// `PRIMARY KEY ("a", "b") ON CONFLICT REPLACE`, `UNIQUE ("a", "b")`.
    private func keySQL(
        _ keyword: String, _ constraint: KeyConstraint, _ foreignKeys: [ObjectIdentifier: ResolvedForeignKey]
    ) -> String {
        let names = keyColumnNames(constraint, foreignKeys)
        var sql = "\(keyword) (\(names.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")))"
        if let conflictResolution = constraint.conflictResolution {
            sql += " ON CONFLICT \(conflictResolution.rawValue)"
        }
        return sql
    }
}
