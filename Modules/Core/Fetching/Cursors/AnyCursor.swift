/// A cursor that hides the type of the cursor, sequence, iterator or closure it reads from.
///
/// ```swift
/// func playerNames(_ db: Database) throws -> AnyCursor<String> {
///     try AnyCursor(Player.fetchCursor(db).map(\.name))
/// }
/// ```
public final class AnyCursor<Element>: Cursor {
    private let nextElement: () throws -> Element?
    private let forEachElement: ((Element) throws -> Void) throws -> Void

    /// A cursor of the values of `base`.
    public init<C: Cursor>(_ base: C) where C.Element == Element {
        nextElement = base.next
        forEachElement = base.forEach
    }

    /// A cursor of the values of `iterator`.
    public convenience init(iterator: some IteratorProtocol<Element>) {
        var iterator = iterator
        self.init { iterator.next() }
    }

    /// A cursor of the elements of `sequence`.
    public convenience init(_ sequence: some Sequence<Element>) {
        self.init(iterator: sequence.makeIterator())
    }

    /// A cursor whose ``next()`` calls `next`.
    public init(_ next: @escaping () throws -> Element?) {
        nextElement = next
        forEachElement = { body in
            while let element = try next() { try body(element) }
        }
    }

    /// The next value of the wrapped cursor, sequence, iterator or closure.
    public func next() throws -> Element? {
        try nextElement()
    }

    /// Calls `body` on each remaining value.
    public func forEach(_ body: (Element) throws -> Void) throws {
        try forEachElement(body)
    }
}

// The cursor it wraps may not be Sendable: neither is AnyCursor, and no extension may make it so.
@available(*, unavailable)
extension AnyCursor: Sendable {}
