/// Turns successive arrays into `OrderedDiff`s, each from the previous array to the next: the
/// `DiffScanner` of ordered diffs, which the `diffs(by:)` operators use.
///
/// ```swift
/// let scanner = OrderedDiffScanner<Player>(by: \.id)
/// let cancellable = publisher                       // of [Player]
///     .scan(scanner) { scanner, players in scanner.diffed(from: players) }
///     .sink { scanner in apply(scanner.diff) }
/// ```
public struct OrderedDiffScanner<Element>: DiffScanner {
    /// The latest array.
    public let elements: [Element]
    /// The diff from the previous array to `elements` (empty for a new scanner).
    public let diff: OrderedDiff<Element>
    // Not @Sendable: a @Sendable closure of generic code would capture metatypes that are not
    // known to be Sendable. Every closure stored here is made of Sendable parts (see the
    // conformance to Sendable below).
    private let makeDiff: ([Element], [Element]) -> OrderedDiff<Element>

    /// A scanner whose first diff goes from `initialElements` (empty by default: the first diff
    /// inserts every element) to the first array; elements are identified by `id`, and
    /// `isUnchanged` tells whether two elements of the same identity have the same value.
    public init<ID: Hashable>(
        initialElements: [Element] = [], id: @escaping @Sendable (Element) -> ID,
        isUnchanged: @escaping @Sendable (Element, Element) -> Bool
    ) {
        self.init(initialElements) { old, new in OrderedDiff(from: old, to: new, id: id, isUnchanged: isUnchanged) }
    }

    /// A scanner whose first diff goes from `initialElements` (empty by default) to the first array;
    /// elements are identified by the key path `id`, and updated when they are not equal.
    public init<ID: Hashable>(initialElements: [Element] = [], by id: KeyPath<Element, ID> & Sendable)
    where Element: Equatable {
        self.init(initialElements) { old, new in OrderedDiff(from: old, to: new, by: id) }
    }

    private init(_ elements: [Element], makeDiff: @escaping ([Element], [Element]) -> OrderedDiff<Element>) {
        self.init(
            elements: elements,
            diff: OrderedDiff(
                oldCount: elements.count, newCount: elements.count, deletions: [], insertions: [], moves: [],
                updates: []),
            makeDiff: makeDiff)
    }

    private init(
        elements: [Element], diff: OrderedDiff<Element>,
        makeDiff: @escaping ([Element], [Element]) -> OrderedDiff<Element>
    ) {
        self.elements = elements
        self.diff = diff
        self.makeDiff = makeDiff
    }

    /// Always nil: any two arrays have an ordered diff.
    public var error: (any Error)? { nil }

    /// A scanner whose `diff` goes from the elements of this scanner to `elements`.
    public func diffed(from elements: [Element]) -> OrderedDiffScanner {
        OrderedDiffScanner(elements: elements, diff: makeDiff(self.elements, elements), makeDiff: makeDiff)
    }
}

extension OrderedDiffScanner where Element: Identifiable & Equatable {
    /// A scanner whose first diff goes from `initialElements` (empty by default) to the first array;
    /// elements are identified by their `id`, and updated when they are not equal.
    public init(initialElements: [Element] = []) {
        self.init(initialElements) { old, new in OrderedDiff(from: old, to: new) }
    }
}

// Unchecked: `makeDiff` is not declared @Sendable, but the initializers build it from Sendable
// values only (the @Sendable closures and the Sendable key paths they are given).
extension OrderedDiffScanner: @unchecked Sendable where Element: Sendable {}
