import RSCore

/// The definition of a table, given to the closure of `db.create(table:options:body:)`:
///
/// ```swift
/// try db.create(table: "player") { t in
///     t.autoIncrementedPrimaryKey("id")
///     t.column("name", .text).notNull()
///     t.column("teamId", .integer).references("team", onDelete: .cascade)
///     t.uniqueKey(["name", "teamId"])
///     t.check(Column("name") != "")
/// }
/// ```
public final class TableDefinition {
    /// A column of the table: defined with the DSL, or as SQL text.
    enum ColumnItem {
        /// A column of `column(_:_:)`.
        case definition(ColumnDefinition)
        /// A column of `column(sql:)` or `column(literal:)`.
        case literal(SQL)
        /// The columns of `belongsTo(…)`, which SQL generation names after the referenced key.
        case foreignKey(ForeignKeyDefinition)
    }

    /// A column of a PRIMARY KEY or UNIQUE constraint.
    enum KeyColumn {
        /// A column, by name.
        case name(String)
        /// The columns of a `belongsTo(…)` inside `primaryKey(onConflict:body:)`.
        case foreignKey(ForeignKeyDefinition)
    }

    /// A PRIMARY KEY or UNIQUE constraint on columns.
    struct KeyConstraint {
        var columns: [KeyColumn]
        var conflictResolution: Database.ConflictResolution?
    }

    /// A FOREIGN KEY constraint on columns.
    struct ForeignKeyConstraint {
        var columns: [String]
        var reference: ForeignKeyReference
    }

    /// The name of the table.
    let name: String
    /// The options of the table.
    let options: TableOptions
    /// The columns, in order.
    var columns: [ColumnItem] = []
    /// Whether `column(_:_:)` adds to the primary key (inside `primaryKey(onConflict:body:)`).
    var isDefiningPrimaryKey = false
    /// The PRIMARY KEY constraint of the table, if any.
    var primaryKeyConstraint: KeyConstraint?
    /// The UNIQUE constraints of the table.
    var uniqueKeyConstraints: [KeyConstraint] = []
    /// The FOREIGN KEY constraints of the table.
    var foreignKeyConstraints: [ForeignKeyConstraint] = []
    /// The CHECK constraints of the table.
    var checkConstraints: [SQLExpression] = []
    /// The constraints given as SQL text.
    var literalConstraints: [SQL] = []

    init(name: String, options: TableOptions) {
        self.name = name
        self.options = options
    }

    /// Adds an auto-incremented integer primary key: `"id" INTEGER PRIMARY KEY AUTOINCREMENT`.
    ///
    /// AUTOINCREMENT never reuses the ids of deleted rows.
    @discardableResult
    public func autoIncrementedPrimaryKey(
        _ name: String, onConflict conflictResolution: Database.ConflictResolution? = nil
    ) -> ColumnDefinition {
        column(name, .integer).primaryKey(onConflict: conflictResolution, autoincrement: true)
    }

    /// Adds a primary key column: `t.primaryKey("uuid", .text)`.
    ///
    /// A primary key that is not `INTEGER` is also `NOT NULL`: SQLite would otherwise accept NULL
    /// in it (<https://www.sqlite.org/quirks.html#primary_keys_can_sometimes_contain_nulls>).
    @discardableResult
    public func primaryKey(
        _ name: String, _ type: Database.ColumnType, onConflict conflictResolution: Database.ConflictResolution? = nil
    ) -> ColumnDefinition {
        let column = column(name, type).primaryKey(onConflict: conflictResolution)
        return type == .integer ? column : column.notNull()
    }

    /// Defines a primary key of the columns that `body` adds, which are `NOT NULL`:
    ///
    /// ```swift
    /// t.primaryKey {
    ///     t.column("a", .text)
    ///     t.column("b", .integer)
    /// }
    /// ```
    public func primaryKey(
        onConflict conflictResolution: Database.ConflictResolution? = nil, body: () throws -> Void
    ) rethrows {
        precondition(primaryKeyConstraint == nil, "a table has only one primary key")
        primaryKeyConstraint = KeyConstraint(columns: [], conflictResolution: conflictResolution)
        let wasDefiningPrimaryKey = isDefiningPrimaryKey
        isDefiningPrimaryKey = true
        defer { isDefiningPrimaryKey = wasDefiningPrimaryKey }
        try body()
    }

    /// Defines a primary key of existing columns: `t.primaryKey(["a", "b"])` is
    /// `PRIMARY KEY ("a", "b")`.
    public func primaryKey(_ columns: [String], onConflict conflictResolution: Database.ConflictResolution? = nil) {
        precondition(primaryKeyConstraint == nil, "a table has only one primary key")
        primaryKeyConstraint = KeyConstraint(
            columns: columns.map(KeyColumn.name), conflictResolution: conflictResolution)
    }

