extension OrderedDiff {
    /// The new array, from the old one: nil when `old` does not have `oldCount` elements.
    ///
    /// The deletions and moves go through the standard library's `CollectionDifference` (moves are
    /// its associated removals and insertions, as `inferringMoves()` marks them), applied in
    /// `O(N + M)` time; then each update replaces its element.
    public func applying(to old: [Element]) -> [Element]? {
        guard old.count == oldCount, let difference = collectionDifference(from: old),
            var result = old.applying(difference)
        else { return nil }
        for update in updates { result[update.newOffset] = update.element }
        return result
    }

    /// Turns the old array into the new one. Returns false, and leaves the array as it is, when it
    /// does not have `oldCount` elements.
    @discardableResult
    public func apply(to array: inout [Element]) -> Bool {
        guard let result = applying(to: array) else { return false }
        array = result
        return true
    }

    /// The deletions, insertions and moves of the diff, as a `CollectionDifference` of the old
    /// array: a move is a removal and an insertion associated with each other. The updates are not
    /// in it (an updated element that moved is inserted with its new value).
    ///
    /// Nil when `old` does not have `oldCount` elements.
    public func collectionDifference(from old: [Element]) -> CollectionDifference<Element>? {
        guard old.count == oldCount else { return nil }
        var changes: [CollectionDifference<Element>.Change] = []
        changes.reserveCapacity(deletions.count + insertions.count + 2 * moves.count)
        for deletion in deletions {
            changes.append(.remove(offset: deletion.offset, element: deletion.element, associatedWith: nil))
        }
        for insertion in insertions {
            changes.append(.insert(offset: insertion.offset, element: insertion.element, associatedWith: nil))
        }
        for move in moves {
            changes.append(.remove(offset: move.from, element: old[move.from], associatedWith: move.to))
            changes.append(.insert(offset: move.to, element: move.element, associatedWith: move.from))
        }
        return CollectionDifference(changes)
    }
}
