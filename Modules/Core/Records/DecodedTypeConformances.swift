/// What a decoder needs to know of the type of a value it decodes: whether it converts from a
/// database value, or is a record decoded from a row.
///
/// Asking the runtime costs a lookup of each conformance, more than decoding a small record: the
/// decoders of many rows keep the answer (a cursor's storage, see `RowStorage.conformances(of:)`,
/// and the container of prefetched rows).
struct DecodedTypeConformances {
    /// The decoded type.
    let type: ObjectIdentifier
    /// The type, when it converts from a database value.
    let convertible: (any DatabaseValueConvertible.Type)?
    /// The type, when it is a record decoded from a row.
    let record: (any FetchableRecord.Type)?

    /// The conformances of a type, from the runtime.
    init<T>(of type: T.Type) {
        self.type = ObjectIdentifier(T.self)
        self.convertible = T.self as? any DatabaseValueConvertible.Type
        self.record = T.self as? any FetchableRecord.Type
    }
}
