import Foundation

/// Encodes an `Encodable` record into a `PersistenceContainer`: each coding key is a column.
///
/// Properties of `DatabaseValueConvertible` types store their database value. Other properties
/// store their single value (enums with raw values, wrappers), or, for nested containers, JSON text.
///
/// A connection keeps one encoder for the records it encodes (see `withEncoder`), with the keyed
/// containers of the last record types (see `ReusableKeyedContainer`).
final class DatabaseRecordEncoder: Encoder {
    /// What the encoding produced: the record's keyed container writes there (not to the encoder,
    /// which keeps that container: a reference cycle).
    let output: RecordEncodingOutput
    private let reusableContainer = ReusableKeyedContainer()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { output.recordType?.databaseEncodingUserInfo ?? [:] }

    /// An encoder that writes to `output`: a new one, or the one of the record whose superclass
    /// this encoder encodes.
    init(output: RecordEncodingOutput = RecordEncodingOutput()) {
        self.output = output
    }

    /// Runs `body` with the encoder of the connection whose access runs on this thread, or with a
    /// new encoder (outside of a database access, or when that encoder is busy: a record encoded
    /// while another one is). The encoder is left empty.
    static func withEncoder<T>(_ body: (DatabaseRecordEncoder) throws -> T) rethrows -> T {
        guard let db = CurrentDatabase.database else { return try body(DatabaseRecordEncoder()) }
        let encoder = db.reusableRecordEncoder.take() ?? DatabaseRecordEncoder()
        defer {
            encoder.output.reset()
            db.reusableRecordEncoder = encoder
        }
        return try body(encoder)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        reusableContainer.container(keyedBy: Key.self) {
            KeyedEncodingContainer(RecordKeyedContainer<Key>(output: output))
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        output.unsupportedEncoding = "a record must encode as a keyed container: its properties are columns"
        return IgnoringUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        output.unsupportedEncoding = "a record must encode as a keyed container: its properties are columns"
        return IgnoringSingleValueContainer()
    }
}

/// The columns of an encoded record, or why it has none, and the encoding strategies of its type.
final class RecordEncodingOutput {
    /// The encoded columns.
    ///
    /// Unchecked exclusivity: the output serves the encoding of one record at a time, on one
    /// thread, and the only accesses are the container's own mutations, which never overlap (none
    /// calls back into the output). Dynamic checks cost an eighth of encoding a record.
    @exclusivity(unchecked) var container = PersistenceContainer()
    /// Set when the record encodes in a way that has no column mapping; `encode(to:)` then throws.
    var unsupportedEncoding: String?
    /// The type of the encoded record, whose strategies apply. (Unchecked exclusivity, as for
    /// `container`, and for the same reason: it is set and read once per record or per value.)
    @exclusivity(unchecked) private(set) var recordType: (any EncodableRecord.Type)?
    /// The column of a coding key, for a record type whose column strategy maps its keys; nil when
    /// keys are columns (unchecked exclusivity, as for `recordType`).
    @exclusivity(unchecked) private var mappedColumn: (@Sendable (any CodingKey) -> String)?

    /// Makes the output ready for the encoding of a record of the given type.
    func prepare(for recordType: any EncodableRecord.Type) {
        self.recordType = recordType
        let strategy = recordType.databaseColumnEncodingStrategy
        if case .useDefaultKeys = strategy {
            mappedColumn = nil
        } else {
            mappedColumn = { strategy.column(for: $0) }
        }
    }

    /// Empties the output, for the next record.
    func reset() {
        container = PersistenceContainer()
        unsupportedEncoding = nil
        recordType = nil
        mappedColumn = nil
    }

    /// The column of a coding key.
    @inline(__always)
    func column(for key: some CodingKey) -> String {
        guard let mappedColumn else { return key.stringValue }
        return mappedColumn(key)
    }

    /// The database value of a property: dates, data and UUIDs with the strategies of the record
    /// type, other values as `DatabaseValueEncoder` encodes them, with the JSON encoder of the
    /// record type.
    func databaseValue<T: Encodable>(of value: T, column: String, key: some CodingKey) throws -> DatabaseValue {
        guard let recordType else { return try DatabaseValueEncoder.databaseValue(of: value) }
        if T.self == Date.self {
            return recordType.databaseDateEncodingStrategy(for: column).databaseValue(of: value as! Date)
        }
        if T.self == Data.self {
            return try recordType.databaseDataEncodingStrategy(for: column).databaseValue(of: value as! Data)
        }
        if T.self == UUID.self {
            return recordType.databaseUUIDEncodingStrategy(for: column).databaseValue(of: value as! UUID)
        }
        return try DatabaseValueEncoder.databaseValue(of: value) {
            recordType.databaseJSONEncoder(for: key.stringValue)
        }
    }
}

private struct RecordKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: RecordEncodingOutput
    var codingPath: [any CodingKey] { [] }

    func encodeNil(forKey key: Key) throws { set(.null, key) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let column = output.column(for: key)
        output.container.setDatabaseValue(
            try output.databaseValue(of: value, column: column, key: key), forColumn: column)
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
        output.container.setDatabaseValue(value, forColumn: output.column(for: key))
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
        output.unsupportedEncoding = "nested container for key \(key.stringValue): give the property a Codable type"
        return KeyedEncodingContainer(IgnoringKeyedContainer<NestedKey>())
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        output.unsupportedEncoding = "nested container for key \(key.stringValue): give the property a Codable type"
        return IgnoringUnkeyedContainer()
    }

    // A superclass encodes its columns into the same record (as GRDB does, the key is ignored).
    func superEncoder() -> any Encoder { DatabaseRecordEncoder(output: output) }
    func superEncoder(forKey key: Key) -> any Encoder { DatabaseRecordEncoder(output: output) }
}

/// Encodes one value as a database value: directly for convertible types, through a single-value
/// container for wrappers and raw-value enums, and as JSON text for values with nested containers.
final class DatabaseValueEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var result: DatabaseValue?
    private var needsJSON = false

    /// The database value of `value`: its own for a convertible type, its single value for a
    /// wrapper, or else JSON text, encoded by `jsonEncoder`.
    static func databaseValue(
        of value: some Encodable, jsonEncoder: () -> JSONEncoder = { .forDatabase() }
    ) throws -> DatabaseValue {
        if let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        let encoder = DatabaseValueEncoder()
        try value.encode(to: encoder)
        if !encoder.needsJSON, let result = encoder.result {
            return result
        }
        return String(decoding: try jsonEncoder().encode(value), as: UTF8.self).databaseValue
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
