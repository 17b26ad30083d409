/// A value that turns the successive values of an observation into diffs: it keeps the last
/// value, and each call to `diffed(from:)` returns a scanner whose `diff` goes from that value to
/// the new one.
///
/// Scanners are made for the `scan` operators, and the `diffs` operators of this module feed them:
///
/// ```swift
/// rowRequest.rx.fetchAll(in: dbQueue)
///     .tryScan(scanner) { scanner, rows in try scanner.tryDiffed(from: rows) }
///     .map(\.diff)
/// // The same:
/// rowRequest.rx.fetchAll(in: dbQueue).diffs(scanner)
/// ```
///
/// `diffed(from:)` never throws, so that RxGRDB's `.scan(scanner) { scanner, rows in
/// scanner.diffed(from: rows) }` compiles as written: a value that it cannot diff gives a scanner
/// whose `error` tells why, whose `diff` is empty, and which keeps the previous value, so that the
/// next diff goes from it. `tryDiffed(from:)` throws that error instead.
///
/// `PrimaryKeyDiffScanner` diffs rows by primary key, and `OrderedDiffScanner` diffs arrays by the
/// identity of their elements, with their order.
public protocol DiffScanner<Input, Diff> {
    /// The values that the scanner diffs.
    associatedtype Input
    /// The diff between two values.
    associatedtype Diff

    /// The diff from the previous value to the latest one given to `diffed(from:)` (empty before
    /// any call, or the diff from the scanner's initial value).
    var diff: Diff { get }

    /// Why the call to `diffed(from:)` that returned this scanner made no diff; nil when it made
    /// one, and for a new scanner.
    var error: (any Error)? { get }

    /// A scanner whose `diff` goes from the value of this scanner to `input`, and whose value is
    /// `input`; or, when `input` cannot be diffed, a scanner whose `error` tells why, with an empty
    /// diff and the value of this scanner.
    func diffed(from input: Input) -> Self
}

extension DiffScanner {
    /// The scanner that `diffed(from:)` returns, or its `error`, thrown: the form for `tryScan`.
    public func tryDiffed(from input: Input) throws -> Self {
        let next = diffed(from: input)
        if let error = next.error { throw error }
        return next
    }
}
