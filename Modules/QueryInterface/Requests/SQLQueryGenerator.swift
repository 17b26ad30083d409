import RSCore

/// The SELECT statement of a relation and of the relations it joins, as GRDB writes it: the tables
/// named after their aliases, unqualified columns qualified with their table when the statement
/// reads several tables, the filters of joined relations in their ON clauses, and the adapter that
/// puts the columns of each included relation in the row scope of its key.
///
/// ```sql
/// SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId"
/// ```
///
/// Prefetched relations (`including(all:)`) are left out: each is a query of its own.
struct SQLQueryGenerator {
    /// A joined table: the root relation, or a relation it joins, at any depth.
    private struct Node {
        var relation: SQLRelation
        /// The index of the node that joins this one (nil for the root).
        var parent: Int?
        /// The join (nil for the root).
        var child: SQLRelationChild?
        /// The alias that names the node's table: the relation's, or one made for a join.
        var alias: TableAliasBase
        /// The name of the table in the statement.
        var name = ""
    }

    /// The joined tables, root first, then each join followed by the joins it makes.
    private var nodes: [Node] = []
    /// Whether columns are qualified with their table: when the statement reads several tables,
    /// or when an alias was given a name.
    private var isQualified = false
    /// The common table expressions of the WITH clause.
    private let ctes: [SQLCommonTableExpression]

    /// The generator of the SELECT statement of a relation.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for an alias given to two tables, two aliases of
    ///   the same name, and joins that GRDB does not support either (a required join behind an
    ///   optional one; a joined relation with DISTINCT, GROUP BY, HAVING or LIMIT).
    init(relation: SQLRelation) throws {
        ctes = relation.allCTEs
        appendNode(relation, parent: nil, child: nil)
        isQualified = nodes.count > 1 || nodes.contains { $0.alias.userName != nil }
        if nodes.count == 1 {
            // One table (the common case, at each fetch of an observation): its own name.
            nodes[0].name = nodes[0].alias.userName ?? relation.table
        } else {
            try checkJoins()
            try nameTables()
        }
    }

    private mutating func appendNode(_ relation: SQLRelation, parent: Int?, child: SQLRelationChild?) {
        let index = nodes.count
        // A table without alias gets one in a join, whose ON clause qualifies its columns. The only
        // table of a request needs none: `unaliased` stands for it, and no expression refers to it.
        let alias =
            relation.alias ?? (parent == nil && relation.children.isEmpty ? unaliased : TableAliasBase(userName: nil))
        nodes.append(Node(relation: relation, parent: parent, child: child, alias: alias))
        for child in relation.children where child.isJoined {
            appendNode(child.relation, parent: index, child: child)
        }
    }

