import RSCore

/// The destination of a foreign key, as `references(…)` and `foreignKey(…)` define it: the
/// `REFERENCES` clause of a column or of a table constraint.
struct ForeignKeyReference {
    /// The referenced table.
    var destinationTable: String
    /// The referenced columns, or nil for the primary key of the referenced table.
    var destinationColumns: [String]?
    /// The action on deletion of the parent row.
    var deleteAction: Database.ForeignKeyAction?
    /// The action on update of the parent key.
    var updateAction: Database.ForeignKeyAction?
    /// Whether the constraint is checked at the end of the transaction.
    var isDeferred: Bool

    /// `REFERENCES "team"("id") ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED`.
    ///
    /// - parameters:
    ///   - originTable: The table that holds the foreign key.
    ///   - originPrimaryKey: The primary key of the origin table, used when the key refers to its
    ///     own table without naming columns (nil for the hidden rowid).
    /// - throws: A `DatabaseError` when the referenced table does not exist and no column is named.
    func sql(_ db: Database, originTable: String, originPrimaryKey: () throws -> [String]?) throws -> String {
        let columns: [String]
        if let destinationColumns {
            columns = destinationColumns
        } else if destinationTable.lowercased() == originTable.lowercased() {
            columns = try originPrimaryKey() ?? [Column.rowID.name]
        } else {
            columns = try db.primaryKey(destinationTable).columns
        }
        let columnList = columns.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        var chunks = ["REFERENCES", "\(destinationTable.quotedDatabaseIdentifier)(\(columnList))"]
        if let deleteAction { chunks += ["ON DELETE", deleteAction.rawValue] }
        if let updateAction { chunks += ["ON UPDATE", updateAction.rawValue] }
        if isDeferred { chunks.append("DEFERRABLE INITIALLY DEFERRED") }
        return chunks.joined(separator: " ")
    }
}
