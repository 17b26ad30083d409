/// A request that fetches values of type `RowDecoder` (`Row`, a convertible value, or a record).
///
/// `SQLRequest` and the query interface's requests conform. The protocol is small, so that a test
/// double or a custom request is easy to write. A request is a `DatabaseRegionConvertible`: by
/// default, its region is the region its prepared statement reads. A request is also a subquery
/// (``SQLSubqueryable``): a `Sendable` request's is, by default, the SQL of its prepared statement.
public protocol FetchRequest<RowDecoder>: SQLSubqueryable, DatabaseRegionConvertible {
    /// The type that decodes the fetched rows.
    associatedtype RowDecoder

    /// Prepares the statement of the request, with its arguments bound.
    ///
    /// - parameters:
    ///   - db: A database connection.
    ///   - singleResult: A hint that only one row will be fetched (requests may add LIMIT 1).
    func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest

    /// The number of rows the request fetches.
    func fetchCount(_ db: Database) throws -> Int
}

/// A request ready to run: its statement, with the arguments bound, and the adapter of its rows.
public struct PreparedRequest {
    /// The statement, with its arguments bound.
    public var statement: Statement
    /// The adapter of the fetched rows, if any.
    public var adapter: (any RowAdapter)?
    /// What runs after the rows are fetched, and returns them with their prefetched rows (see
    /// `Row.prefetchedRows`): the queries of the associations that a request includes all records of.
    @usableFromInline package var supplementaryFetch: ((Database, [Row]) throws -> [Row])?

    /// Creates a prepared request from a statement whose arguments are bound, and the adapter of
    /// its rows.
    public init(statement: Statement, adapter: (any RowAdapter)? = nil) {
        self.statement = statement
        self.adapter = adapter
    }
}

extension PreparedRequest {
    /// The rows of the request with their prefetched rows, or nil when the request prefetches no
    /// rows: its rows are then read from the statement as they come.
    @usableFromInline
    func supplementedRows(_ db: Database) throws -> [Row]? {
        guard let supplementaryFetch else { return nil }
        return try supplementaryFetch(db, Row.fetchAll(statement, adapter: adapter))
    }

    /// Throws unless the request's rows can be read by a cursor, as they come.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a request that prefetches rows.
    func checkCursorSupport() throws {
        guard supplementaryFetch == nil else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "a request that includes all associated records (including(all:)) can't be iterated by a "
                    + "cursor: use fetchAll, fetchSet or fetchOne")
        }
    }
}

/// A request of raw SQL.
///
/// ```swift
/// let request = SQLRequest<Player>(sql: "SELECT * FROM player WHERE score > ?", arguments: [1000])
/// let players = try request.fetchAll(db)
/// ```
public struct SQLRequest<RowDecoder>: FetchRequest {
    /// The SQL literal of the request: its text, arguments and interpolated expressions.
    public let literal: SQL
    /// The adapter of the fetched rows, if any.
    public var adapter: (any RowAdapter)?
    /// Whether the statement is kept in the connection's statement cache.
    public let cached: Bool

    /// Creates a request from SQL and arguments, and the adapter of its rows.
    public init(
        sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil,
        cached: Bool = false
    ) {
        self.init(storing: SQL(sql: sql, arguments: arguments), adapter: adapter, cached: cached)
    }

    /// Creates a request from an SQL literal, whose interpolated values are bound arguments:
    /// `SQLRequest<Player>(literal: "SELECT * FROM player WHERE name = \(name)")`.
    public init(literal: SQL, adapter: (any RowAdapter)? = nil, cached: Bool = false) {
        self.init(storing: literal, adapter: adapter, cached: cached)
    }

    /// The initializer that every other one calls (those of `SQLRequest<Row>` too, whose labels are
    /// the same as the generic ones).
    init(storing literal: SQL, adapter: (any RowAdapter)?, cached: Bool) {
        self.literal = literal
        self.adapter = adapter
        self.cached = cached
    }

    /// Prepares the statement and binds the arguments.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool = false) throws
        -> PreparedRequest
    {
        let (sql, arguments) = try literal.build(db)
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.setArguments(arguments)
        return PreparedRequest(statement: statement, adapter: adapter)
    }

    /// Counts the rows with `SELECT COUNT(*) FROM (…)`.
    public func fetchCount(_ db: Database) throws -> Int {
        let (sql, arguments) = try literal.build(db)
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(sql))", arguments: arguments) ?? 0
    }

    /// The same request, decoding rows as another type.
    public func asRequest<T>(of type: T.Type) -> SQLRequest<T> {
        SQLRequest<T>(storing: literal, adapter: adapter, cached: cached)
    }

    /// The SQL literal of the request, as a subquery.
    public var sqlSubquery: SQLSubquery {
        SQLSubquery(literal)
    }
}

extension SQLRequest: Sendable {}

extension SQLRequest: ExpressibleByStringInterpolation {
    /// Creates a request from SQL text: `let request: SQLRequest<Player> = "SELECT * FROM player"`.
    public init(stringLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a request from SQL text of one Unicode scalar.
    public init(unicodeScalarLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a request from SQL text of one character.
    public init(extendedGraphemeClusterLiteral value: String) {
        self.init(sql: value)
    }

    /// Creates a request from an SQL literal with interpolations:
    /// `let request: SQLRequest<Player> = "SELECT * FROM player WHERE name = \(name)"`.
    public init(stringInterpolation: SQLInterpolation) {
        self.init(literal: SQL(stringInterpolation: stringInterpolation))
    }
}
