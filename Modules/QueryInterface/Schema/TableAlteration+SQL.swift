import RSCore

extension TableAlteration {
    /// The statements of the alteration: one `ALTER TABLE` per change, and the `CREATE INDEX` of each
    /// added `indexed()` column.
    ///
    /// - throws: A `DatabaseError` when a change needs a feature the SQLite of the connection lacks
    ///   (before any statement runs), or when a referenced table does not exist.
    func statements(_ db: Database) throws -> [String] {
        let table = name.quotedDatabaseIdentifier
        var statements: [String] = []
        for change in changes {
            switch change {
            case .add(let column):
                let definition = try column.sql(db, tableName: name) { try db.primaryKey(name).columns }
                statements.append("ALTER TABLE \(table) ADD COLUMN \(definition)")
                if let index = column.index(in: name, options: []) {
                    statements.append(try index.sql(db))
                }
            case .addLiteral(let literal):
                statements.append("ALTER TABLE \(table) ADD COLUMN \(try literal.inlinedSQL(db))")
            case .rename(let old, let new):
                let (old, new) = (old.quotedDatabaseIdentifier, new.quotedDatabaseIdentifier)
                let sql = "ALTER TABLE \(table) RENAME COLUMN \(old) TO \(new)"
                try SchemaFeature.renameColumn.check(db.driver.capabilities, sql: sql)
                statements.append(sql)
            case .drop(let column):
                let sql = "ALTER TABLE \(table) DROP COLUMN \(column.quotedDatabaseIdentifier)"
                try SchemaFeature.dropColumn.check(db.driver.capabilities, sql: sql)
                statements.append(sql)
            }
        }
        return statements
    }
}
