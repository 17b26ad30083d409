import RSCore

extension ValueReducers {
    /// The reducer of `ValueObservation.tracking(_:)`: notifies each fetched value.
    public struct Fetch<Value: Sendable>: ValueReducer {
        private let fetch: @Sendable (Database) throws -> Value

        init(fetch: @escaping @Sendable (Database) throws -> Value) {
            self.fetch = fetch
        }

        /// The fetch function of the observation.
        public func _makeFetcher() -> @Sendable (Database) throws -> Value { fetch }

        /// The fetched value.
        public func _value(_ fetched: Value) -> Value? { fetched }
    }
}
