/// A sequence of values read one at a time, whose iteration may throw.
///
/// Cursors read rows lazily from SQLite: they are used inside the database access that created
/// them, and are the cheapest way to go through many rows. Loop over one with `while let`:
///
/// ```swift
/// let players = try Player.fetchCursor(db)
/// while let player = try players.next() { … }
/// ```
///
/// A cursor is a class: it cannot be repeated, and once ``next()`` has returned nil, it always
/// does. The protocol gives cursors the operations of a sequence. Those that return a cursor
/// (``map(_:)``, ``filter(_:)``, ``compactMap(_:)``, `flatMap(_:)`, ``enumerated()``,
/// ``prefix(_:)``, ``prefix(while:)``, ``dropFirst(_:)``, ``drop(while:)``, `joined()`) are lazy:
/// they read their base cursor as they are read. The others (``forEach(_:)``, ``first(where:)``,
/// ``contains(where:)``, ``reduce(_:_:)``, ``max(by:)``, ``min(by:)``, ``dropLast(_:)``,
/// ``suffix(_:)``, ``isEmpty``) read what they need at once. `Array(cursor)`, `Set(cursor)` and
/// `Dictionary(grouping:by:)` collect the remaining values.
public protocol Cursor<Element>: AnyObject {
    /// The type of the values.
    associatedtype Element

    /// The next value, or nil when the cursor is exhausted.
    func next() throws -> Element?

    /// Calls `body` on each remaining value, in order, and stops at the first error.
    func forEach(_ body: (Element) throws -> Void) throws
}

// The consuming operations are inlinable, so that they and the cursor's `next()` are specialized
// for the element type in the code that calls them.
extension Cursor {
    /// Calls `body` on each remaining value, in order, and stops at the first error.
    @inlinable
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() { try body(element) }
    }

    /// Whether the cursor has no remaining value. It consumes the next value when there is one.
    @inlinable
    public var isEmpty: Bool {
        get throws { try next() == nil }
    }

    /// Whether a remaining value satisfies the predicate. It consumes the values up to that one.
    @inlinable
    public func contains(where predicate: (Element) throws -> Bool) throws -> Bool {
        try first(where: predicate) != nil
    }

    /// The first remaining value that satisfies the predicate. It consumes the values up to that one.
    @inlinable
    public func first(where predicate: (Element) throws -> Bool) throws -> Element? {
        while let element = try next() {
            if try predicate(element) { return element }
        }
        return nil
    }

    /// The result of combining the remaining values with a closure, from an initial result.
    @inlinable
    public func reduce<Result>(
        _ initialResult: Result,
        _ nextPartialResult: (Result, Element) throws -> Result
    ) throws -> Result {
        var result = initialResult
        while let element = try next() { result = try nextPartialResult(result, element) }
        return result
    }

    /// The result of updating an initial result with each remaining value.
    @inlinable
    public func reduce<Result>(
        into initialResult: Result,
        _ updateAccumulatingResult: (inout Result, Element) throws -> Void
    ) throws -> Result {
        var result = initialResult
        while let element = try next() { try updateAccumulatingResult(&result, element) }
        return result
    }

    /// The largest remaining value, as `areInIncreasingOrder` orders them (the first of equal ones),
    /// or nil when there is none.
    @inlinable
    public func max(by areInIncreasingOrder: (Element, Element) throws -> Bool) throws -> Element? {
        guard var largest = try next() else { return nil }
        while let element = try next() {
            if try areInIncreasingOrder(largest, element) { largest = element }
        }
        return largest
    }

    /// The smallest remaining value, as `areInIncreasingOrder` orders them (the first of equal ones),
    /// or nil when there is none.
    @inlinable
    public func min(by areInIncreasingOrder: (Element, Element) throws -> Bool) throws -> Element? {
        guard var smallest = try next() else { return nil }
        while let element = try next() {
            if try areInIncreasingOrder(element, smallest) { smallest = element }
        }
        return smallest
    }

    /// The remaining values but the last `n`.
    ///
    /// - precondition: `n` is not negative.
    public func dropLast(_ n: Int = 1) throws -> [Element] {
        precondition(n >= 0, "A cursor cannot drop a negative number of values")
        var kept: [Element] = []
        var window = RingWindow<Element>(capacity: n)
        while let element = try next() {
            if let evicted = window.push(element) { kept.append(evicted) }
        }
        return kept
    }

    /// The last `maxLength` remaining values (all of them when there are fewer).
    ///
    /// - precondition: `maxLength` is not negative.
    public func suffix(_ maxLength: Int) throws -> [Element] {
        precondition(maxLength >= 0, "A cursor cannot give a suffix of negative length")
        var window = RingWindow<Element>(capacity: maxLength)
        while let element = try next() { _ = window.push(element) }
        return window.elements
    }
}

extension Cursor where Element: Equatable {
    /// Whether a remaining value equals `element`. It consumes the values up to that one.
    @inlinable
    public func contains(_ element: Element) throws -> Bool {
        try contains { $0 == element }
    }
}

extension Cursor where Element: Comparable {
    /// The largest remaining value, or nil when there is none.
    @inlinable
    public func max() throws -> Element? { try max(by: <) }

    /// The smallest remaining value, or nil when there is none.
    @inlinable
    public func min() throws -> Element? { try min(by: <) }
}

extension Cursor where Element: StringProtocol {
    /// The remaining strings, concatenated with `separator` between them.
    public func joined(separator: String = "") throws -> String {
        var result = ""
        if let first = try next() { result += first }
        while let element = try next() {
            result += separator
            result += element
        }
        return result
    }
}
