/// A fetch request whose type is erased: it runs the query of the request it wraps, and decodes
/// the rows as `RowDecoder`.
///
/// ```swift
/// let request: AnyFetchRequest<Player> = AnyFetchRequest(Player.filter(Column("score") > 1000))
/// let players = try request.fetchAll(db)
/// let rows = try request.asRequest(of: Row.self).fetchAll(db)
/// ```
public struct AnyFetchRequest<RowDecoder>: FetchRequest {
    /// The request that runs the query.
    private let base: any FetchRequest

    /// A request that runs the query of `request`, and decodes its rows as it does.
    public init(_ request: some FetchRequest<RowDecoder>) {
        self.init(base: request)
    }

    private init(base: any FetchRequest) {
        self.base = base
    }

    /// The same query, whose rows decode as `type`.
    public func asRequest<T>(of type: T.Type) -> AnyFetchRequest<T> {
        AnyFetchRequest<T>(base: base)
    }

    /// The SELECT statement of the wrapped request.
    public var sqlSubquery: SQLSubquery { base.sqlSubquery }

    /// The number of rows of the wrapped request.
    public func fetchCount(_ db: Database) throws -> Int {
        try base.fetchCount(db)
    }

    /// The prepared request of the wrapped request.
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest {
        try base.makePreparedRequest(db, forSingleResult: singleResult)
    }

    /// The region of the wrapped request.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try base.databaseRegion(db)
    }
}
