import RSCore

/// How the rows of an association's destination match the rows of its origin through a foreign
/// key, given or found in the schema (`belongsTo`, `hasOne`, `hasMany`).
struct ForeignKeyJoinCondition: Sendable {
    /// The foreign key given to the association, or nil to find it in the schema.
    var foreignKey: ForeignKey?
    /// Whether the foreign key is in the origin table (`belongsTo`), rather than in the destination
    /// table (`hasOne`, `hasMany`).
    var isForeignKeyInOrigin: Bool
    /// The table of the origin of the association.
    var originTable: String
    /// The table of the destination of the association.
    var destinationTable: String

    /// The pairs of columns whose values match: each origin column, with its destination column.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_ERROR`) when no foreign key of the schema links the
    ///   tables, or several do, or when the given key's columns do not match.
    func columnPairs(_ db: Database) throws -> [(origin: String, destination: String)] {
        let (keyTable, referencedTable) =
            isForeignKeyInOrigin ? (originTable, destinationTable) : (destinationTable, originTable)
        let pairs = try keyColumnPairs(db, keyTable: keyTable, referencedTable: referencedTable)
        if isForeignKeyInOrigin { return pairs.map { (origin: $0.key, destination: $0.referenced) } }
        return pairs.map { (origin: $0.referenced, destination: $0.key) }
    }

    /// The pairs of columns of the foreign key: each column of the table that holds the key, with the
    /// column it refers to.
    private func keyColumnPairs(_ db: Database, keyTable: String, referencedTable: String) throws
        -> [(key: String, referenced: String)]
    {
        if let foreignKey, let destinationColumns = foreignKey.destinationColumns {
            guard destinationColumns.count == foreignKey.originColumns.count, !destinationColumns.isEmpty else {
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "foreign key from \(keyTable) to \(referencedTable) has "
                        + "\(foreignKey.originColumns.count) column(s) that refer to \(destinationColumns.count)")
            }
            return Array(zip(foreignKey.originColumns, destinationColumns))
        }
        let schemaKeys = try db.schemaCachedValue(forKey: "foreignKeys:" + keyTable) {
            try db.foreignKeys(on: keyTable)
        }.filter { $0.destinationTable.lowercased() == referencedTable.lowercased() }
        if let foreignKey {
            // Given origin columns: the schema tells the referenced columns, or else the primary key.
            let origin = foreignKey.originColumns.map { $0.lowercased() }
            if let schemaKey = schemaKeys.first(where: { $0.originColumns.map { $0.lowercased() } == origin }) {
                return schemaKey.mapping.map { ($0.origin, $0.destination) }
            }
            let primaryKey = try db.primaryKey(referencedTable).columns
            guard primaryKey.count == foreignKey.originColumns.count else {
                throw DatabaseError(
                    resultCode: .SQLITE_ERROR,
                    message: "foreign key from \(keyTable) to \(referencedTable) has "
                        + "\(foreignKey.originColumns.count) column(s), and the primary key of "
                        + "\(referencedTable) \(primaryKey.count)")
            }
            return Array(zip(foreignKey.originColumns, primaryKey))
        }
        switch schemaKeys.count {
        case 1:
            return schemaKeys[0].mapping.map { ($0.origin, $0.destination) }
        case 0:
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "could not infer foreign key from \(keyTable) to \(referencedTable): the schema has none; "
                    + "give one with ForeignKey")
        default:
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "ambiguous foreign key from \(keyTable) to \(referencedTable): the schema has "
                    + "\(schemaKeys.count); give one with ForeignKey")
        }
    }
}
