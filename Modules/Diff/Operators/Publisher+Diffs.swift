import RSReactive

// The operators of publishers: diffs of the values a publisher delivers, after its demand (a
// publisher that skips values, such as an observation's without demand, skips no diff).

extension Publisher {
    /// A publisher of the diffs that `scanner` computes between the values of this one, the first
    /// from the scanner's initial value: `tryScan(scanner) { try $0.tryDiffed(from: $1) }.map(\.diff)`.
    ///
    /// ```swift
    /// let scanner = try dbQueue.read { db in
    ///     try PrimaryKeyDiffScanner(database: db, request: request, initialRecords: [])
    /// }
    /// let cancellable = request.asRequest(of: Row.self).rx.fetchAll(in: dbQueue)
    ///     .diffs(scanner)
    ///     .sink { completion in … } receiveValue: { diff in print(diff.inserted.count) }
    /// ```
    ///
    /// It fails with the error of the scanner (rows out of primary key order, …).
    public func diffs<Scanner: DiffScanner>(_ scanner: Scanner)
        -> Publishers.Map<Publishers.TryScan<Self, Scanner>, Scanner.Diff>
    where Output == Scanner.Input {
        tryScan(scanner) { scanner, input in try scanner.tryDiffed(from: input) }.map { $0.diff }
    }

    /// A publisher of the `OrderedDiff` of each array from the previous one, elements identified by
    /// the key path `id`; the first diff inserts every element.
    ///
    /// ```swift
    /// let cancellable = observation.publisher(in: dbQueue)
    ///     .diffs(by: \.id)
    ///     .sink { completion in … } receiveValue: { diff in … }
    /// ```
    public func diffs<Element: Equatable, ID: Hashable>(by id: KeyPath<Element, ID> & Sendable)
        -> Publishers.Map<Publishers.Scan<Self, OrderedDiffScanner<Element>>, OrderedDiff<Element>>
    where Output == [Element] {
        scan(OrderedDiffScanner(by: id)) { scanner, elements in scanner.diffed(from: elements) }.map { $0.diff }
    }

    /// A publisher of the `OrderedDiff` of each array of identifiable elements from the previous one;
    /// the first diff inserts every element.
    public func diffs<Element: Identifiable & Equatable>()
        -> Publishers.Map<Publishers.Scan<Self, OrderedDiffScanner<Element>>, OrderedDiff<Element>>
    where Output == [Element] {
        scan(OrderedDiffScanner()) { scanner, elements in scanner.diffed(from: elements) }.map { $0.diff }
    }
}
