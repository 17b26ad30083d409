/// A cursor of pairs of a position, from zero, and a value of a base cursor: what
/// ``Cursor/enumerated()`` returns.
public final class EnumeratedCursor<Base: Cursor>: Cursor {
    private let base: Base
    private var offset = 0

    init(_ base: Base) {
        self.base = base
    }

    /// The next value of the base cursor, with its position.
    public func next() throws -> (Int, Base.Element)? {
        guard let element = try base.next() else { return nil }
        defer { offset += 1 }
        return (offset, element)
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension EnumeratedCursor: Sendable {}
