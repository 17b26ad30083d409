import Foundation

/// Encodes an `Encodable` record into a `PersistenceContainer`: each coding key is a column.
///
/// Properties of `DatabaseValueConvertible` types store their database value. Other properties
/// store their single value (enums with raw values, wrappers), or, for nested containers, JSON text.
final class DatabaseRecordEncoder: Encoder {
    /// The encoded columns.
    ///
    /// Unchecked exclusivity: the encoder lives for the encoding of one record, on one thread, and
    /// the only accesses are the container's own mutations, which never overlap (none calls back
    /// into the encoder). Dynamic checks cost an eighth of encoding a record.
    @exclusivity(unchecked) var container = PersistenceContainer()
    /// Set when the record encodes in a way that has no column mapping; `encode(to:)` then throws.
    var unsupportedEncoding: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        unsupportedEncoding = "a record must encode as a keyed container: its properties are columns"
        return IgnoringUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        unsupportedEncoding = "a record must encode as a keyed container: its properties are columns"
        return IgnoringSingleValueContainer()
    }
}

private struct RecordKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: DatabaseRecordEncoder
    var codingPath: [any CodingKey] { [] }

    func encodeNil(forKey key: Key) throws { encoder.container.setDatabaseValue(.null, forColumn: key.stringValue) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoder.container.setDatabaseValue(
            try DatabaseValueEncoder.databaseValue(of: value), forColumn: key.stringValue)
    }

    // The typed methods that synthesized Encodable calls: no dynamic cast is needed.
    func encode(_ value: Bool, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: String, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Double, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Float, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Int, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Int8, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Int16, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Int32, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: Int64, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: UInt, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: UInt8, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: UInt16, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: UInt32, forKey key: Key) throws { set(value.databaseValue, key) }
    func encode(_ value: UInt64, forKey key: Key) throws { set(value.databaseValue, key) }

    // Not generic over the value: in this type, generic over the client's coding keys, a generic
    // method would not be specialized, and would cost a dynamic dispatch per value.
    private func set(_ value: DatabaseValue, _ key: Key) {
        encoder.container.setDatabaseValue(value, forColumn: key.stringValue)
    }

    // Synthesized Encodable calls the typed `encodeIfPresent` methods, whose default skips nil:
    // a nil property must store NULL instead.
    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, key) }
    func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Double?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Float?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Int?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }
    func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { set(value?.databaseValue ?? .null, key) }

    private func encodeOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.unsupportedEncoding = "nested container for key \(key.stringValue): give the property a Codable type"
        return KeyedEncodingContainer(IgnoringKeyedContainer<NestedKey>())
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.unsupportedEncoding = "nested container for key \(key.stringValue): give the property a Codable type"
        return IgnoringUnkeyedContainer()
    }

    func superEncoder() -> any Encoder { DatabaseRecordEncoder() }
    func superEncoder(forKey key: Key) -> any Encoder { DatabaseRecordEncoder() }
}

/// Encodes one value as a database value: directly for convertible types, through a single-value
/// container for wrappers and raw-value enums, and as JSON text for values with nested containers.
final class DatabaseValueEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var result: DatabaseValue?
    private var needsJSON = false

    static func databaseValue(of value: some Encodable) throws -> DatabaseValue {
        if let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        let encoder = DatabaseValueEncoder()
        try value.encode(to: encoder)
        if !encoder.needsJSON, let result = encoder.result {
            return result
        }
        let jsonEncoder = JSONEncoder()
        jsonEncoder.outputFormatting = .sortedKeys
        return String(decoding: try jsonEncoder.encode(value), as: UTF8.self).databaseValue
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        needsJSON = true
        return KeyedEncodingContainer(IgnoringKeyedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        needsJSON = true
        return IgnoringUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValue(encoder: self) }

    private struct SingleValue: SingleValueEncodingContainer {
        let encoder: DatabaseValueEncoder
        var codingPath: [any CodingKey] { [] }

        func encodeNil() throws { encoder.result = .null }

        func encode<T: Encodable>(_ value: T) throws {
            encoder.result = try DatabaseValueEncoder.databaseValue(of: value)
        }
    }
}

/// Containers that accept anything: the value is then encoded again, as JSON.
private struct IgnoringKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    func encodeNil(forKey key: Key) throws {}
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {}
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    { KeyedEncodingContainer(IgnoringKeyedContainer<NestedKey>()) }
    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    func superEncoder() -> any Encoder { DatabaseValueEncoder() }
    func superEncoder(forKey key: Key) -> any Encoder { DatabaseValueEncoder() }
}

private struct IgnoringUnkeyedContainer: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    func encodeNil() throws {}
    func encode<T: Encodable>(_ value: T) throws {}
    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(IgnoringKeyedContainer<NestedKey>())
    }
    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    func superEncoder() -> any Encoder { DatabaseValueEncoder() }
}

private struct IgnoringSingleValueContainer: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    func encodeNil() throws {}
    func encode<T: Encodable>(_ value: T) throws {}
}
