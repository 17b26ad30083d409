/// A request that fetches values of type `RowDecoder` (`Row`, a convertible value, or a record).
///
/// `SQLRequest` and the query interface's requests conform. The protocol is small, so that a test
/// double or a custom request is easy to write.
public protocol FetchRequest<RowDecoder>: Sendable {
    /// The type that decodes the fetched rows.
    associatedtype RowDecoder

    /// Prepares the statement of the request, with its arguments bound.
    ///
    /// - parameter singleResult: A hint that only one row will be fetched (requests may add LIMIT 1).
    func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest

    /// The number of rows the request fetches.
    func fetchCount(_ db: Database) throws -> Int
}

/// A request ready to run: its statement, with the arguments bound.
public struct PreparedRequest {
    /// The statement, with its arguments bound.
    public let statement: Statement

    /// Creates a prepared request from a statement whose arguments are bound.
    public init(statement: Statement) {
        self.statement = statement
    }
}

/// A request of raw SQL.
///
/// ```swift
/// let request = SQLRequest<Player>(sql: "SELECT * FROM player WHERE score > ?", arguments: [1000])
/// let players = try request.fetchAll(db)
/// ```
public struct SQLRequest<RowDecoder>: FetchRequest {
    /// The SQL of the request.
    public let sql: String
    /// The arguments of the request.
    public let arguments: StatementArguments
    /// Whether the statement is kept in the connection's statement cache.
    public let cached: Bool

    /// Creates a request from SQL and arguments.
    public init(sql: String, arguments: StatementArguments = StatementArguments(), cached: Bool = false) {
        self.sql = sql
        self.arguments = arguments
        self.cached = cached
    }

    /// Prepares the statement and binds the arguments.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest {
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        return PreparedRequest(statement: statement)
    }

    /// Counts the rows with `SELECT COUNT(*) FROM (…)`.
    public func fetchCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(sql))", arguments: arguments) ?? 0
    }

    /// The same request, decoding rows as another type.
    public func asRequest<T>(of type: T.Type) -> SQLRequest<T> {
        SQLRequest<T>(sql: sql, arguments: arguments, cached: cached)
    }
}

extension SQLRequest: Sendable {}

extension FetchRequest {
    /// The statement of the request, prepared and bound, ready for a cursor.
    func preparedStatement(_ db: Database, forSingleResult singleResult: Bool) throws -> Statement {
        try makePreparedRequest(db, forSingleResult: singleResult).statement
    }
}
