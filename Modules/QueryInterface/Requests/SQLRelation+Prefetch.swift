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

    /// The associations that the relation prefetches, from its table: its `including(all:)`
    /// children, and those behind its bridges, through them (`hasMany(_:through:using:key:)`).
    var prefetchedAssociations: [_SQLAssociation] {
        children.flatMap { child -> [_SQLAssociation] in
            let step = SQLAssociationStep(
                key: .fixedPlural(child.key), condition: child.condition, relation: child.relation, isToOne: false)
            switch child.kind {
            case .all: return [_SQLAssociation(steps: [step])]
            case .bridge:
                return child.relation.prefetchedAssociations.map { $0.through(_SQLAssociation(steps: [step])) }
            case .oneRequired, .oneOptional: return []
            }
        }
    }

    /// The rows, each with the rows of the relation's prefetched associations, under the key of
    /// their destination, and the scopes of its joined associations with theirs.
    ///
    /// - throws: A `DatabaseError`: the error of a query; `SQLITE_MISUSE` when a row lacks a column
    ///   that the association matches, or for a prefetch behind `joining`, whose rows have no scope.
    func prefetch(_ db: Database, into rows: [Row]) throws -> [Row] {
        guard !rows.isEmpty else { return rows }
        var prefetched = [PrefetchedRowsTree](repeating: PrefetchedRowsTree(), count: rows.count)
        for association in prefetchedAssociations {
            let pairs = try association.pivot.condition.columnPairs(db, for: "including(all:)")
            let originKeys = try rows.map { row in try pairs.map { try row.prefetchKeyValue(forColumn: $0.origin) } }
            let childRows = try Row.fetchAll(db, association.prefetchRequest(pairs: pairs, originKeys: originKeys))
            // The rows of one fetch share their columns: the pivot columns are looked up once.
            let pivotIndexes = childRows.first.map { row in
                pairs.compactMap { row.index(forColumn: Self.pivotColumn($0.destination)) }
            }
            let key = association.key.name(singular: false)
            let groups = Self.groups(of: childRows, pivotIndexes: pivotIndexes ?? [], originKeys: originKeys)
            for (index, group) in groups.enumerated() { prefetched[index].rows[key] = group }
        }
        // Behind a joined association, the rows of its scope get theirs.
        for child in children where child.isJoined && child.relation.prefetchesRows {
            let scopedRows = try rows.map { row in
                guard let scopedRow = row.scopes[child.key] else {
                    throw DatabaseError(
                        resultCode: .SQLITE_MISUSE,
                        message: "including(all:) behind joining(required:) or joining(optional:) is not "
                            + "supported: include the joined association (including(required:) or "
                            + "including(optional:))")
                }
                return scopedRow
            }
            for (index, scopedRow) in try child.relation.prefetch(db, into: scopedRows).enumerated() {
                prefetched[index].scopes[child.key] = scopedRow.prefetchedRowsTree
            }
        }
        return zip(rows, prefetched).map { $0.withPrefetchedRows($1) }
    }

    /// The associated rows of each origin row, in the order of their keys: those whose pivot columns
    /// (at `pivotIndexes`) hold the values of the origin's matched columns.
    private static func groups(of childRows: [Row], pivotIndexes: [Int], originKeys: [[DatabaseValue]]) -> [[Row]] {
        if let groups = integerKeyGroups(of: childRows, pivotIndexes: pivotIndexes, originKeys: originKeys) {
            return groups
        }
        let groups = Dictionary(grouping: childRows) { row in PrefetchKey(row, indexes: pivotIndexes) }
        return originKeys.map { groups[PrefetchKey($0)] ?? [] }
    }

    /// The groups of the common case, one integer column, hashed as integers (cheaper than
    /// `PrefetchKey`, which hashes an integer as the real it equals): nil when a key is no integer.
    private static func integerKeyGroups(of childRows: [Row], pivotIndexes: [Int], originKeys: [[DatabaseValue]])
        -> [[Row]]?
    {
        guard pivotIndexes.count == 1 else { return nil }
        var groups: [Int64: [Row]] = Dictionary(minimumCapacity: originKeys.count)
        // Each group starts with room for the average group, which spares most of its reallocations.
        let averageCount = childRows.count / max(originKeys.count, 1) + 1
        for row in childRows {
            guard case .int64(let value) = row.databaseValue(atIndex: pivotIndexes[0]).storage else { return nil }
            if let index = groups.index(forKey: value) {
                groups.values[index].append(row)
            } else {
                groups[value] = Self.group(of: row, capacity: averageCount)
            }
        }
        var originGroups: [[Row]] = []
        originGroups.reserveCapacity(originKeys.count)
        for originKey in originKeys {
            guard case .int64(let value) = originKey[0].storage else { return nil }
            originGroups.append(groups[value] ?? [])
        }
        return originGroups
    }

    /// A group of one row, with room for `capacity` rows.
    private static func group(of row: Row, capacity: Int) -> [Row] {
        var group: [Row] = []
        group.reserveCapacity(capacity)
        group.append(row)
        return group
    }

    /// The associations that the relation prefetches, and those that its joined associations
    /// prefetch, at any depth: the tables of all of them are in the region of the request.
    var prefetchedAssociationsAtAnyDepth: [_SQLAssociation] {
        prefetchedAssociations
            + children.filter(\.isJoined).flatMap { $0.relation.prefetchedAssociationsAtAnyDepth }
    }

    /// The name of the column that holds the value of a matched column: `grdb_authorId`.
    static func pivotColumn(_ column: String) -> String { "grdb_" + column }
}

