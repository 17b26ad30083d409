import RSCore

/// A row that breaks a foreign key, as `PRAGMA foreign_key_check` reports it: see
/// `Database.foreignKeyViolations()` and `Database.checkForeignKeys()`.
public struct ForeignKeyViolation: Sendable {
    /// The table of the row that refers to a missing row.
    public var originTable: String

    /// The rowid of that row, nil for a table without rowid.
    public var originRowID: Int64?

    /// The table of the missing row.
    public var destinationTable: String

    /// The id of the broken foreign key among the foreign keys of `originTable` (`ForeignKeyInfo.id`).
    public var foreignKeyId: Int

    /// A description of the violation that names the columns of the foreign key and shows the
    /// row, when the database still has them.
    public func failureDescription(_ db: Database) throws -> String {
        let foreignKey = try db.foreignKeys(on: originTable).first { $0.id == foreignKeyId }
        var description = "FOREIGN KEY constraint violation: \(originTable)"
        if let foreignKey { description += "(\(foreignKey.originColumns.joined(separator: ", ")))" }
        description += " refers to a missing row of \(destinationTable)"
        if let foreignKey { description += "(\(foreignKey.destinationColumns.joined(separator: ", ")))" }
        if let originRowID {
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM \(originTable.quotedDatabaseIdentifier) WHERE rowid = ?",
                arguments: [originRowID])
            description += row.map { ", in \($0)" } ?? ", in rowid \(originRowID)"
        }
        return description
    }

    /// The error of the violation: `SQLITE_CONSTRAINT_FOREIGNKEY`, with `failureDescription(_:)`
    /// as its message (or `description` when the database cannot tell more).
    public func databaseError(_ db: Database) -> DatabaseError {
        DatabaseError(
            resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY, message: (try? failureDescription(db)) ?? description,
            sql: "PRAGMA foreign_key_check")
    }
}

extension ForeignKeyViolation: FetchableRecord {
    /// A violation from a row of `PRAGMA foreign_key_check`: table, rowid, parent, fkid.
    public init(row: Row) {
        originTable = row[0]
        originRowID = row[1]
        destinationTable = row[2]
        foreignKeyId = row[3]
    }
}

extension ForeignKeyViolation: CustomStringConvertible {
    /// The tables of the violation, and the rowid of the row.
    public var description: String {
        "FOREIGN KEY constraint violation: \(originTable) refers to a missing row of \(destinationTable)"
            + (originRowID.map { ", in rowid \($0)" } ?? "")
    }
}
