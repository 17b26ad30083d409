/// The difference between two arrays whose elements have an identity: the elements deleted,
/// inserted, moved and updated, with their offsets, such that applying it to the old array gives
/// the new one (`applying(to:)`), as a list view animates it.
///
/// ```swift
/// let diff = OrderedDiff(from: oldPlayers, to: newPlayers)   // Identifiable & Equatable players
/// let diff = OrderedDiff(from: oldPlayers, to: newPlayers, by: \.name)
/// diff.applying(to: oldPlayers) == newPlayers                 // true
/// ```
///
/// Offsets follow the conventions of `CollectionDifference` (and of `UITableView`'s batch updates):
/// - deletions, and the source (`from`) of moves, are offsets in the **old** array;
/// - insertions, and the destination (`to`) of moves, are offsets in the **new** array;
/// - each update has both: `oldOffset` (the one `reloadRows` wants, with the deletions) and
///   `newOffset`.
///
/// To apply a diff: remove the deleted elements and the sources of moves from the old array, then
/// insert the inserted elements and the destinations of moves at their offsets in ascending order,
/// then replace each updated element at its `newOffset`.
///
/// Elements of the same identity in both arrays are the same element. Those whose relative order
/// changed are *moved*: as few as possible (the others form a longest increasing subsequence of
/// old offsets). An element with the same identity and a different value is *updated*, whether it
/// moved or not. When an identity appears several times in an array, its occurrences pair one to
/// one (which of them pair is unspecified: the diff applies either way).
public struct OrderedDiff<Element> {
    /// The number of elements of the old array.
    public let oldCount: Int
    /// The number of elements of the new array.
    public let newCount: Int
    /// The elements of the old array whose identity is not in the new one, by ascending offset in
    /// the old array.
    public let deletions: [Deletion]
    /// The elements of the new array whose identity was not in the old one, by ascending offset in
    /// the new array.
    public let insertions: [Insertion]
    /// The elements whose order relative to the others changed, by ascending offset in the new
    /// array.
    public let moves: [Move]
    /// The elements of both arrays whose value changed, by ascending offset in the new array.
    public let updates: [Update]

    /// Whether the arrays have the same elements, in the same order.
    public var isEmpty: Bool { deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The diff from an array of `oldCount` elements to one of `newCount` elements (internal: the
    /// changes must be consistent, which the public initializers guarantee).
    @usableFromInline
    init(
        oldCount: Int, newCount: Int, deletions: [Deletion], insertions: [Insertion], moves: [Move], updates: [Update]
    ) {
        self.oldCount = oldCount
        self.newCount = newCount
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
    }
}

extension OrderedDiff: Sendable where Element: Sendable {}
extension OrderedDiff: Equatable where Element: Equatable {}
