/// An asynchronous sequence of the diffs between the successive elements of a base sequence, as a
/// `DiffScanner` computes them: the `diffs` operators of async sequences return one.
public struct AsyncDiffSequence<Base: AsyncSequence, Scanner: DiffScanner>: AsyncSequence
where Base.Element == Scanner.Input {
    /// A diff.
    public typealias Element = Scanner.Diff

    private let base: Base
    private let scanner: Scanner

    init(base: Base, scanner: Scanner) {
        self.base = base
        self.scanner = scanner
    }

    /// An iterator of the diffs of a new iteration of the base sequence, the first from the
    /// scanner's initial value.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), scanner: scanner)
    }

    /// The iterator of the diffs.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: Base.AsyncIterator
        private var scanner: Scanner

        init(base: Base.AsyncIterator, scanner: Scanner) {
            self.base = base
            self.scanner = scanner
        }

        /// The diff from the previous element of the base sequence to its next one; nil when it
        /// ends. Throws the errors of the base sequence and of the scanner.
        public mutating func next() async throws -> Scanner.Diff? {
            guard let input = try await base.next() else { return nil }
            scanner = try scanner.tryDiffed(from: input)
            return scanner.diff
        }
    }
}

extension AsyncDiffSequence: Sendable where Base: Sendable, Scanner: Sendable {}
