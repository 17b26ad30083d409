import RSCore

/// A type that fetches the values of a `ValueObservation`, and turns them into the values it
/// notifies: the implementation of `ValueObservation`'s operators (`map`, `removeDuplicates`, …).
///
/// Applications use the reducers that `ValueObservation` builds; they do not need to write one.
/// A reducer is not `Sendable`: its fetcher runs on the database's threads, possibly concurrently,
/// and its `_value(_:)` runs once per fetch, one fetch after the other.
public protocol ValueReducer<Value>: ValueReducerMetatype {
    /// What the fetcher fetches.
    associatedtype Fetched: Sendable
    /// What the observation notifies.
    associatedtype Value: Sendable

    /// The function that fetches a fresh value from the database.
    func _makeFetcher() -> @Sendable (Database) throws -> Fetched

    /// Turns a fetched value into the value to notify, or nil when there is nothing to notify
    /// (a value equal to the previous one, for `removeDuplicates()`). The value of the first fetch
    /// must not be nil.
    mutating func _value(_ fetched: Fetched) throws -> Value?
}

/// The reducers of `ValueObservation`.
public enum ValueReducers {}

#if compiler(>=6.2)
    /// The metatype of a reducer crosses threads with the observation that uses it.
    public typealias ValueReducerMetatype = SendableMetatype
#else
    /// The metatype of a reducer crosses threads with the observation that uses it.
    public protocol ValueReducerMetatype {}
#endif
