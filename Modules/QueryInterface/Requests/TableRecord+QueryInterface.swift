import RSCore

extension TableRecord {
    /// A request of all records of the table, which selects `databaseSelection`.
    public static func all() -> QueryInterfaceRequest<Self> {
        QueryInterfaceRequest(table: databaseTableName, selection: databaseSelection)
    }
    /// A request with no record.
    public static func none() -> QueryInterfaceRequest<Self> { all().none() }
    /// A request of these values.
    public static func select(_ selection: any SQLSelectable...) -> QueryInterfaceRequest<Self> {
        all().select(selection)
    }
    /// A request of these values, decoded as another type: `Player.select(max(Column("score")), as: Int.self)`.
    public static func select<T>(_ selection: any SQLSelectable..., as type: T.Type) -> QueryInterfaceRequest<T> {
        all().select(selection, as: type)
    }
    /// A request of SQL text values.
    public static func select(sql: String, arguments: StatementArguments = StatementArguments())
        -> QueryInterfaceRequest<Self>
    { all().select(sql: sql, arguments: arguments) }
    /// A request of an SQL literal selection.
    public static func select(literal: SQL) -> QueryInterfaceRequest<Self> { all().select(literal: literal) }
    /// A request of SQL text values, decoded as another type: `Player.select(sql: "MAX(score)", as: Int.self)`.
    public static func select<T>(
        sql: String, arguments: StatementArguments = StatementArguments(), as type: T.Type = T.self
    ) -> QueryInterfaceRequest<T> { all().select(sql: sql, arguments: arguments, as: type) }
    /// A request of an SQL literal selection, decoded as another type.
    public static func select<T>(literal: SQL, as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(literal: literal, as: type)
    }
    /// A request of all columns and these values.
    public static func annotated(with selection: any SQLSelectable...) -> QueryInterfaceRequest<Self> {
        all().annotated(with: selection)
    }
    /// A request of the records that match a condition.
    public static func filter(_ predicate: some SQLExpressible) -> QueryInterfaceRequest<Self> {
        all().filter(predicate)
    }
    /// A request of the records that match a condition of SQL text.
    public static func filter(sql: String, arguments: StatementArguments = StatementArguments())
        -> QueryInterfaceRequest<Self>
    { all().filter(sql: sql, arguments: arguments) }
    /// A request of the records that match an SQL literal.
    public static func filter(literal: SQL) -> QueryInterfaceRequest<Self> { all().filter(literal: literal) }
    /// A request of the record of a primary key.
    @inlinable
    public static func filter(key: (some DatabaseValueConvertible)?) -> QueryInterfaceRequest<Self> {
        all().filter(key: key)
    }
    /// A request of the records of primary keys.
    public static func filter<Keys: Sequence>(keys: Keys) -> QueryInterfaceRequest<Self>
    where Keys.Element: DatabaseValueConvertible { all().filter(keys: keys) }
    /// A request of the record of a unique key: `Player.filter(key: ["email": "arthur@example.com"])`.
    public static func filter(key: [String: (any DatabaseValueConvertible)?]) -> QueryInterfaceRequest<Self> {
        all().filter(key: key)
    }
    /// A request of the records of unique keys.
    public static func filter(keys: [[String: (any DatabaseValueConvertible)?]]) -> QueryInterfaceRequest<Self> {
        all().filter(keys: keys)
    }
    /// A request of all records, in this order.
    public static func order(_ orderings: any SQLOrderingTerm...) -> QueryInterfaceRequest<Self> {
        all().order(orderings)
    }
    /// A request of all records, in an order of SQL text.
    public static func order(sql: String, arguments: StatementArguments = StatementArguments())
        -> QueryInterfaceRequest<Self>
    { all().order(sql: sql, arguments: arguments) }
    /// A request of all records, in the order of an SQL literal.
    public static func order(literal: SQL) -> QueryInterfaceRequest<Self> { all().order(literal: literal) }
    /// A request of all records, in primary key order.
    public static func orderByPrimaryKey() -> QueryInterfaceRequest<Self> { all().orderByPrimaryKey() }
    /// A request of at most `limit` records, after `offset` records.
    public static func limit(_ limit: Int, offset: Int? = nil) -> QueryInterfaceRequest<Self> {
        all().limit(limit, offset: offset)
    }
    /// A request of all records, whose table the alias names.
    public static func aliased(_ alias: TableAlias<Self>) -> QueryInterfaceRequest<Self> { all().aliased(alias) }
    /// A request of all records, whose statement defines a common table expression (see `with(_:)`
    /// of requests).
    public static func with<T>(_ cte: CommonTableExpression<T>) -> QueryInterfaceRequest<Self> { all().with(cte) }
    /// A request of all records, whose table the untyped alias names.
    public static func aliased(_ alias: TableAlias<Void>) -> QueryInterfaceRequest<Self> { all().aliased(alias) }
    /// The number of columns that `databaseSelection` selects, where `*` counts all the columns of
    /// the table: 3 for a table of three columns and the default selection.
    ///
    /// - throws: A `DatabaseError` when the table does not exist, or the selection is not valid SQL.
    public static func numberOfSelectedColumns(_ db: Database) throws -> Int {
        try all().makePreparedRequest(db, forSingleResult: false).statement.columnCount
    }
    /// Updates every row of the table, and returns how many were updated.
    @discardableResult
    public static func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: ColumnAssignment...
    )
        throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }

    /// Updates every row of the table, and returns how many were updated.
    @discardableResult
    public static func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]
    )
        throws -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }
}

extension TableRecord where Self: Identifiable, ID: DatabaseValueConvertible {
    /// A request of the record of an id.
    public static func filter(id: ID) -> QueryInterfaceRequest<Self> { all().filter(id: id) }
    /// A request of the records of ids.
    public static func filter(ids: some Collection<ID>) -> QueryInterfaceRequest<Self> { all().filter(ids: ids) }
    /// Deletes the records of ids, and returns how many were deleted (an empty collection deletes
    /// nothing, without a statement).
    @discardableResult
    public static func deleteAll(_ db: Database, ids: some Collection<ID>) throws -> Int {
        ids.isEmpty ? 0 : try filter(ids: ids).deleteAll(db)
    }
}
