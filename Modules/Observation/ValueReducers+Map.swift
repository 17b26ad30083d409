import RSCore

extension ValueObservation {
    /// An observation that notifies the values of this one, transformed.
    ///
    /// ```swift
    /// let observation = ValueObservation
    ///     .tracking { db in try Player.fetchAll(db) }
    ///     .map { players in players.map { $0.name } }
    /// ```
    ///
    /// The transform runs right after each fetch, on the thread of the fetch (the writer's
    /// dispatch queue of a `DatabaseQueue`, a reader's of a `DatabasePool`), before the value is
    /// scheduled: keep it light. An error it throws ends the observation.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Reducer.Value) throws -> T)
        -> ValueObservation<ValueReducers.Map<Reducer, T>>
    {
        mapReducer { ValueReducers.Map($0, transform) }
    }
}

extension ValueReducers {
    /// The reducer of `ValueObservation.map(_:)`.
    public struct Map<Base: ValueReducer, Value: Sendable>: ValueReducer {
        private var base: Base
        private let transform: @Sendable (Base.Value) throws -> Value

        init(_ base: Base, _ transform: @escaping @Sendable (Base.Value) throws -> Value) {
            self.base = base
            self.transform = transform
        }

        /// The fetch function of the base reducer.
        public func _makeFetcher() -> @Sendable (Database) throws -> Base.Fetched { base._makeFetcher() }

        /// The transformed value of the base reducer, if any.
        public mutating func _value(_ fetched: Base.Fetched) throws -> Value? {
            try base._value(fetched).map(transform)
        }
    }
}
