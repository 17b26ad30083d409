import Foundation

// A `Codable` type that declares its conformance to `DatabaseValueConvertible` is stored as the
// single value it encodes (a wrapper of a string is stored as the string), or else, when it needs a
// keyed or unkeyed container (a struct, an array), as JSON text, as in GRDB:
//
//     struct Tags: Codable, DatabaseValueConvertible { var names: [String] }   // '{"names":["a"]}'
//
// A `RawRepresentable` type is stored as its raw value.

extension DatabaseValueConvertible {
    /// Dates as milliseconds since 1970, data as base64, non-finite numbers refused.
    public static func databaseJSONDecoder() -> JSONDecoder {
        .forDatabase(userInfo: [:])
    }

    /// Dates as milliseconds since 1970, data as base64, non-finite numbers refused, sorted keys
    /// (equal values have equal texts).
    public static func databaseJSONEncoder() -> JSONEncoder {
        .forDatabase(userInfo: [:])
    }
}

extension DatabaseValueConvertible where Self: Encodable {
    /// The single value that the value encodes, or else its JSON text, encoded by
    /// `databaseJSONEncoder()`. A value that cannot be encoded stops the program.
    public var databaseValue: DatabaseValue {
        do {
            let encoder = SingleDatabaseValueEncoder()
            try encode(to: encoder)
            if !encoder.needsJSON, let result = encoder.result {
                return result
            }
            let json = try Self.databaseJSONEncoder().encode(self)
            return String(decoding: json, as: UTF8.self).databaseValue
        } catch {
            fatalError("could not encode \(Self.self) as a database value: \(error)")
        }
    }
}

extension DatabaseValueConvertible where Self: Encodable & RawRepresentable, RawValue: DatabaseValueConvertible {
    /// The database value of the raw value.
    public var databaseValue: DatabaseValue { rawValue.databaseValue }
}

extension DatabaseValueConvertible where Self: Decodable {
    /// The value decoded from its single value, or else from JSON text (or a blob of JSON) with
    /// `databaseJSONDecoder()`; nil when it cannot be decoded.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        do {
            return try Self(from: SingleDatabaseValueDecoder(dbValue: dbValue))
        } catch is JSONRequired {
            guard let data = Data.fromDatabaseValue(dbValue) else { return nil }
            return try? databaseJSONDecoder().decode(Self.self, from: data)
        } catch {
            return nil
        }
    }
}

extension DatabaseValueConvertible where Self: Decodable & RawRepresentable, RawValue: DatabaseValueConvertible {
    /// Decodes the raw value, then the value.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(dbValue).flatMap(Self.init(rawValue:))
    }
}

/// Thrown by the decoders of database values when the value needs a keyed or unkeyed container:
/// then it is decoded from JSON.
struct JSONRequired: Error {}

/// Encodes a value through its single-value container: the database value of the convertible
/// value it encodes, or NULL. A value that asks for a keyed or unkeyed container needs JSON.
private final class SingleDatabaseValueEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var result: DatabaseValue?
    var needsJSON = false

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
        let encoder: SingleDatabaseValueEncoder
        var codingPath: [any CodingKey] { [] }

        func encodeNil() throws { encoder.result = .null }

        func encode<T: Encodable>(_ value: T) throws {
            if let convertible = value as? any DatabaseValueConvertible {
                encoder.result = convertible.databaseValue
            } else {
                try value.encode(to: encoder)
            }
        }
    }
}

/// Decodes a value through its single-value container, from a database value: the convertible
/// value it decodes. A value that asks for a keyed or unkeyed container needs JSON.
private struct SingleDatabaseValueDecoder: Decoder {
    let dbValue: DatabaseValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw JSONRequired()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw JSONRequired() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    private struct SingleValue: SingleValueDecodingContainer {
        let decoder: SingleDatabaseValueDecoder
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { decoder.dbValue.isNull }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard let convertible = T.self as? any DatabaseValueConvertible.Type else {
                return try T(from: decoder)
            }
            guard let value = convertible.fromDatabaseValue(decoder.dbValue) else {
                throw DecodingError.dataCorruptedError(
                    in: self, debugDescription: "could not decode \(T.self) from \(decoder.dbValue)")
            }
            return value as! T
        }
    }
}
