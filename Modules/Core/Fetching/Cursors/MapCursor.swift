/// A cursor of the values of a base cursor, transformed: what ``Cursor/map(_:)`` returns.
public final class MapCursor<Base: Cursor, Element>: Cursor {
    private let base: Base
    private let transform: (Base.Element) throws -> Element

    init(_ base: Base, _ transform: @escaping (Base.Element) throws -> Element) {
        self.base = base
        self.transform = transform
    }

    /// The next value of the base cursor, transformed.
    public func next() throws -> Element? {
        try base.next().map(transform)
    }

    /// Calls `body` on each remaining value of the base cursor, transformed.
    public func forEach(_ body: (Element) throws -> Void) throws {
        // The base cursor's own forEach (a cursor is not a Sequence, to be looped over with for-in).
        // swift-format-ignore: ReplaceForEachWithForLoop
        try base.forEach { try body(transform($0)) }
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension MapCursor: Sendable {}