    /// Adds a column, with an optional type, and returns it so that constraints chain:
    /// `t.column("name", .text).notNull()`.
    @discardableResult
    public func column(_ name: String, _ type: Database.ColumnType? = nil) -> ColumnDefinition {
        let column = ColumnDefinition(name: name, type: type)
        columns.append(.definition(column))
        if isDefiningPrimaryKey {
            column.notNull()
            primaryKeyConstraint?.columns.append(.name(name))
        }
        return column
    }

    /// Adds a column defined by SQL text: `t.column(sql: "name TEXT NOT NULL")`.
    public func column(sql: String) {
        column(literal: SQL(sql: sql))
    }

    /// Adds a column defined by an SQL literal, whose values are written as SQL literals.
    public func column(literal: SQL) {
        precondition(!isDefiningPrimaryKey, "a primary key column cannot be defined with SQL")
        columns.append(.literal(literal))
    }

    /// Adds a UNIQUE constraint on columns: `t.uniqueKey(["a", "b"])` is `UNIQUE ("a", "b")`.
    public func uniqueKey(_ columns: [String], onConflict conflictResolution: Database.ConflictResolution? = nil) {
        uniqueKeyConstraints.append(
            KeyConstraint(columns: columns.map(KeyColumn.name), conflictResolution: conflictResolution))
    }

    /// Adds the columns of a foreign key to the primary key of another table, named after `name`
    /// and the columns of that primary key, with their types, and indexed unless `indexed` is false:
    ///
    /// ```swift
    /// // "authorId" INTEGER REFERENCES "author"("id"), then
    /// // CREATE INDEX "book_on_authorId" ON "book"("authorId")
    /// t.belongsTo("author")
    /// // "countryCode" TEXT NOT NULL REFERENCES "countries"("code")
    /// t.belongsTo("country").notNull()
    /// ```
    ///
    /// The referenced table is `table`, or else the table named `name`, or its plural. A key to a
    /// primary key of several columns is several columns, a FOREIGN KEY constraint and an index.
    /// Inside `primaryKey(onConflict:body:)`, the columns are part of the primary key, `NOT NULL`,
    /// and not indexed.
    ///
    /// The columns are defined when the table is created: `create(table:)` throws a `DatabaseError`
    /// when the referenced table does not exist.
    @discardableResult
    public func belongsTo(
        _ name: String,
        inTable table: String? = nil,
        onDelete deleteAction: Database.ForeignKeyAction? = nil,
        onUpdate updateAction: Database.ForeignKeyAction? = nil,
        deferred isDeferred: Bool = false,
        indexed: Bool = true
    ) -> ForeignKeyDefinition {
        let foreignKey = ForeignKeyDefinition(
            name: name, table: table, deleteAction: deleteAction, updateAction: updateAction, isDeferred: isDeferred,
            isIndexed: indexed && !isDefiningPrimaryKey)
        columns.append(.foreignKey(foreignKey))
        if isDefiningPrimaryKey {
            foreignKey.notNull()
            primaryKeyConstraint?.columns.append(.foreignKey(foreignKey))
        }
        return foreignKey
    }

    /// Adds a FOREIGN KEY constraint on columns:
    /// `t.foreignKey(["teamId"], references: "team")` is
    /// `FOREIGN KEY ("teamId") REFERENCES "team"("id")`. Without `columns`, the key refers to the
    /// primary key of the referenced table (this table, if it references itself).
    public func foreignKey(
        _ columns: [String],
        references table: String,
        columns destinationColumns: [String]? = nil,
        onDelete deleteAction: Database.ForeignKeyAction? = nil,
        onUpdate updateAction: Database.ForeignKeyAction? = nil,
        deferred isDeferred: Bool = false
    ) {
        let reference = ForeignKeyReference(
            destinationTable: table, destinationColumns: destinationColumns, deleteAction: deleteAction,
            updateAction: updateAction, isDeferred: isDeferred)
        foreignKeyConstraints.append(ForeignKeyConstraint(columns: columns, reference: reference))
    }

    /// Adds a CHECK constraint: `t.check(Column("a") < Column("b"))`. Its values are written as SQL
    /// literals.
    public func check(_ condition: some SQLSpecificExpressible) {
        checkConstraints.append(condition.sqlExpression)
    }

    /// Adds a CHECK constraint of SQL text: `t.check(sql: "a < b")`.
    public func check(sql: String) {
        checkConstraints.append(SQLExpression(sql: sql))
    }

    /// Adds a table constraint of SQL text: `t.constraint(sql: "CHECK (a < b)")`.
    public func constraint(sql: String) {
        literalConstraints.append(SQL(sql: sql))
    }

    /// Adds a table constraint of an SQL literal, whose values are written as SQL literals.
    public func constraint(literal: SQL) {
        literalConstraints.append(literal)
    }
}

// A mutable class that is only used inside the closure of `create(table:)`.
@available(*, unavailable)
extension TableDefinition: Sendable {}
