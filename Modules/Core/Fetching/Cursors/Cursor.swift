/// A sequence of values fetched one at a time, whose iteration may throw.
///
/// Cursors read rows lazily from SQLite: they are used inside the database access that created
/// them, and are the cheapest way to go through many rows.
///
/// ```swift
/// let players = try Player.fetchCursor(db)
/// while let player = try players.next() { … }
/// ```
public protocol Cursor<Element>: AnyObject {
    /// The type of the values.
    associatedtype Element

    /// The next value, or nil when the cursor is exhausted.
    func next() throws -> Element?
}

extension Cursor {
    /// Calls `body` on each remaining value.
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() { try body(element) }
    }

    /// Whether the cursor has no remaining value (consumes one value when it has).
    public var isEmpty: Bool {
        get throws { try next() == nil }
    }

    /// The first remaining value that satisfies the predicate.
    public func first(where predicate: (Element) throws -> Bool) throws -> Element? {
        while let element = try next() {
            if try predicate(element) { return element }
        }
        return nil
    }

    /// The remaining values, transformed.
    public func map<T>(_ transform: (Element) throws -> T) throws -> [T] {
        var result: [T] = []
        while let element = try next() { result.append(try transform(element)) }
        return result
    }

    /// The remaining values that satisfy the predicate.
    public func filter(_ isIncluded: (Element) throws -> Bool) throws -> [Element] {
        var result: [Element] = []
        while let element = try next() {
            if try isIncluded(element) { result.append(element) }
        }
        return result
    }
}

extension Array {
    /// An array of the remaining values of a cursor. (Inlinable, so that it is specialized for the
    /// element type: generic code would look up the array's type metadata for each element.)
    @inlinable
    public init<C: Cursor>(_ cursor: C) throws where C.Element == Element {
        self.init()
        while let element = try cursor.next() { append(element) }
    }
}

extension Set {
    /// A set of the remaining values of a cursor (inlinable, as the array initializer).
    @inlinable
    public init<C: Cursor>(_ cursor: C) throws where C.Element == Element {
        self.init()
        while let element = try cursor.next() { insert(element) }
    }
}
