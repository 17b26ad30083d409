import RSCore

extension QueryInterfaceRequest {
    /// The region the request reads: the tables and columns of its statement, and, when it filters
    /// the rowid of its table by values (`filter(key:)`, `filter(id:)`, `Column("id") == 1`, or
    /// `[1, 2].contains(Column("id"))` on an INTEGER PRIMARY KEY), only those rows of the table.
    ///
    /// An observation of one row is then not refreshed by a change to another row.
    ///
    /// The region of a request that includes associations is the region of its statement, which
    /// joins their tables, and of the queries of its prefetched associations, which join their pivots.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        var region = try relation.region(of: makePreparedRequest(db, forSingleResult: false).statement, db)
        for association in relation.prefetchedAssociationsAtAnyDepth {
            region.formUnion(try association.prefetchRegion(db))
        }
        return region
    }
}

extension SQLRelation {
    /// The region of the relation, given its prepared statement.
    func region(of statement: Statement, _ db: Database) throws -> DatabaseRegion {
        let region = statement.databaseRegion
        guard let rowIDs = try filteredRowIDs(db) else { return region }
        return region.limitingRows(ofTable: table, to: rowIDs)
    }

    /// The rowids the filters restrict the table to, or nil when they may select any row.
    ///
    /// Only conjuncts `rowid = value` and `rowid IN (values)` with integer values restrict the rows;
    /// a relation whose expressions may read the table in a subquery or in SQL text is not
    /// restricted, since the subquery may read other rows, nor a relation with common table
    /// expressions, whose requests may read any row (and whose table may be one of them).
    func filteredRowIDs(_ db: Database) throws -> Set<Int64>? {
        guard !filters.isEmpty, allCTEs.isEmpty else { return nil }
        let filters = try filters.map { try $0.resolvedFilter(db) }
        guard try !mayReadOtherRows(of: table, filters: filters, db) else { return nil }
        let rowIDColumns = try rowIDColumnNames(db)
        var result: Set<Int64>?
        for conjunct in filters.flatMap(\.conjuncts) {
            guard let rowIDs = conjunct.rowIDs(rowIDColumns: rowIDColumns) else { continue }
            result = result.map { $0.intersection(rowIDs) } ?? rowIDs
        }
        return result
    }

    /// Whether the relation, or a relation it joins, may read rows of a table in a subquery, in SQL
    /// text, or by joining it.
    ///
    /// - parameter filters: The filters of the relation, resolved.
    private func mayReadOtherRows(of table: String, filters: [SQLExpression], _ db: Database) throws -> Bool {
        if filters.contains(where: \.mayReadOtherRows) { return true }
        for selection in selection {
            if case .deferred(let resolve) = selection.node {
                if try resolve(db).contains(where: { try $0.mayReadOtherRows(db) }) { return true }
            } else if try selection.mayReadOtherRows(db) {
                return true
            }
        }
        if try groups(db).contains(where: { try $0.resolvedFilter(db).mayReadOtherRows }) { return true }
        if try havings.contains(where: { try $0.resolvedFilter(db).mayReadOtherRows }) { return true }
        for child in children where child.isJoined {
            if child.relation.table.lowercased() == table.lowercased() { return true }
            let childFilters = try child.relation.filters.map { try $0.resolvedFilter(db) }
            if try child.relation.mayReadOtherRows(of: table, filters: childFilters, db) { return true }
        }
        return false
    }

    /// The lowercased names that denote the rowid of the table: `rowid`, `oid` and `_rowid_`, unless
    /// a column of the table has that name (and hides the rowid), and its INTEGER PRIMARY KEY.
    private func rowIDColumnNames(_ db: Database) throws -> Set<String> {
        // Cached with the schema: the region is recorded at each fetch of an observation.
        try db.schemaCachedValue(forKey: "rowIDColumnNames:" + table) {
            var names = try db.uniqueKeys(table).rowIDNames
            if let column = try db.primaryKeyUnlessKeylessView(table)?.rowIDColumn { names.insert(column.lowercased()) }
            return names
        }
    }
}

extension SQLSelection {
    /// Whether the selection may read rows through a subquery or SQL text. (A deferred selection
    /// nested in another one is not resolved: it may.)
    fileprivate func mayReadOtherRows(_ db: Database) throws -> Bool {
        switch node {
        case .allColumns, .allColumnsExcluding: return false
        case .expression(let expression), .aliased(let expression, _):
            return try expression.resolvedFilter(db).mayReadOtherRows
        case .qualified(let selection, _): return try selection.mayReadOtherRows(db)
        case .deferred: return true
        }
    }
}

extension SQLExpression {
    /// The operands of a top-level AND, or the expression itself.
    fileprivate var conjuncts: [SQLExpression] {
        if case .associative("AND", let operands) = node { return operands.flatMap { $0.conjuncts } }
        return [self]
    }

    /// The rowids of `rowid = value` or `rowid IN (values)`, no rowid for a false constant (the
    /// condition of `none()`), and nil for other expressions.
    fileprivate func rowIDs(rowIDColumns: Set<String>) -> Set<Int64>? {
        func isRowID(_ expression: SQLExpression) -> Bool {
            if case .column(let name) = expression.node { return rowIDColumns.contains(name.lowercased()) }
            return false
        }
        switch node {
        case .value(let value) where value.isNull || integerValue == 0:
            return []
        case .binary("=", let lhs, let rhs) where isRowID(lhs):
            return rhs.integerValue.map { [$0] }
        case .binary("=", let lhs, let rhs) where isRowID(rhs):
            return lhs.integerValue.map { [$0] }
        case .inList(let operand, let values, negated: false) where isRowID(operand):
            let integers = values.compactMap { $0.integerValue }
            return integers.count == values.count ? Set(integers) : nil
        default:
            return nil
        }
    }

    /// The value of an integer value expression.
    private var integerValue: Int64? {
        if case .value(let value) = node, case .int64(let integer) = value.storage { return integer }
        return nil
    }

    /// Whether the expression may read rows through a subquery or SQL text.
    fileprivate var mayReadOtherRows: Bool {
        switch node {
        case .value, .column, .table, .rowExists, .countAll: return false
        case .literal, .inSubquery, .inTable, .subquery, .exists: return true
        case .deferred, .qualified: return true  // resolved before, when they are top-level
        case .prefix(_, let operand), .collated(let operand, _), .cast(let operand, _), .jsonValue(let operand):
            return operand.mayReadOtherRows
        case .binary(_, let lhs, let rhs): return lhs.mayReadOtherRows || rhs.mayReadOtherRows
        case .associative(_, let operands), .function(_, let operands, _):
            return operands.contains { $0.mayReadOtherRows }
        case .inList(let operand, let values, _): return ([operand] + values).contains { $0.mayReadOtherRows }
        case .between(let operand, let lower, let upper, _):
            return [operand, lower, upper].contains { $0.mayReadOtherRows }
        case .like(let operand, let pattern, let escape, _):
            return [operand, pattern, escape].compactMap { $0 }.contains { $0.mayReadOtherRows }
        }
    }
}
