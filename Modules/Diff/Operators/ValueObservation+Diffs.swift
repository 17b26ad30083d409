import RSCore
import RSObservation

// The operators of ValueObservation: diffs instead of whole values. The diffs are computed right
// after each fetch, on the thread of the fetch, from the previous fetched value: every consumer
// must then receive every diff. `start(in:onError:onChange:)` and `values(in:)` (with its default
// unbounded buffering) deliver them all; a publisher whose subscriber limits its demand, and
// `values(in:bufferingPolicy: .bufferingNewest(_:))`, keep only the latest value, and so would skip
// diffs: diff downstream of them instead, with the `diffs` operators of publishers and async
// sequences, which diff what they receive. For the same reason, a shared observation
// (`shared(in:)`) of diffs would give a late client a diff from a value it never saw: share the
// values, and diff each client's.

extension ValueObservation {
    /// An observation that notifies the diffs that `scanner` computes between its successive values,
    /// the first one from the scanner's initial value.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Place.order(Column("id")).asRequest(of: Row.self).fetchAll(db) }
    ///     .diffs(scanner)   // a PrimaryKeyDiffScanner<Place>
    /// ```
    public func diffs<Scanner: DiffScanner & Sendable>(_ scanner: Scanner)
        -> ValueObservation<ValueReducers.Diffs<Reducer, Scanner>>
    where Scanner.Input == Reducer.Value, Scanner.Diff: Sendable {
        mapReducer { ValueReducers.Diffs($0, scanner: scanner) }
    }

    /// An observation of an array that notifies the `OrderedDiff` of each array from the previous
    /// one, elements identified by the key path `id`; the first diff inserts every element.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Player.order(Column("score").desc).fetchAll(db) }
    ///     .diffs(by: \.id)
    /// for try await diff in observation.values(in: dbQueue) {
    ///     tableView.apply(diff)
    /// }
    /// ```
    public func diffs<Element: Equatable & Sendable, ID: Hashable>(by id: KeyPath<Element, ID> & Sendable)
        -> ValueObservation<ValueReducers.Diffs<Reducer, OrderedDiffScanner<Element>>>
    where Reducer.Value == [Element] {
        diffs(OrderedDiffScanner(by: id))
    }

    /// An observation of an array of identifiable elements that notifies the `OrderedDiff` of each
    /// array from the previous one; the first diff inserts every element.
    public func diffs<Element: Identifiable & Equatable & Sendable>()
        -> ValueObservation<ValueReducers.Diffs<Reducer, OrderedDiffScanner<Element>>>
    where Reducer.Value == [Element] {
        diffs(OrderedDiffScanner())
    }
}
