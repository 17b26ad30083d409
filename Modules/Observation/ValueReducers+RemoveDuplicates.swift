import RSCore

extension ValueObservation {
    /// An observation that does not notify a value that the predicate says is a duplicate of the
    /// previous one.
    public func removeDuplicates(by predicate: @escaping @Sendable (Reducer.Value, Reducer.Value) -> Bool)
        -> ValueObservation<ValueReducers.RemoveDuplicates<Reducer>>
    {
        mapReducer { ValueReducers.RemoveDuplicates($0, predicate: predicate) }
    }
}

extension ValueObservation where Reducer.Value: Equatable {
    /// An observation that does not notify a value equal to the previous one.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Player.fetchCount(db) }
    ///     .removeDuplicates()
    /// ```
    public func removeDuplicates() -> ValueObservation<ValueReducers.RemoveDuplicates<Reducer>> {
        removeDuplicates(by: ==)
    }
}

extension ValueReducers {
    /// The reducer of `ValueObservation.removeDuplicates()`.
    public struct RemoveDuplicates<Base: ValueReducer>: ValueReducer {
        private var base: Base
        private let predicate: @Sendable (Base.Value, Base.Value) -> Bool
        private var previousValue: Base.Value?

        init(_ base: Base, predicate: @escaping @Sendable (Base.Value, Base.Value) -> Bool) {
            self.base = base
            self.predicate = predicate
        }

        /// The fetch function of the base reducer.
        public func _makeFetcher() -> @Sendable (Database) throws -> Base.Fetched { base._makeFetcher() }

        /// The value of the base reducer, unless it is a duplicate of the previous one.
        public mutating func _value(_ fetched: Base.Fetched) throws -> Base.Value? {
            guard let value = try base._value(fetched) else { return nil }
            if let previousValue, predicate(previousValue, value) { return nil }
            previousValue = value
            return value
        }
    }
}
