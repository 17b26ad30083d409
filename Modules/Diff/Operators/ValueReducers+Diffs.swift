import RSCore
import RSObservation

extension ValueReducers {
    /// The reducer of `ValueObservation.diffs(_:)` and `diffs(by:)`: each value of the base
    /// reducer goes through the scanner, which notifies the diff from the previous value.
    public struct Diffs<Base: ValueReducer, Scanner: DiffScanner>: ValueReducer
    where Scanner.Input == Base.Value, Scanner.Diff: Sendable {
        private var base: Base
        private var scanner: Scanner

        init(_ base: Base, scanner: Scanner) {
            self.base = base
            self.scanner = scanner
        }

        /// The fetch function of the base reducer.
        public func _makeFetcher() -> @Sendable (Database) throws -> Base.Fetched { base._makeFetcher() }

        /// The diff from the previous value of the base reducer to this one, if the base reducer
        /// notifies a value.
        public mutating func _value(_ fetched: Base.Fetched) throws -> Scanner.Diff? {
            guard let value = try base._value(fetched) else { return nil }
            scanner = try scanner.tryDiffed(from: value)
            return scanner.diff
        }
    }
}
