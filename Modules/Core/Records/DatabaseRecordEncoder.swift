import Foundation

/// Encodes an `Encodable` record into a `PersistenceContainer`: each coding key is a column.
///
/// Properties of `DatabaseValueConvertible` types store their database value. Other properties
/// store their single value (enums with raw values, wrappers), or, for nested containers, JSON text
/// (see `DatabaseValueEncoder`).
///
/// A connection keeps one encoder for the records it encodes (see `withEncoder`), with the keyed
/// containers of the last record types (see `ReusableKeyedContainer`), and the columns of the
/// coding keys of the record types whose column strategy maps them.
final class DatabaseRecordEncoder: Encoder {
    /// What the encoding produced: the record's keyed container writes there (not to the encoder,
    /// which keeps that container: a reference cycle).
    let output: RecordEncodingOutput
    private let reusableContainer = ReusableKeyedContainer()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { output.recordType.databaseEncodingUserInfo }

    /// A new encoder of records of the given type.
    convenience init(for recordType: any EncodableRecord.Type) {
        self.init(output: RecordEncodingOutput(for: recordType))
    }

    /// An encoder that writes to `output`: the one of the record whose superclass this encoder
    /// encodes.
    init(output: RecordEncodingOutput) {
        self.output = output
    }

    /// Runs `body` with the encoder of the connection whose access runs on this thread, or with a
    /// new encoder (outside of a database access, or when that encoder is busy: a record encoded
    /// while another one is), ready for a record of the given type. The encoder is left empty.
    static func withEncoder<T>(for recordType: any EncodableRecord.Type, _ body: (DatabaseRecordEncoder) throws -> T)
        rethrows -> T
    {
        guard let db = CurrentDatabase.database else { return try body(DatabaseRecordEncoder(for: recordType)) }
        let encoder: DatabaseRecordEncoder
        if let kept = db.reusableRecordEncoder.take() {
            // Records of one type are often encoded one after the other: the output is ready then.
            if ObjectIdentifier(kept.output.recordType) != ObjectIdentifier(recordType) {
                kept.output.prepare(for: recordType)
            }
            encoder = kept
        } else {
            encoder = DatabaseRecordEncoder(for: recordType)
        }
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

/// The columns of an encoded record, or why it has none, and the type of the record, whose
/// strategies apply.
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
    @exclusivity(unchecked) private(set) var recordType: any EncodableRecord.Type
    /// The columns of the coding keys of `recordType`, when its column strategy maps them; nil when
    /// keys are columns (unchecked exclusivity, as for `recordType`).
    @exclusivity(unchecked) private var keyColumns: KeyColumns?
    /// The columns of the coding keys of the record types encoded so far whose column strategy
    /// maps them, so that each key is converted once per record type.
    private var keyColumnsByType: [ObjectIdentifier: KeyColumns] = [:]

    /// An output ready for the encoding of a record of the given type.
    init(for recordType: any EncodableRecord.Type) {
        self.recordType = recordType
        prepare(for: recordType)
    }

    /// Makes the output ready for the encoding of a record of the given type.
    func prepare(for recordType: any EncodableRecord.Type) {
        self.recordType = recordType
        let strategy = recordType.databaseColumnEncodingStrategy
        if case .useDefaultKeys = strategy {
            keyColumns = nil
        } else if let kept = keyColumnsByType[ObjectIdentifier(recordType)] {
            keyColumns = kept
        } else {
            let columns = KeyColumns(strategy: strategy)
            keyColumnsByType[ObjectIdentifier(recordType)] = columns
            keyColumns = columns
        }
    }

    /// Empties the output, for the next record.
    func reset() {
        container = PersistenceContainer()
        unsupportedEncoding = nil
    }

    /// The column of a coding key.
    @inline(__always)
    func column(for key: some CodingKey) -> String {
        guard let keyColumns else { return key.stringValue }
        return keyColumns.column(for: key)
    }
}

/// The columns of the coding keys of a record type whose column strategy maps them: each key is
/// converted on its first encoding only. Used by one thread at a time, as its output.
private final class KeyColumns {
    private let strategy: DatabaseColumnEncodingStrategy
    private var columns: [String: String] = [:]

    init(strategy: DatabaseColumnEncodingStrategy) {
        self.strategy = strategy
    }

    func column(for key: some CodingKey) -> String {
        let name = key.stringValue
        if let column = columns[name] { return column }
        let column = strategy.column(for: key)
        columns[name] = column
        return column
    }
}

private struct RecordKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: RecordEncodingOutput
    var codingPath: [any CodingKey] { [] }

    func encodeNil(forKey key: Key) throws { set(.null, key) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let column = output.column(for: key)
        output.container.setDatabaseValue(
            try DatabaseValueEncoder.databaseValue(of: value, recordType: output.recordType, column: column, key: key),
            forColumn: column)
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
