/// An encoder whose containers accept anything: what a value encodes there is not stored (the
/// value is then encoded again, as JSON, or its record fails to encode).
struct IgnoringEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(IgnoringKeyedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { IgnoringSingleValueContainer() }
}

/// A keyed container that accepts anything (see `IgnoringEncoder`).
struct IgnoringKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    func encodeNil(forKey key: Key) throws {}
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    { KeyedEncodingContainer(IgnoringKeyedContainer<NestedKey>()) }
    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    func superEncoder() -> any Encoder { IgnoringEncoder() }
    func superEncoder(forKey key: Key) -> any Encoder { IgnoringEncoder() }
}

/// An unkeyed container that accepts anything (see `IgnoringEncoder`).
struct IgnoringUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    func encodeNil() throws {}
    func encode<T: Encodable>(_ value: T) throws {}
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(IgnoringKeyedContainer<NestedKey>())
    }
    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    func superEncoder() -> any Encoder { IgnoringEncoder() }
}

/// A single-value container that accepts anything (see `IgnoringEncoder`).
struct IgnoringSingleValueContainer: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    func encodeNil() throws {}
    func encode<T: Encodable>(_ value: T) throws {}
}
