import RSCore

/// A request built by the query interface: a SELECT on one table, and the tables it joins or
/// prefetches, which fetches values of type `RowDecoder` (`Row`, a convertible value, or a record).
///
/// ```swift
/// let request = Player.filter(Column("score") > 1000).order(Column("name")).limit(10)
/// let players = try request.fetchAll(db)
/// let count = try request.fetchCount(db)
/// ```
///
/// Requests are values: each method returns a new request.
public struct QueryInterfaceRequest<RowDecoder>: FetchRequest, Sendable {
    /// The parts of the SELECT statement.
    var relation: SQLRelation

    /// A request of all rows of a table (all columns, or the given selection).
    init(table: String, selection: [any SQLSelectable]? = nil) {
        relation = SQLRelation(table: table)
        if let selection { relation.selection = selection.map(\.sqlSelection) }
    }

    init(relation: SQLRelation) {
        self.relation = relation
    }

    /// Prepares the SELECT statement (from the connection's statement cache) and binds its arguments.
    /// The rows of a request that includes associations are adapted, so that each associated record
    /// is in the row scope of its key, and get their prefetched rows.
    ///
    /// While `Database.recordingSelection(_:_:)` runs, the statement records the region of the
    /// request, which may be limited to some rows (see `databaseRegion(_:)`).
    ///
    /// In the fetch of an observation, which prepares the same requests at each change, a request
    /// identical to one of the last fetch reuses its SQL and region (see `FetchMemo`).
    public func makePreparedRequest(_ db: Database, forSingleResult singleResult: Bool) throws -> PreparedRequest {
        // Built once for the SQL and the region.
        let relation = try relation.resolvingDeferredParts(db)
        let memo = db.fetchMemoEntry()
        if let kept = memo?.entry as? MemoizedPreparation, kept.serves(relation, singleResult: singleResult, db) {
            return try kept.prepare(db)
        }
        let generator = try SQLQueryGenerator(relation: relation)
        var context = SQLGenerationContext(database: db)
        let sql = try generator.selectSQL(&context, singleResult: singleResult)
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(context.arguments)
        let region = db.isRecordingSelection ? try relation.region(of: statement, db) : nil
        statement.recordedRegion = region
        var prepared = PreparedRequest(statement: statement, adapter: try generator.rowAdapter(db))
        if relation.prefetchesRows {
            let relation = relation
            prepared.supplementaryFetch = { db, rows in try relation.prefetch(db, into: rows) }
        }
        // Kept only when a later request can be found identical to it.
        if let memo, relation.isIdentical(to: relation) {
            let preparation = MemoizedPreparation(
                relation: relation, singleResult: singleResult, schemaGeneration: db.schemaGeneration, sql: sql,
                arguments: context.arguments, region: region)
            db.keepFetchMemoEntry(preparation, at: memo.position)
        }
        return prepared
    }

    /// The number of rows the request fetches. Prefetched associations do not change it; joined
    /// ones do (a required join leaves rows out, a join to many rows repeats them).
    public func fetchCount(_ db: Database) throws -> Int {
        var counted = relation
        counted.children.removeAll { !$0.isJoined }
        var context = SQLGenerationContext(database: db)
        let sql: String
        let countsTable = try counted.isFilterOnly && !counted.mayNameSelectedValues(db)
        if countsTable {
            let table = counted.table.quotedDatabaseIdentifier
            sql =
                (try counted.allCTEs.withClause.sql(&context)) + "SELECT COUNT(*) FROM \(table)"
                + (try counted.tableWhereClause(&context))
        } else {
            sql =
                "SELECT COUNT(*) FROM (\(try SQLQueryGenerator(relation: counted).selectSQL(&context, ordered: false)))"
        }
        return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: context.arguments) ?? 0
    }

    /// Whether the request fetches no row.
    public func isEmpty(_ db: Database) throws -> Bool {
        var context = SQLGenerationContext(database: db)
        let sql = "SELECT EXISTS (\(try relation.selectSQL(&context)))"
        return try !(Bool.fetchOne(db.cachedStatement(sql: sql), arguments: context.arguments) ?? false)
    }

    /// The SQL and arguments of the SELECT statement.
    func build(_ db: Database, singleResult: Bool = false) throws -> (sql: String, arguments: StatementArguments) {
        var context = SQLGenerationContext(database: db)
        let sql = try relation.selectSQL(&context, singleResult: singleResult)
        return (sql, context.arguments)
    }

    /// The SELECT statement of the request, as a subquery:
    /// `Player.filter(Column("score") == Player.select(max(Column("score"))))`.
    public var sqlSubquery: SQLSubquery {
        let request = self
        let statement = SQLExpression(
            .deferred { db in
                let (sql, arguments) = try request.build(db)
                return SQLExpression(sql: sql, arguments: arguments)
            })
        return SQLSubquery(SQL(statement))
    }

    /// The same request, decoding rows as another type.
    public func asRequest<T>(of type: T.Type) -> QueryInterfaceRequest<T> {
        QueryInterfaceRequest<T>(relation: relation)
    }
}
