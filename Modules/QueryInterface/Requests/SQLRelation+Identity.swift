import RSCore

extension SQLRelation {
    /// Whether the two relations are the same request, of the same values: they generate the same
    /// SQL, bind the same arguments, and read the same region. Only relations of one table whose
    /// deferred parts are built (see `resolvingDeferredParts(_:)`), with filters, a selection,
    /// orderings and a limit that can be compared, may be identical: false only says "maybe not"
    /// (groupings and associations are closures or hold some).
    func isIdentical(to other: SQLRelation) -> Bool {
        guard isComparableShape, other.isComparableShape,
            table.hasSameBytes(as: other.table),
            isDistinct == other.isDistinct,
            isReversed == other.isReversed,
            limit?.count == other.limit?.count, limit?.offset == other.limit?.offset,
            filters.isIdentical(to: other.filters),
            resolvedOrderingTerms?.count == other.resolvedOrderingTerms?.count,
            selection.count == other.selection.count
        else { return false }
        if let orderings = resolvedOrderingTerms, let otherOrderings = other.resolvedOrderingTerms,
            !orderings.indices.allSatisfy({ orderings[$0].isIdentical(to: otherOrderings[$0]) })
        {
            return false
        }
        return selection.indices.allSatisfy { selection[$0].isIdentical(to: other.selection[$0]) }
    }

    /// Whether the relation has none of the parts that `isIdentical(to:)` cannot compare.
    private var isComparableShape: Bool {
        alias == nil && mergedAliases.isEmpty && grouping == nil && havings.isEmpty && orderings.isEmpty
            && children.isEmpty && ctes.isEmpty
    }
}
