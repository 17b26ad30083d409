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
    var isJoined: Bool { kind != .all }
}

extension SQLRelation {
    /// The relation with a child, for an association. A child of the same key is merged with it (see
    /// `merge(_:)`).
    func appendingChild(for association: _SQLAssociation, kind: SQLRelationChild.Kind) -> SQLRelation {
        let key = association.key.name(singular: kind != .all)
        var result = self
        let child = SQLRelationChild(
            key: key, kind: kind, condition: association.condition, relation: association.relation)
        if let index = result.children.firstIndex(where: { $0.key == key }) {
            result.children[index].merge(child)
        } else {
            result.children.append(child)
        }
        return result
    }
}

extension SQLRelationChild {
    /// Merges a later child of the same key: its relation and its condition win, the join is
    /// required if one of them is, and the columns are selected if one of them selects them
    /// (`including` and `joining`). Both aliases name the merged table.
    fileprivate mutating func merge(_ other: SQLRelationChild) {
        let (selection, aliases) = (relation.selection, [relation.alias].compactMap { $0 } + relation.mergedAliases)
        if !(kind == .oneRequired && other.kind == .oneOptional) { kind = other.kind }
        condition = other.condition
        relation = other.relation
        if relation.selection.isEmpty { relation.selection = selection }
        if relation.alias == nil { relation.alias = aliases.first }
        relation.mergedAliases += aliases.filter { $0 !== relation.alias }
    }
}
