/// A cursor of the first values of a base cursor, up to a count: what ``Cursor/prefix(_:)`` returns.
public final class PrefixCursor<Base: Cursor>: Cursor {
    private let base: Base
    private var remaining: Int

    init(_ base: Base, maxLength: Int) {
        precondition(maxLength >= 0, "A cursor cannot give a prefix of negative length")
        self.base = base
        self.remaining = maxLength
    }

    /// The next value of the base cursor, or nil once the count is reached (without reading the
    /// base cursor further).
    public func next() throws -> Base.Element? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        guard let element = try base.next() else {
            remaining = 0
            return nil
        }
        return element
    }
}

/// A cursor of the values of a base cursor up to the first that does not satisfy a predicate: what
/// ``Cursor/prefix(while:)`` returns.
public final class PrefixWhileCursor<Base: Cursor>: Cursor {
    private let base: Base
    private let predicate: (Base.Element) throws -> Bool
    private var isDone = false

    init(_ base: Base, predicate: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.predicate = predicate
    }

    /// The next value of the base cursor, or nil from the first that does not satisfy the predicate.
    public func next() throws -> Base.Element? {
        guard !isDone, let element = try base.next(), try predicate(element) else {
            isDone = true
            return nil
        }
        return element
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension PrefixCursor: Sendable {}

@available(*, unavailable)
extension PrefixWhileCursor: Sendable {}
