import RSCore

// Prefetching (`including(all:)`): after the rows of a request are fetched, one query per
// prefetched association fetches the associated rows of all of them, and each row gets its own
// under the key of the association (see `Row.prefetchedRows`).
//
// ```sql
// SELECT * FROM "author"
// SELECT *, "authorId" AS "grdb_authorId" FROM "book" WHERE "authorId" IN (1, 2, 3)
// ```
//
// The `grdb_` columns hold the values of the origin's columns that the associated rows match.

extension SQLRelation {
    /// Whether fetched rows get prefetched rows.
    var prefetchesRows: Bool {
        children.contains { !$0.isJoined || $0.relation.prefetchesRows }
    }

    /// The rows, each with the rows of the relation's prefetched associations.
    ///
    /// - throws: A `DatabaseError`: the error of a query; `SQLITE_MISUSE` when a row lacks a column
    ///   that the association matches, or for a prefetch behind a joined association.
    func prefetch(_ db: Database, into rows: [Row]) throws -> [Row] {
        if children.contains(where: { $0.isJoined && $0.relation.prefetchesRows }) {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "including(all:) behind including(required:), including(optional:) or joining is not "
                    + "supported yet: include all associated records from the root of the request")
        }
        guard !rows.isEmpty else { return rows }
        var prefetched = [[String: [Row]]](repeating: [:], count: rows.count)
        for child in children where !child.isJoined {
            let pairs = try child.condition.columnPairs(db, for: "including(all:)")
            let originKeys = try rows.map { row in try pairs.map { try row.prefetchKeyValue(forColumn: $0.origin) } }
            let childRows = try Row.fetchAll(db, child.prefetchRequest(pairs: pairs, originKeys: originKeys))
            let pivotColumns = pairs.map { Self.pivotColumn($0.destination) }
            let groups = Dictionary(grouping: childRows) { row in pivotColumns.map { row[$0] as DatabaseValue } }
            for (index, key) in originKeys.enumerated() {
                prefetched[index][child.key] = groups[key] ?? []
            }
        }
        return zip(rows, prefetched).map { $0.withPrefetchedRows($1) }
    }

    /// The name of the column that holds the value of a matched column: `grdb_authorId`.
    static func pivotColumn(_ column: String) -> String { "grdb_" + column }
}

extension SQLRelationChild {
    /// The region of the prefetched rows, whatever the origin rows: the region of their request
    /// without the condition on the origin's values.
    func prefetchRegion(_ db: Database) throws -> DatabaseRegion {
        try prefetchRequest(pairs: condition.columnPairs(db, for: "including(all:)"), originKeys: nil).databaseRegion(
            db)
    }

    /// The request of the associated rows of origin rows, given the values of their matched columns
    /// (nil for the rows of any origin row).
    fileprivate func prefetchRequest(pairs: [(origin: String, destination: String)], originKeys: [[DatabaseValue]]?)
        -> QueryInterfaceRequest<Row>
    {
        let pivots = pairs.map { Column($0.destination).forKey(SQLRelation.pivotColumn($0.destination)) }
        let request = QueryInterfaceRequest<Row>(relation: relation).annotated(with: pivots)
        guard let originKeys else { return request }
        var seen: Set<[DatabaseValue]> = []
        let keys = originKeys.filter { key in !key.contains(where: \.isNull) && seen.insert(key).inserted }
        let columns = pairs.map { Column($0.destination) }
        let condition: SQLExpression
        if columns.count == 1 {
            let values = keys.map { $0[0] }
            condition = values.count == 1 ? columns[0] == values[0] : values.contains(columns[0])
        } else {
            condition = keys.map { key in zip(columns, key).map { $0 == $1 }.joined(operator: .and) }
                .joined(operator: .or)
        }
        return request.filter(condition)
    }
}

extension Row {
    /// The value of a column that an association matches.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when the row has no such column.
    fileprivate func prefetchKeyValue(forColumn column: String) throws -> DatabaseValue {
        guard let index = index(forColumn: column) else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "missing column \(column) in the selection, needed to prefetch associated records")
        }
        return databaseValue(atIndex: index)
    }
}
