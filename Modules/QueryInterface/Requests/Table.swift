import RSCore

/// A database table, for requests that need no record type:
///
/// ```swift
/// let playerTable = Table("player")
/// let count = try playerTable.fetchCount(db)
/// let rows = try playerTable.filter(Column("score") > 1000).fetchAll(db)
/// let names = try playerTable.select(Column("name"), as: String.self).fetchAll(db)
/// ```
///
/// `Table<Player>("player")` fetches `Player` records. A table is also the request of all its rows.
public struct Table<RowDecoder>: FetchRequest, Sendable {
    /// The name of the table.
    public let tableName: String

    /// A table of this name, whose rows decode as `Row`.
    public init(_ tableName: String) where RowDecoder == Row {
        self.tableName = tableName
    }

    /// A table of this name, whose rows decode as `RowDecoder`.
    public init(_ tableName: String, as type: RowDecoder.Type = RowDecoder.self) {
        self.tableName = tableName
    }

    /// A request of all rows.
    public func all() -> QueryInterfaceRequest<RowDecoder> {
        QueryInterfaceRequest(table: tableName)
    }

    /// Prepares the request of all rows.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest {
        try all().makePreparedRequest(db, forSingleResult: singleResult)
    }

    /// The request of all rows, as a subquery. (In an SQL literal, `\(table)` is the table name.)
    public var sqlSubquery: SQLSubquery {
        all().sqlSubquery
    }
}

extension Table {
    /// A request with no row.
    public func none() -> QueryInterfaceRequest<RowDecoder> { all().none() }
    /// A request of these values.
    public func select(_ selection: any SQLSelectable...) -> QueryInterfaceRequest<RowDecoder> {
        all().select(selection)
    }
    /// A request of these values, decoded as another type.
    public func select<T>(_ selection: any SQLSelectable..., as type: T.Type) -> QueryInterfaceRequest<T> {
        all().select(selection, as: type)
    }
    /// A request of SQL text values.
    public func select(sql: String, arguments: StatementArguments = StatementArguments())
        -> QueryInterfaceRequest<RowDecoder>
    { all().select(sql: sql, arguments: arguments) }
    /// A request of an SQL literal selection.
    public func select(literal: SQL) -> QueryInterfaceRequest<RowDecoder> { all().select(literal: literal) }
    /// A request of SQL text values, decoded as another type.
    public func select<T>(
        sql: String, arguments: StatementArguments = StatementArguments(), as type: T.Type = T.self
    ) -> QueryInterfaceRequest<T> { all().select(sql: sql, arguments: arguments, as: type) }
    /// A request of an SQL literal selection, decoded as another type.
    public func select<T>(literal: SQL, as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        all().select(literal: literal, as: type)
    }
    /// A request of all columns and these values.
    public func annotated(with selection: any SQLSelectable...) -> QueryInterfaceRequest<RowDecoder> {
        all().annotated(with: selection)
    }
    /// A request of the rows that match a condition.
    public func filter(_ predicate: some SQLExpressible) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(predicate)
    }
    /// A request of the rows that match a condition of SQL text.
    public func filter(sql: String, arguments: StatementArguments = StatementArguments())
        -> QueryInterfaceRequest<RowDecoder>
    { all().filter(sql: sql, arguments: arguments) }
    /// A request of the rows that match an SQL literal.
    public func filter(literal: SQL) -> QueryInterfaceRequest<RowDecoder> { all().filter(literal: literal) }
    /// A request of the row of a primary key.
    @inlinable
    public func filter(key: (some DatabaseValueConvertible)?) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(key: key)
    }
    /// A request of the rows of primary keys.
    public func filter<Keys: Sequence>(keys: Keys) -> QueryInterfaceRequest<RowDecoder>
    where Keys.Element: DatabaseValueConvertible { all().filter(keys: keys) }
    /// A request of the row of a unique key.
    public func filter(key: [String: (any DatabaseValueConvertible)?]) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(key: key)
    }
    /// A request of all rows, in this order.
    public func order(_ orderings: any SQLOrderingTerm...) -> QueryInterfaceRequest<RowDecoder> {
        all().order(orderings)
    }
    /// A request of all rows, in an order of SQL text.
    public func order(sql: String, arguments: StatementArguments = StatementArguments())
        -> QueryInterfaceRequest<RowDecoder>
    { all().order(sql: sql, arguments: arguments) }
    /// A request of all rows, in the order of an SQL literal.
    public func order(literal: SQL) -> QueryInterfaceRequest<RowDecoder> { all().order(literal: literal) }
    /// A request of all rows, whose statement defines a common table expression.
    public func with<T>(_ cte: CommonTableExpression<T>) -> QueryInterfaceRequest<RowDecoder> { all().with(cte) }
    /// A request of all rows, in primary key order.
    public func orderByPrimaryKey() -> QueryInterfaceRequest<RowDecoder> { all().orderByPrimaryKey() }
    /// A request of at most `limit` rows, after `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> QueryInterfaceRequest<RowDecoder> {
        all().limit(limit, offset: offset)
    }
    /// The number of rows.
    public func fetchCount(_ db: Database) throws -> Int { try all().fetchCount(db) }
    /// Whether the table has no row.
    public func isEmpty(_ db: Database) throws -> Bool { try all().isEmpty(db) }
    /// Deletes every row, and returns how many were deleted.
    @discardableResult
    public func deleteAll(_ db: Database) throws -> Int { try all().deleteAll(db) }
    /// Updates every row, and returns how many were updated.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: ColumnAssignment...
    ) throws
        -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }
    /// Updates every row, and returns how many were updated.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]
    ) throws
        -> Int
    {
        try all().updateAll(db, onConflict: conflictResolution, assignments)
    }
}
