import RSCore

/// A relation joined to its parent (`including(required:)`, `joining(optional:)`…) or prefetched
/// for its parent's rows (`including(all:)`).
struct SQLRelationChild: Sendable {
    /// How the child's rows are fetched.
    enum Kind: Sendable {
        /// `JOIN`: parent rows without a matching child row are left out.
        case oneRequired
        /// `LEFT JOIN`: parent rows without a matching child row get NULL values.
        case oneOptional
        /// A second query, whose rows are grouped by parent.
        case all
        /// Neither joined nor prefetched: the pivot of an association through others, which the
        /// queries of its prefetched children join (`including(all:)` of a `hasMany(_:through:using:key:)`).
        case bridge
    }

    /// The name of the scope of the child's columns, or of its prefetched rows.
    var key: String
    /// How the child's rows are fetched.
    var kind: Kind
    /// How child rows match parent rows.
    var condition: JoinCondition
    /// The child's table, and the parts of the request that apply to it.
    var relation: SQLRelation

    /// Whether the child is joined (to one row), rather than prefetched.
    var isJoined: Bool { kind == .oneRequired || kind == .oneOptional }
}

extension SQLRelation {
    /// The relation with a child, for an association. A child of the same key is merged with it (see
    /// `merge(_:)`). An association through others adds a child for its pivot, and the rest of the
    /// association under it: the pivots are joined, unselected, or are bridges to a prefetch.
    func appendingChild(for association: _SQLAssociation, kind: SQLRelationChild.Kind) -> SQLRelation {
        let isSingular = kind == .bridge ? association.destination.isToOne : kind != .all
        let child = SQLRelationChild(
            key: association.key.name(singular: isSingular), kind: kind, condition: association.condition,
            relation: association.relation)
        guard association.steps.count > 1 else { return appendingChild(child) }
        var pivots = _SQLAssociation(steps: association.steps.dropLast())
        pivots.relation.selection = []
        pivots.relation = pivots.relation.appendingChild(child)
        return appendingChild(for: pivots, kind: kind == .all ? .bridge : kind)
    }

    /// The relation with a child, merged with the child of the same key, if any.
    fileprivate func appendingChild(_ child: SQLRelationChild) -> SQLRelation {
        var result = self
        if let index = result.children.firstIndex(where: { $0.key == child.key }) {
            result.children[index].merge(child)
        } else {
            result.children.append(child)
        }
        return result
    }

    /// Removes the children that are not joined, here and in the joined relations.
    mutating func removePrefetchedChildren() {
        children.removeAll { !$0.isJoined }
        for index in children.indices { children[index].relation.removePrefetchedChildren() }
    }
}

extension SQLRelationChild {
    /// Merges a later child of the same key: its relation and its condition win, with the children
    /// of both, the join is required if one of them is, and the columns are selected if one of them
    /// selects them (`including` and `joining`). Both aliases name the merged table.
    ///
    /// A bridge merges with bridges only: merged with another child (the pivot association itself,
    /// joined or prefetched), that child stays, with a condition that throws a `DatabaseError`
    /// (`SQLITE_MISUSE`) when the request runs, where GRDB stops the program.
    fileprivate mutating func merge(_ other: SQLRelationChild) {
        if (kind == .bridge) != (other.kind == .bridge) {
            if kind == .bridge { self = other }
            let key = key
            relation.filterWhenConnected { _ in
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "ambiguous association key \(key): the pivot of an association through others, "
                        + "included with including(all:), is also included or joined by itself; "
                        + "give one of them another key with forKey(_:)")
            }
            return
        }
        let (selection, aliases) = (relation.selection, [relation.alias].compactMap { $0 } + relation.mergedAliases)
        let children = relation.children
        if !(kind == .oneRequired && other.kind == .oneOptional) { kind = other.kind }
        condition = other.condition
        relation = other.relation
        if relation.selection.isEmpty { relation.selection = selection }
        if relation.alias == nil { relation.alias = aliases.first }
        relation.mergedAliases += aliases.filter { $0 !== relation.alias }
        let otherChildren = relation.children
        relation.children = children
        relation = otherChildren.reduce(relation) { $0.appendingChild($1) }
    }
}
