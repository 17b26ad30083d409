import RSCore

// The requirements of the request protocols (see `DerivableRequest`), and the derivations that only
// requests have: limits, and changes of the decoded type.
extension QueryInterfaceRequest: DerivableRequest {
    /// The name of the queried table.
    public var databaseTableName: String { relation.table }

    /// The request, whose table the alias names.
    public func _aliased(_ alias: TableAliasBase) -> Self {
        with { $0.alias = alias }
    }

    /// The request selecting the values that the closure returns when the request runs.
    public func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable])
        -> Self
    {
        with { $0.selectWhenConnected(selection) }
    }

    /// The request with the values that the closure returns appended to its selection.
    public func annotatedWhenConnected(
        with selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]
    ) -> Self {
        with { $0.annotatedWhenConnected(selection) }
    }

    /// The request with one more condition, which the closure returns when the request runs.
    public func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible)
        -> Self
    {
        with { $0.filterWhenConnected(predicate) }
    }

    /// The request grouped by the expressions that the closure returns when the request runs.
    public func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible])
        -> Self
    {
        with { $0.groupWhenConnected(expressions) }
    }

    /// The request with one more condition on groups, which the closure returns when the request runs.
    public func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible)
        -> Self
    {
        with { $0.havingWhenConnected(predicate) }
    }

    /// The request ordered by the terms that the closure returns when the request runs.
    public func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm])
        -> Self
    {
        with { $0.orderWhenConnected(orderings) }
    }

    /// The request with its ordering reversed, and the orderings of its joined associations. An
    /// unordered request stays as it is, as in GRDB (use `orderByPrimaryKey().reversed()` for the
    /// last rows first).
    public func reversed() -> Self {
        with { $0.isReversed.toggle() }
    }

    /// The request without ordering, nor the orderings of its joined associations.
    public func unordered() -> Self {
        with { $0.unorderAll() }
    }

    /// The request ordered by its current ordering, then by primary key.
    public func withStableOrder() -> Self {
        with { $0.stabilizeOrder() }
    }

    /// The request with `SELECT DISTINCT`.
    public func distinct() -> Self {
        with { $0.isDistinct = true }
    }

    /// The request, whose statement defines a common table expression:
    /// `WITH "cte" AS (…) SELECT …`. One of the same name is replaced.
    public func with<T>(_ cte: CommonTableExpression<T>) -> Self {
        with { $0.ctes.merge(cte.cte) }
    }

    /// The request, which prefetches all records of an association.
    public func _including(all association: _SQLAssociation) -> Self {
        with { $0 = $0.appendingChild(for: association, kind: .all) }
    }

    /// The request, which joins and selects the record of an association, if any.
    public func _including(optional association: _SQLAssociation) -> Self {
        with { $0 = $0.appendingChild(for: association, kind: .oneOptional) }
    }

    /// The request, which joins and selects the record of an association.
    public func _including(required association: _SQLAssociation) -> Self {
        with { $0 = $0.appendingChild(for: association, kind: .oneRequired) }
    }

    /// The request, which joins the table of an association, when it has a matching row.
    public func _joining(optional association: _SQLAssociation) -> Self {
        with { $0 = $0.appendingChild(for: association.unselected, kind: .oneOptional) }
    }

    /// The request, which joins the table of an association.
    public func _joining(required association: _SQLAssociation) -> Self {
        with { $0 = $0.appendingChild(for: association.unselected, kind: .oneRequired) }
    }
}

extension QueryInterfaceRequest {
    /// The request selecting these values, and decoding them as another type:
    /// `Player.select(max(Column("score")), as: Int.self)`.
    public func select<T>(_ selection: any SQLSelectable..., as type: T.Type) -> QueryInterfaceRequest<T> {
        select(selection).asRequest(of: T.self)
    }

    /// The request selecting these values, and decoding them as another type.
    public func select<T>(_ selection: [any SQLSelectable], as type: T.Type) -> QueryInterfaceRequest<T> {
        select(selection).asRequest(of: T.self)
    }

    /// The request selecting SQL text, and decoding it as another type:
    /// `select(sql: "MAX(score)", as: Int.self)`.
    public func select<T>(
        sql: String, arguments: StatementArguments = StatementArguments(), as type: T.Type = T.self
    ) -> QueryInterfaceRequest<T> {
        select(sql: sql, arguments: arguments).asRequest(of: T.self)
    }

    /// The request selecting an SQL literal, and decoding it as another type:
    /// `select(literal: "MAX(score) + \(bonus)", as: Int.self)`.
    public func select<T>(literal: SQL, as type: T.Type = T.self) -> QueryInterfaceRequest<T> {
        select(literal: literal).asRequest(of: T.self)
    }

    /// The request with more orderings after the current ones.
    public func thenOrder(_ orderings: any SQLOrderingTerm...) -> Self {
        let orderings = orderings.map { $0.sqlOrdering }
        return with { relation in
            let isReversed = relation.isReversed
            relation.orderings.append { _ in isReversed ? orderings.map { $0.reversed } : orderings }
        }
    }

    /// The request limited to `limit` rows, after skipping `offset` rows.
    public func limit(_ limit: Int, offset: Int? = nil) -> Self {
        with { $0.limit = (limit, offset) }
    }

    private func with(_ update: (inout SQLRelation) -> Void) -> Self {
        var relation = relation
        update(&relation)
        return Self(relation: relation)
    }
}

extension QueryInterfaceRequest where RowDecoder: TableRecord {
    /// The type whose members the closures of the request receive: the record's `Columns.Type` by
    /// default.
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// The request selecting this value, and decoding it as another type:
    /// `select({ max($0.score) }, as: Int.self)`.
    public func select<T>(
        _ selection: (RowDecoder.DatabaseComponents) throws -> any SQLSelectable, as type: T.Type = T.self
    ) rethrows -> QueryInterfaceRequest<T> {
        try select([selection(RowDecoder.databaseComponents)], as: type)
    }
}
