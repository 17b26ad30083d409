/// A cursor of the values of a base cursor that satisfy a predicate: what ``Cursor/filter(_:)``
/// returns.
public final class FilterCursor<Base: Cursor>: Cursor {
    private let base: Base
    private let isIncluded: (Base.Element) throws -> Bool

    init(_ base: Base, _ isIncluded: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.isIncluded = isIncluded
    }

    /// The next value of the base cursor that satisfies the predicate.
    public func next() throws -> Base.Element? {
        try base.first(where: isIncluded)
    }

    /// Calls `body` on each remaining value of the base cursor that satisfies the predicate.
    public func forEach(_ body: (Base.Element) throws -> Void) throws {
        // The base cursor's own forEach (a cursor is not a Sequence, to be looped over with for-in).
        // swift-format-ignore: ReplaceForEachWithForLoop
        try base.forEach { element in
            if try isIncluded(element) { try body(element) }
        }
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension FilterCursor: Sendable {}
