import RSCore

/// The primary key of a table, as far as a foreign key that refers to it needs to know it.
enum ReferencedPrimaryKey {
    /// The hidden rowid.
    case hiddenRowID
    /// Columns, with their declared types.
    case columns([(name: String, type: Database.ColumnType?)])
}

/// What a `belongsTo` foreign key becomes in `CREATE TABLE`: columns, and for a key of several
/// columns, a table constraint and an index.
struct ResolvedForeignKey {
    /// The columns of the key, with the REFERENCES clause of a key of one column.
    var columns: [ColumnDefinition]
    /// The FOREIGN KEY constraint of a key of several columns.
    var constraint: TableDefinition.ForeignKeyConstraint?
    /// The index of a key of several columns.
    var index: (columns: [String], isUnique: Bool)?
}

extension ForeignKeyDefinition {
    /// The columns and constraints of the key.
    ///
    /// - parameters:
    ///   - originTable: The table that holds the key.
    ///   - originPrimaryKey: The primary key of the origin table, for a key that refers to its own
    ///     table; nil while it is not known (for a key that is part of the primary key).
    /// - throws: A `DatabaseError` (`SQLITE_ERROR`) when the referenced table does not exist.
    func resolve(_ db: Database, originTable: String, originPrimaryKey: ReferencedPrimaryKey?) throws
        -> ResolvedForeignKey
    {
        let (destinationTable, primaryKey) = try destination(db, originTable: originTable, originPrimaryKey)
        guard case .columns(let primaryKeyColumns) = primaryKey else {
            let column = ColumnDefinition(name: name + "Id", type: .integer)
            column.references(
                destinationTable, onDelete: deleteAction, onUpdate: updateAction, deferred: isDeferred)
            return ResolvedForeignKey(columns: [configured(column)], constraint: nil, index: nil)
        }
        let names = primaryKeyColumns.map { name + $0.name.uppercasingFirstCharacter }
        if primaryKeyColumns.count == 1 {
            let column = ColumnDefinition(name: names[0], type: primaryKeyColumns[0].type)
            column.references(
                destinationTable, column: primaryKeyColumns[0].name, onDelete: deleteAction, onUpdate: updateAction,
                deferred: isDeferred)
            return ResolvedForeignKey(columns: [configured(column)], constraint: nil, index: nil)
        }
        let columns = zip(names, primaryKeyColumns).map { name, primaryKeyColumn in
            let column = ColumnDefinition(name: name, type: primaryKeyColumn.type)
            if let notNullConflictResolution { column.notNull(onConflict: notNullConflictResolution) }
            return column
        }
        let reference = ForeignKeyReference(
            destinationTable: destinationTable, destinationColumns: primaryKeyColumns.map(\.name),
            deleteAction: deleteAction, updateAction: updateAction, isDeferred: isDeferred)
        return ResolvedForeignKey(
            columns: columns, constraint: TableDefinition.ForeignKeyConstraint(columns: names, reference: reference),
            index: indexing.map { (names, $0 == .unique) })
    }

    /// The column of a key of one column, with the NOT NULL constraint and the index of the key.
    private func configured(_ column: ColumnDefinition) -> ColumnDefinition {
        if let notNullConflictResolution { column.notNull(onConflict: notNullConflictResolution) }
        switch indexing {
        case nil: break
        case .index: column.indexed()
        case .unique: column.unique()
        }
        return column
    }

    /// The referenced table and its primary key: the table of `inTable:`, or else the table named
    /// after the key, singular or plural; the origin table itself when the key refers to it.
    private func destination(_ db: Database, originTable: String, _ originPrimaryKey: ReferencedPrimaryKey?)
        throws -> (table: String, primaryKey: ReferencedPrimaryKey)
    {
        let refersToOrigin =
            if let table {
                table.lowercased() == originTable.lowercased()
            } else {
                originTable.singularized.lowercased() == name.singularized.lowercased()
            }
        if refersToOrigin, let originPrimaryKey { return (originTable, originPrimaryKey) }
        for candidate in table.map({ [$0] }) ?? [name, name.pluralized] where try db.tableExists(candidate) {
            return (candidate, try db.referencedPrimaryKey(candidate))
        }
        throw DatabaseError(resultCode: .SQLITE_ERROR, message: "no such table: \(table ?? name)")
    }
}

extension Database {
    /// The primary key of an existing table, with the declared types of its columns.
    fileprivate func referencedPrimaryKey(_ table: String) throws -> ReferencedPrimaryKey {
        let primaryKey = try primaryKey(table)
        let columns = try columns(in: table)
        var result: [(name: String, type: Database.ColumnType?)] = []
        for name in primaryKey.columns {
            guard let column = columns.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                return .hiddenRowID
            }
            result.append((column.name, column.type.isEmpty ? nil : Database.ColumnType(rawValue: column.type)))
        }
        return .columns(result)
    }
}
