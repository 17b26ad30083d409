import RSCore

extension ValueReducers {
    /// The reducer of `ValueObservation.handleEvents(…)` and `print(_:to:)`: tells each fetch and
    /// each value.
    public struct Trace<Base: ValueReducer>: ValueReducer {
        private var base: Base
        private let willFetch: @Sendable () -> Void
        private let didReceiveValue: @Sendable (Base.Value) -> Void

        init(
            base: Base, willFetch: @escaping @Sendable () -> Void,
            didReceiveValue: @escaping @Sendable (Base.Value) -> Void
        ) {
            self.base = base
            self.willFetch = willFetch
            self.didReceiveValue = didReceiveValue
        }

        /// The fetch function of the base reducer, which tells each fetch first.
        public func _makeFetcher() -> @Sendable (Database) throws -> Base.Fetched {
            let fetch = base._makeFetcher()
            let willFetch = self.willFetch
            return { db in
                willFetch()
                return try fetch(db)
            }
        }

        /// The value of the base reducer, which is told when there is one.
        public mutating func _value(_ fetched: Base.Fetched) throws -> Base.Value? {
            guard let value = try base._value(fetched) else { return nil }
            didReceiveValue(value)
            return value
        }
    }
}
