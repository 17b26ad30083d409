import RSCore

/// The changes to a table, given to the closure of `db.alter(table:body:)`:
///
/// ```swift
/// try db.alter(table: "player") { t in
///     t.add(column: "score", .integer).notNull().defaults(to: 0)
///     t.rename(column: "name", to: "fullName")   // SQLite 3.25+
///     t.drop(column: "nickname")                 // SQLite 3.35+
/// }
/// ```
///
/// The changes run in order, in one savepoint: when one fails, none remains.
public final class TableAlteration {
    /// One change.
    enum Change {
        /// `ADD COLUMN`, with the DSL.
        case add(ColumnDefinition)
        /// `ADD COLUMN`, with SQL.
        case addLiteral(SQL)
        /// `RENAME COLUMN`.
        case rename(old: String, new: String)
        /// `DROP COLUMN`.
        case drop(String)
    }

    /// The name of the table.
    let name: String
    /// The changes, in order.
    var changes: [Change] = []

    init(name: String) {
        self.name = name
    }

    /// Adds a column, and returns it so that constraints chain:
    /// `t.add(column: "score", .integer).notNull().defaults(to: 0)`.
    ///
    /// SQLite restricts the columns it can add: no PRIMARY KEY or UNIQUE constraint, and a NOT NULL
    /// column needs a default value other than NULL.
    @discardableResult
    public func add(column name: String, _ type: Database.ColumnType? = nil) -> ColumnDefinition {
        let column = ColumnDefinition(name: name, type: type)
        changes.append(.add(column))
        return column
    }

    /// Adds a column defined by SQL text: `t.addColumn(sql: "score INTEGER")`.
    public func addColumn(sql: String) {
        changes.append(.addLiteral(SQL(sql: sql)))
    }

    /// Adds a column defined by an SQL literal, whose values are written as SQL literals.
    public func addColumn(literal: SQL) {
        changes.append(.addLiteral(literal))
    }

    /// Renames a column (SQLite 3.25+; an older SQLite throws an error that says so, and no change
    /// of the alteration runs).
    public func rename(column name: String, to newName: String) {
        changes.append(.rename(old: name, new: newName))
    }

    /// Drops a column (SQLite 3.35+; an older SQLite throws an error that says so, and no change
    /// of the alteration runs).
    public func drop(column name: String) {
        changes.append(.drop(name))
    }
}

// A mutable class that is only used inside the closure of `alter(table:)`.
@available(*, unavailable)
extension TableAlteration: Sendable {}
