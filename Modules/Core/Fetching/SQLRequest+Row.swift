/// The requests of rows that need no generic argument: `SQLRequest(sql: "…")` is a
/// `SQLRequest<Row>`, as in GRDB 7.
///
/// ```swift
/// let request = SQLRequest(sql: "SELECT * FROM player WHERE score > ?", arguments: [1000])
/// let rows = try request.fetchAll(db)   // [Row]
/// let maxScore = SQLRequest("SELECT MAX(score) FROM player").asRequest(of: Int.self)
/// ```
///
/// A request built from a lone string literal, `SQLRequest("SELECT …")`, needs a generic argument
/// or a use that tells it (the `asRequest(of:)` below), as in GRDB 7: Swift turns `T("…")` into the
/// literal `"…" as T` when `T` is expressible by a string literal (SE-0213), which `SQLRequest` is,
/// and a literal does not pick the `Row` of the initializers below. `let request =
/// SQLRequest("SELECT …")` alone does not compile; write `SQLRequest<Row>("SELECT …")`.
extension SQLRequest<Row> {
    /// Creates a request of rows from SQL and arguments, and the adapter of its rows.
    public init(
        sql: String, arguments: StatementArguments = StatementArguments(), adapter: (any RowAdapter)? = nil,
        cached: Bool = false
    ) {
        self.init(storing: SQL(sql: sql, arguments: arguments), adapter: adapter, cached: cached)
    }

    /// Creates a request of rows from an SQL literal, whose interpolated values are bound arguments.
    public init(literal: SQL, adapter: (any RowAdapter)? = nil, cached: Bool = false) {
        self.init(storing: literal, adapter: adapter, cached: cached)
    }

    /// The same request, decoding rows as another type.
    ///
    /// The generic `asRequest(of:)` does the same. This one makes a request of rows the default of
    /// a request whose type nothing else tells, so that the samples of RxGRDB compile:
    /// `SQLRequest("SELECT MAX(score) FROM player").asRequest(of: Int.self)` is the
    /// `SQLRequest<Int>` of this SQL. (GRDB 7, whose `asRequest(of:)` is generic only, rejects it.)
    public func asRequest<T>(of type: T.Type) -> SQLRequest<T> {
        SQLRequest<T>(storing: literal, adapter: adapter, cached: cached)
    }
}
