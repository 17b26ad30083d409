import RSCore

/// The parts of a SELECT statement on one table, as the query interface builds them.
///
/// Parts that depend on the schema (the primary key of `filter(key:)`, say) are resolved when the
/// SQL is generated, with the database at hand. Joins will add a list of joined relations here.
struct SQLRelation: Sendable {
    /// The queried table.
    var table: String
    /// The selected values (`*` by default).
    var selection: [SQLSelection] = [AllColumns().sqlSelection]
    /// Whether the statement is `SELECT DISTINCT`.
    var isDistinct = false
    /// The conditions of the WHERE clause, joined with AND.
    var filters: [SQLExpression] = []
    /// The GROUP BY expressions.
    var groups: [SQLExpression] = []
    /// The conditions of the HAVING clause, joined with AND.
    var havings: [SQLExpression] = []
    /// The orderings, resolved with the database (the primary key ordering needs the schema).
    var orderings: [@Sendable (Database) throws -> [SQLOrdering]] = []
    /// Whether the orderings are reversed (an unordered request is then ordered by primary key).
    var isReversed = false
    /// The LIMIT and OFFSET.
    var limit: (count: Int, offset: Int?)?

    /// The SQL of the SELECT statement.
    ///
    /// - parameter singleResult: Adds LIMIT 1 when the request has no limit.
    func selectSQL(_ context: inout SQLGenerationContext, singleResult: Bool = false) throws -> String {
        var sql = isDistinct ? "SELECT DISTINCT " : "SELECT "
        sql += try selection.map { try $0.sql(&context) }.joined(separator: ", ")
        sql += " FROM " + table.quotedDatabaseIdentifier
        sql += try whereClause(&context)
        if !groups.isEmpty {
            sql += " GROUP BY " + (try groups.map { try $0.sql(&context) }.joined(separator: ", "))
        }
        if !havings.isEmpty {
            sql += " HAVING " + (try havings.joined(operator: .and).sql(&context))
        }
        let orderings = try resolvedOrderings(context.database())
        if !orderings.isEmpty {
            sql += " ORDER BY " + (try orderings.map { try $0.sql(&context) }.joined(separator: ", "))
        }
        if let limit {
            sql += " LIMIT \(limit.count)"
            if let offset = limit.offset { sql += " OFFSET \(offset)" }
        } else if singleResult {
            sql += " LIMIT 1"
        }
        return sql
    }

    /// ` WHERE …`, or nothing when there is no filter.
    func whereClause(_ context: inout SQLGenerationContext) throws -> String {
        filters.isEmpty ? "" : " WHERE " + (try filters.joined(operator: .and).sql(&context))
    }

    /// Whether the relation is only filtered: no DISTINCT, GROUP BY, HAVING or LIMIT that would
    /// change which rows a DELETE, an UPDATE or a count touches.
    var isFilterOnly: Bool {
        !isDistinct && groups.isEmpty && havings.isEmpty && limit == nil
    }

    /// Whether the selection may give names to values (`AS name`, or SQL text), which filters may
    /// use: a count of the rows then selects them in a subquery.
    var mayNameSelectedValues: Bool {
        selection.contains { selection in
            switch selection.node {
            case .allColumns: return false
            case .aliased: return true
            case .expression(let expression):
                if case .literal = expression.node { return true }
                return false
            }
        }
    }

    /// Whether each group of the relation is one row: it is not grouped (and has no HAVING, which
    /// would make one group of all rows), or grouped by columns that are a unique key (as GRDB
    /// allows, for a DELETE or an UPDATE).
    func groupsSingleRows(_ db: Database) throws -> Bool {
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
        let orderings = try orderings.flatMap { try $0(db) }
        return isReversed ? orderings.map { $0.reversed } : orderings
    }

    /// The orderings by primary key (the rowid for a table without one).
    static func primaryKeyOrderings(of table: String, _ db: Database) throws -> [SQLOrdering] {
        try db.primaryKey(table).columns.map { Column($0).sqlOrdering }
    }
}
