/// A cursor of the values of the cursors of a base cursor, one after the other: what
/// `joined()` and `flatMap(_:)` return.
public final class FlattenCursor<Base: Cursor>: Cursor where Base.Element: Cursor {
    private let base: Base
    private var inner: Base.Element?

    init(_ base: Base) {
        self.base = base
    }

    /// The next value of the current inner cursor, or of the next ones when it is exhausted.
    public func next() throws -> Base.Element.Element? {
        while true {
            if let inner, let element = try inner.next() { return element }
            guard let following = try base.next() else {
                inner = nil
                return nil
            }
            inner = following
        }
    }
}

// A cursor is a mutable class, used in the database access that made it: it is not Sendable, and
// no extension may make it so.
@available(*, unavailable)
extension FlattenCursor: Sendable {}