/// The values of an association's matched columns in a row: an origin row and its associated rows
/// meet under equal keys. The key of one column, the common case, holds its value without an array,
/// which would cost an allocation for each associated row, and more to hash and compare.
private enum PrefetchKey: Hashable {
    case column(DatabaseValue)
    case columns([DatabaseValue])

    /// The key of these values.
    init(_ values: [DatabaseValue]) {
        self = values.count == 1 ? .column(values[0]) : .columns(values)
    }

    /// The key of the values of a row at these indexes.
    init(_ row: Row, indexes: [Int]) {
        self =
            indexes.count == 1
            ? .column(row.databaseValue(atIndex: indexes[0])) : .columns(indexes.map(row.databaseValue(atIndex:)))
    }
}

extension _SQLAssociation {
    /// The region of the prefetched rows, whatever the origin rows: the region of their request
    /// without the condition on the origin's values.
    func prefetchRegion(_ db: Database) throws -> DatabaseRegion {
        try prefetchRequest(pairs: pivot.condition.columnPairs(db, for: "including(all:)"), originKeys: nil)
            .databaseRegion(db)
    }

    /// The request of the associated rows of origin rows, given the values of their matched columns
    /// (nil for the rows of any origin row): the destination rows, with the values of the pivot's
    /// matched columns, whose pivot rows match the origin rows.
    ///
    /// ```sql
    /// SELECT "citizen".*, "passport"."countryCode" AS "grdb_countryCode" FROM "citizen"
    /// JOIN "passport" ON ("passport"."citizenId" = "citizen"."id") AND ("passport"."countryCode" IN ('FR', 'US'))
    /// ```
    fileprivate func prefetchRequest(pairs: [(origin: String, destination: String)], originKeys: [[DatabaseValue]]?)
        -> QueryInterfaceRequest<Row>
    {
        let alias = pivot.relation.alias ?? TableAliasBase(userName: nil)
        var association = self
        association.pivot.relation.alias = alias
        if let originKeys { association.pivot.relation.filters.append(Self.prefetchCondition(pairs, originKeys)) }
        let pivots = pairs.map { alias[$0.destination].forKey(SQLRelation.pivotColumn($0.destination)) }
        return QueryInterfaceRequest<Row>(relation: association.destinationRelation()).annotated(with: pivots)
    }

    /// The condition on the pivot's matched columns: their values are those of an origin row.
    private static func prefetchCondition(
        _ pairs: [(origin: String, destination: String)], _ originKeys: [[DatabaseValue]]
    )
        -> SQLExpression
    {
        // Keys of one column, the common case, are hashed without an array (see `PrefetchKey`).
        var seen: Set<PrefetchKey> = []
        let keys = originKeys.filter { key in !key.contains(where: \.isNull) && seen.insert(PrefetchKey(key)).inserted }
        let columns = pairs.map { Column($0.destination) }
        if columns.count == 1 {
            let values = keys.map { $0[0] }
            return values.count == 1 ? columns[0] == values[0] : values.contains(columns[0])
        }
        return keys.map { key in zip(columns, key).map { $0 == $1 }.joined(operator: .and) }.joined(operator: .or)
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
