/// A cursor of the values of a base cursor but the first ones, up to a count: what
/// ``Cursor/dropFirst(_:)`` returns.
public final class DropFirstCursor<Base: Cursor>: Cursor {
    private let base: Base
    private var toDrop: Int

    init(_ base: Base, count: Int) {
        precondition(count >= 0, "A cursor cannot drop a negative number of values")
        self.base = base
        self.toDrop = count
    }

    /// The next value of the base cursor, after dropping the first ones at the first call.
    public func next() throws -> Base.Element? {
        while toDrop > 0 {
            toDrop -= 1
            guard try base.next() != nil else {
                toDrop = 0
                return nil
            }
        }
        return try base.next()
    }
}

/// A cursor of the values of a base cursor from the first that does not satisfy a predicate: what
/// ``Cursor/drop(while:)`` returns.
public final class DropWhileCursor<Base: Cursor>: Cursor {
    private let base: Base
    private let predicate: (Base.Element) throws -> Bool
    private var isDropping = true

    init(_ base: Base, predicate: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.predicate = predicate
    }

    /// The next value of the base cursor, after dropping those that satisfy the predicate at the
    /// first call.
    public func next() throws -> Base.Element? {
        guard isDropping else { return try base.next() }
        let first = try base.first { try !predicate($0) }
        isDropping = false
        return first
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension DropFirstCursor: Sendable {}

@available(*, unavailable)
extension DropWhileCursor: Sendable {}