    /// Names each table: after its alias's name, or else after the table. When several tables get one
    /// name (regardless of case), those without a name of their own are numbered, in order: `"a1"`, `"a2"`.
    private mutating func nameTables() throws {
        var seenAliases: Set<ObjectIdentifier> = []
        for node in nodes where !seenAliases.insert(ObjectIdentifier(node.alias)).inserted {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "a table alias can't name two tables of a request")
        }
        let userNames = nodes.compactMap { $0.alias.userName?.lowercased() }
        if let duplicate = Dictionary(grouping: userNames, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "ambiguous alias: \(duplicate)")
        }
        let groups = Dictionary(grouping: nodes.indices) {
            (nodes[$0].alias.userName ?? nodes[$0].relation.table).lowercased()
        }
        var usedNames = Set(nodes.indices.filter { groups[nodeKey($0)]!.count == 1 }.map(nodeKey))
        usedNames.formUnion(userNames)
        for index in nodes.indices {
            if let userName = nodes[index].alias.userName {
                nodes[index].name = userName
            } else if groups[nodeKey(index)]!.count == 1 {
                nodes[index].name = nodes[index].relation.table
            } else {
                let radical = nodes[index].relation.table.digitlessRadical
                var number = 1
                while usedNames.contains("\(radical)\(number)".lowercased()) { number += 1 }
                nodes[index].name = "\(radical)\(number)"
                usedNames.insert(nodes[index].name.lowercased())
            }
        }
    }

    /// Throws for the joins that GRDB does not support either: a required join behind an optional
    /// one, a joined relation with DISTINCT, GROUP BY, HAVING or LIMIT.
    private func checkJoins() throws {
        for node in nodes {
            if node.child?.kind == .oneRequired, let parent = node.parent, nodes[parent].child?.kind == .oneOptional {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "a required association can't be joined behind an optional one"
                )
            }
            if node.parent != nil, let unsupported = node.relation.unsupportedJoinClause {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE, message: "an association with \(unsupported) can't be joined")
            }
        }
    }

    private func nodeKey(_ index: Int) -> String {
        (nodes[index].alias.userName ?? nodes[index].relation.table).lowercased()
    }

    /// Registers the names of the aliases, so that qualified expressions find them. (A table of
    /// its own, without alias, has none: no expression refers to it.)
    private func prepare(_ context: inout SQLGenerationContext) {
        if nodes.count == 1 && nodes[0].relation.alias == nil && nodes[0].relation.mergedAliases.isEmpty { return }
        for node in nodes {
            for alias in [node.alias] + node.relation.mergedAliases {
                context.aliasNames[ObjectIdentifier(alias)] = isQualified ? node.name : .some(nil)
                context.aliasTables[ObjectIdentifier(alias)] = node.relation.table
            }
        }
    }

    /// Sets the qualifier of the unqualified columns of a node.
    private func qualify(_ context: inout SQLGenerationContext, _ index: Int) {
        context.qualifier = isQualified ? nodes[index].name : nil
        context.relationTable = (nodes[index].relation.table, nodes[index].name)
    }

    /// The SELECT statement.
    ///
    /// - parameters:
    ///   - singleResult: Adds LIMIT 1 when the request has no limit.
    ///   - ordered: Whether the statement has its ORDER BY clause (a count needs none).
    ///   - withClause: Whether the statement begins with the WITH clause of the common table
    ///     expressions (a subquery of a statement that has it needs none).
    func selectSQL(
        _ context: inout SQLGenerationContext, singleResult: Bool = false, ordered: Bool = true,
        withClause: Bool = true
    ) throws -> String {
        prepare(&context)
        defer {
            context.qualifier = nil
            context.relationTable = nil
        }
        let root = nodes[0].relation
        var sql = withClause ? try ctes.withClause.sql(&context) : ""
        sql += root.isDistinct ? "SELECT DISTINCT " : "SELECT "
        var separator = ""
        for index in nodes.indices where !nodes[index].relation.selection.isEmpty {
            qualify(&context, index)
            for selection in nodes[index].relation.selection {
                sql += separator
                sql += try selection.sql(&context)
                separator = ", "
            }
        }
        sql += " FROM "
        sql += tableSQL(0)
        for index in nodes.indices.dropFirst() {
            sql += try joinSQL(&context, index)
        }
        qualify(&context, 0)
        let db = try context.database()
        sql += try root.whereClause(&context)
        let groups = try root.groups(db)
        if !groups.isEmpty {
            sql += " GROUP BY " + (try groups.map { try $0.sql(&context) }.joined(separator: ", "))
        }
        if !root.havings.isEmpty {
            sql += " HAVING " + (try root.havings.resolvedConjunction(db).sql(&context))
        }
        if ordered {
            var orderings: [String] = []
            for index in nodes.indices {
                qualify(&context, index)
                var nodeOrderings = try nodes[index].relation.resolvedOrderings(db)
                if index > 0 && root.isReversed { nodeOrderings = nodeOrderings.map(\.reversed) }
                orderings += try nodeOrderings.map { try $0.sql(&context) }
            }
            if !orderings.isEmpty { sql += " ORDER BY " + orderings.joined(separator: ", ") }
        }
        if let limit = root.limit {
            sql += " LIMIT \(limit.count)"
            if let offset = limit.offset { sql += " OFFSET \(offset)" }
        } else if singleResult {
            sql += " LIMIT 1"
        }
        return sql
    }

    /// `"book"`, or `"book" "b"` for a table of another name.
    private func tableSQL(_ index: Int) -> String {
        let table = nodes[index].relation.table.quotedDatabaseIdentifier
        let name = nodes[index].name
        return name == nodes[index].relation.table ? table : table + " " + name.quotedDatabaseIdentifier
    }

    /// ` JOIN "author" ON "author"."id" = "book"."authorId"`, with the joined relation's filters, or
    /// ` JOIN "cte"` when the association matches every row and the relation has no filter.
    private func joinSQL(_ context: inout SQLGenerationContext, _ index: Int) throws -> String {
        let node = nodes[index]
        guard let child = node.child, let parent = node.parent else { return "" }
        let db = try context.database()
        var conditions = try [child.condition.joinExpression(db, left: nodes[parent].alias, right: node.alias)]
            .compactMap { $0 }
        conditions += try node.relation.filters.map { try $0.resolvedFilter(db) }
        qualify(&context, index)
        let join = (child.kind == .oneRequired ? " JOIN " : " LEFT JOIN ") + tableSQL(index)
        guard !conditions.isEmpty else { return join }
        return join + " ON " + (try conditions.joined(operator: .and).sql(&context))
    }

    /// The adapter of the fetched rows: the columns of the root relation, and a scope for each
    /// included relation; nil when no relation is included.
    func rowAdapter(_ db: Database) throws -> (any RowAdapter)? {
        guard nodes.dropFirst().contains(where: { !$0.relation.selection.isEmpty }) else { return nil }
        var columnCounts: [Int] = []
        for node in nodes {
            columnCounts.append(
                try node.relation.resolvedSelection(db).reduce(0) {
                    try $0 + columnCount(of: $1, in: node.relation.table, db)
                })
        }
        var start = 0
        var starts: [Int] = []
        for count in columnCounts {
            starts.append(start)
            start += count
        }
        func adapter(_ index: Int) -> any RowAdapter {
            let range = RangeRowAdapter(starts[index]..<(starts[index] + columnCounts[index]))
            var scopes: [String: any RowAdapter] = [:]
            for childIndex in nodes.indices where nodes[childIndex].parent == index {
                scopes[nodes[childIndex].child!.key] = adapter(childIndex)
            }
            return scopes.isEmpty ? range : ScopeAdapter(base: range, scopes: scopes)
        }
        return adapter(0)
    }

    /// The number of columns of a selection: those of the table (or common table expression) for
    /// `*`, one for an expression.
    private func columnCount(of selection: SQLSelection, in table: String, _ db: Database) throws -> Int {
        switch selection.node {
        case .allColumns:
            if let cte = ctes.named(table) { return try ctes.columnCount(of: cte, db) }
            return try db.schemaCachedValue(forKey: "columnCount:" + table) { try db.columns(in: table).count }
        case .allColumnsExcluding(let excludedColumns):
            return try db.columnNames(in: table, excluding: excludedColumns).count
        case .expression, .aliased:
            return 1
        case .qualified(let selection, let alias):
            let aliasTable = nodes.first { $0.alias === alias }?.relation.table ?? table
            return try columnCount(of: selection, in: aliasTable, db)
        case .deferred(let resolve):
            return try resolve(db).reduce(0) { try $0 + columnCount(of: $1, in: table, db) }
        }
    }
}

