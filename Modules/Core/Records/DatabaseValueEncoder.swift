import Foundation

/// Encodes a property of an `Encodable` record as the database value of its column: directly for
/// convertible types, through its single-value container for wrappers and raw-value enums, and as
/// JSON text for values with nested containers.
///
/// As in GRDB, the record type's strategies apply to the values of a single-value container: the
/// date, data and UUID strategies of the column, and the record's `databaseEncodingUserInfo`. JSON
/// is encoded by the record's `databaseJSONEncoder(for:)`, given the coding key of the property.
final class DatabaseValueEncoder: Encoder {
    /// The type of the record, whose strategies apply.
    let recordType: any EncodableRecord.Type
    /// The column of the value.
    let column: String
    /// The coding key of the record's property.
    let key: any CodingKey
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { recordType.databaseEncodingUserInfo }
    private var result: DatabaseValue?
    private var needsJSON = false

    private init(recordType: any EncodableRecord.Type, column: String, key: any CodingKey) {
        self.recordType = recordType
        self.column = column
        self.key = key
    }

    /// The database value of a property of a record of the given type: a date, data or UUID (or an
    /// optional one) as the strategy of the record type for the column says, a value of another
    /// convertible type as it converts, or else the single value of the property, or else its JSON
    /// text.
    static func databaseValue<T: Encodable>(
        of value: T, recordType: any EncodableRecord.Type, column: String, key: some CodingKey
    ) throws -> DatabaseValue {
        if T.self == Date.self {
            return recordType.databaseDateEncodingStrategy(for: column).databaseValue(of: value as! Date)
        }
        if T.self == Data.self {
            return try recordType.databaseDataEncodingStrategy(for: column).databaseValue(of: value as! Data)
        }
        if T.self == UUID.self {
            return recordType.databaseUUIDEncodingStrategy(for: column).databaseValue(of: value as! UUID)
        }
        // An optional date, data or UUID is encoded through its single value, which encodes the
        // wrapped value with its strategy, or NULL (`Optional` is convertible, with no strategy).
        let hasStrategy = T.self == Date?.self || T.self == Data?.self || T.self == UUID?.self
        if !hasStrategy, let convertible = value as? any DatabaseValueConvertible {
            return convertible.databaseValue
        }
        let encoder = DatabaseValueEncoder(recordType: recordType, column: column, key: key)
        try value.encode(to: encoder)
        if !encoder.needsJSON, let result = encoder.result {
            return result
        }
        let json = try recordType.databaseJSONEncoder(for: key.stringValue).encode(value)
        return String(decoding: json, as: UTF8.self).databaseValue
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
        var codingPath: [any CodingKey] { encoder.codingPath }

        func encodeNil() throws { encoder.result = .null }

        func encode<T: Encodable>(_ value: T) throws {
            encoder.result = try DatabaseValueEncoder.databaseValue(
                of: value, recordType: encoder.recordType, column: encoder.column, key: encoder.key)
        }
    }
}
