/// A value that turns the successive values of an observation into diffs: it keeps the last
/// value, and each call to `diffed(from:)` returns a scanner whose `diff` goes from that value to
/// the new one.
///
/// Scanners are made for the `scan` operators, and the `diffs` operators of this module feed them:
///
/// ```swift
/// rowRequest.rx.fetchAll(in: dbQueue)
///     .tryScan(scanner) { scanner, rows in try scanner.diffed(from: rows) }
///     .map(\.diff)
/// // The same:
/// rowRequest.rx.fetchAll(in: dbQueue).diffs(scanner)
/// ```
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

    /// A scanner whose `diff` goes from the value of this scanner to `input`, and whose value is
    /// `input`.
    func diffed(from input: Input) throws -> Self
}