/// The alias of the only table of a request that has no alias of its own.
private let unaliased = TableAliasBase(userName: nil)

extension SQLRelation {
    /// The clause that a joined relation can't have, if any.
    fileprivate var unsupportedJoinClause: String? {
        if isDistinct { return "DISTINCT" }
        if grouping != nil { return "GROUP BY" }
        if !havings.isEmpty { return "HAVING" }
        if limit != nil { return "LIMIT" }
        return nil
    }

    /// ` WHERE …`, or nothing when there is no filter.
    func whereClause(_ context: inout SQLGenerationContext) throws -> String {
        guard !filters.isEmpty else { return "" }
        return " WHERE " + (try filters.resolvedConjunction(context.database()).sql(&context))
    }

    /// ` WHERE …` of a statement on the relation's table alone, without alias: `DELETE FROM "book"
    /// WHERE …`, `SELECT COUNT(*) FROM "book" WHERE …`.
    func tableWhereClause(_ context: inout SQLGenerationContext) throws -> String {
        context.relationTable = (table, table)
        defer { context.relationTable = nil }
        return try whereClause(&context)
    }

    /// The SQL of the SELECT statement, with its joins.
    ///
    /// - parameters:
    ///   - singleResult: Adds LIMIT 1 when the request has no limit.
    ///   - withClause: Whether the statement begins with its WITH clause.
    func selectSQL(_ context: inout SQLGenerationContext, singleResult: Bool = false, withClause: Bool = true) throws
        -> String
    {
        try SQLQueryGenerator(relation: self).selectSQL(&context, singleResult: singleResult, withClause: withClause)
    }
}

extension SQLExpression {
    /// The expression of a filter: a condition that the request builds when it runs is built now, so
    /// that conditions joined with AND form one flat list.
    func resolvedFilter(_ db: Database) throws -> SQLExpression {
        if case .deferred(let resolve) = node { return try resolve(db).resolvedFilter(db) }
        return self
    }
}

extension [SQLExpression] {
    /// The conditions, built, joined with AND.
    fileprivate func resolvedConjunction(_ db: Database) throws -> SQLExpression {
        if count == 1 { return try self[0].resolvedFilter(db) }
        return try map { try $0.resolvedFilter(db) }.joined(operator: .and)
    }
}
