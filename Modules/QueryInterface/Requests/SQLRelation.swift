import RSCore

/// The parts of a SELECT statement on one table, as the query interface builds them, and the
/// relations of the associated tables that it joins or prefetches (its children).
///
/// Parts that depend on the schema (the primary key of `filter(key:)`, say) are resolved when the
/// SQL is generated, with the database at hand.
struct SQLRelation: Sendable {
    /// The queried table.
    var table: String
    /// The alias of the table, if the request was given one.
    var alias: TableAliasBase?
    /// Other aliases of the table: those of the relations merged into this one (see
    /// `SQLRelationChild.merge(_:)`), which name the same table.
    var mergedAliases: [TableAliasBase] = []
    /// The selected values (`*` by default).
    var selection: [SQLSelection] = [AllColumns().sqlSelection]
    /// Whether the statement is `SELECT DISTINCT`.
    var isDistinct = false
    /// The conditions of the WHERE clause (of the ON clause for a joined relation), joined with AND.
    var filters: [SQLExpression] = []
    /// The GROUP BY expressions, resolved with the database, if the relation is grouped.
    var grouping: (@Sendable (Database) throws -> [SQLExpression])?
    /// The conditions of the HAVING clause, joined with AND.
    var havings: [SQLExpression] = []
    /// The orderings, resolved with the database (the primary key ordering needs the schema).
    var orderings: [@Sendable (Database) throws -> [SQLOrdering]] = []
    /// Whether the orderings are reversed (an unordered request is then ordered by primary key).
    var isReversed = false
    /// The orderings, built and reversed if needed, of a relation whose deferred parts are built
    /// (see `resolvingDeferredParts(_:)`): its `orderings` are then empty.
    var resolvedOrderingTerms: [SQLOrdering]?
    /// The LIMIT and OFFSET.
    var limit: (count: Int, offset: Int?)?
    /// The associated relations, joined or prefetched, in the order they were added.
    var children: [SQLRelationChild] = []
    /// The common table expressions of the WITH clause (`with(_:)`), in order.
    var ctes: [SQLCommonTableExpression] = []

    /// The common table expressions of the statement: the relation's, and those of the relations it
    /// joins, at any depth. A later one replaces an earlier one of the same name, in its place.
    var allCTEs: [SQLCommonTableExpression] {
        children.reduce(into: ctes) { result, child in
            guard child.isJoined else { return }
            for cte in child.relation.allCTEs { result.merge(cte) }
        }
    }

    /// Whether the relation is only filtered: no DISTINCT, GROUP BY, HAVING, LIMIT or join that would
    /// change which rows a DELETE, an UPDATE or a count touches, and no alias that its filters may use.
    var isFilterOnly: Bool {
        !isDistinct && grouping == nil && havings.isEmpty && limit == nil && children.isEmpty && alias == nil
    }

    /// The GROUP BY expressions (none when the relation is not grouped).
    func groups(_ db: Database) throws -> [SQLExpression] {
        try grouping?(db) ?? []
    }

    /// Whether each group of the relation is one row: it is not grouped (and has no HAVING, which
    /// would make one group of all rows), or grouped by columns that are a unique key (as GRDB
    /// allows, for a DELETE or an UPDATE).
    func groupsSingleRows(_ db: Database) throws -> Bool {
        let groups = try groups(db)
        if groups.isEmpty { return havings.isEmpty }
        var columns: [String] = []
        for group in groups {
            guard case .column(let name) = group.node else { return false }
            columns.append(name)
        }
        return try db.tableExists(table) && db.table(table, hasUniqueKey: columns)
    }

    /// The orderings, reversed if needed.
    func resolvedOrderings(_ db: Database) throws -> [SQLOrdering] {
        if let resolvedOrderingTerms { return resolvedOrderingTerms }
        let orderings = try orderings.flatMap { try $0(db) }
        return isReversed ? orderings.map { $0.reversed } : orderings
    }

    /// The selections, with deferred ones resolved.
    func resolvedSelection(_ db: Database) throws -> [SQLSelection] {
        try selection.flatMap { selection -> [SQLSelection] in
            if case .deferred(let resolve) = selection.node { return try resolve(db) }
            return [selection]
        }
    }

    /// The relation, with the parts that the request builds when it runs built now: once for both
    /// the SQL and the region of a fetch, and as values that `isIdentical(to:)` can compare. They
    /// are the conditions of its WHERE clause, its selection, and, in a relation that joins no
    /// other, its orderings. The relation is made for its SQL and region, not to derive others.
    func resolvingDeferredParts(_ db: Database) throws -> SQLRelation {
        var relation = self
        if !filters.isEmpty {
            relation.filters = try filters.map { try $0.resolvedFilter(db) }
        }
        if selection.contains(where: \.isDeferred) {
            relation.selection = try resolvedSelection(db)
        }
        if children.isEmpty && !orderings.isEmpty {
            relation.resolvedOrderingTerms = try resolvedOrderings(db)
            relation.orderings = []
            relation.isReversed = false
        }
        return relation
    }

    /// Whether the selection may give names to values (`AS name`, or SQL text), which filters may
    /// use: a count of the rows then selects them in a subquery.
    func mayNameSelectedValues(_ db: Database) throws -> Bool {
        try resolvedSelection(db).contains { selection in
            switch selection.node {
            case .allColumns, .allColumnsExcluding: return false
            case .aliased, .qualified, .deferred: return true
            case .expression(let expression):
                if case .literal = expression.node { return true }
                return false
            }
        }
    }
}

// The operations of the request protocols, shared by requests and associations.
extension SQLRelation {
    mutating func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) {
        self.selection = [SQLSelection(.deferred { db in try selection(db).map(\.sqlSelection) })]
    }

    mutating func annotatedWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]) {
        self.selection.append(SQLSelection(.deferred { db in try selection(db).map(\.sqlSelection) }))
    }

    mutating func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) {
        filters.append(SQLExpression(.deferred { db in try predicate(db).sqlExpression }))
    }

    mutating func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible]) {
        grouping = { db in try expressions(db).map(\.sqlExpression) }
    }

    mutating func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible) {
        havings.append(SQLExpression(.deferred { db in try predicate(db).sqlExpression }))
    }

    mutating func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm]) {
        self.orderings = [{ db in try orderings(db).map(\.sqlOrdering) }]
        isReversed = false
    }

    mutating func unorder() {
        orderings = []
        isReversed = false
    }

    /// Removes the orderings, here and in the joined relations.
    mutating func unorderAll() {
        unorder()
        for index in children.indices { children[index].relation.unorderAll() }
    }

    /// Orders by primary key after the current orderings, here and in the joined relations.
    mutating func stabilizeOrder() {
        let table = table
        orderings.append { db in try db.primaryKey(table).columns.map { Column($0).sqlOrdering } }
        for index in children.indices { children[index].relation.stabilizeOrder() }
    }
}
