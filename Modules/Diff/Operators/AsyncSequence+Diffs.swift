// The operators of async sequences: diffs of the elements the consumer receives (after the
// buffering policy of `values(in:)`, so that a sequence that skips values skips no diff).

extension AsyncSequence {
    /// The diffs that `scanner` computes between the elements of this sequence, the first from the
    /// scanner's initial value.
    ///
    /// ```swift
    /// let rows = ValueObservation
    ///     .tracking { db in try request.asRequest(of: Row.self).fetchAll(db) }
    ///     .values(in: dbQueue)
    /// for try await diff in rows.diffs(scanner) {   // a PrimaryKeyDiffScanner
    ///     print(diff.inserted.count)
    /// }
    /// ```
    public func diffs<Scanner: DiffScanner>(_ scanner: Scanner) -> AsyncDiffSequence<Self, Scanner>
    where Element == Scanner.Input {
        AsyncDiffSequence(base: self, scanner: scanner)
    }

    /// The `OrderedDiff` of each array from the previous one, elements identified by the key path
    /// `id`; the first diff inserts every element.
    ///
    /// ```swift
    /// for try await diff in observation.values(in: dbQueue).diffs(by: \.id) { … }
    /// ```
    public func diffs<Item: Equatable, ID: Hashable>(by id: KeyPath<Item, ID> & Sendable)
        -> AsyncDiffSequence<Self, OrderedDiffScanner<Item>>
    where Element == [Item] {
        diffs(OrderedDiffScanner(by: id))
    }

    /// The `OrderedDiff` of each array of identifiable elements from the previous one; the first
    /// diff inserts every element.
    public func diffs<Item: Identifiable & Equatable>() -> AsyncDiffSequence<Self, OrderedDiffScanner<Item>>
    where Element == [Item] {
        diffs(OrderedDiffScanner())
    }
}
