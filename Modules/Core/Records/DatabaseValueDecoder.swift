import Foundation

/// Decodes a property of a `Decodable` record that is not `DatabaseValueConvertible` from the value
/// of its column: through its single-value container (an enum with a raw value, a wrapper), whose
/// values decode as the record's properties do, or else from JSON.
///
/// As in GRDB, the record type's strategies apply to the values of a single-value container: the
/// date and data strategies of the column, and the record's `databaseDecodingUserInfo`. JSON is
/// decoded by the record's `databaseJSONDecoder(for:)`, given the coding key of the property.
struct DatabaseValueDecoder<Record: FetchableRecord>: Decoder {
    let dbValue: DatabaseValue
    /// The column of the value, whose strategies apply.
    let column: String
    /// The coding key of the record's property.
    let key: any CodingKey
    let sql: String?
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { Record.databaseDecodingUserInfo }

    static func decode<T: Decodable>(
        _ type: T.Type, from dbValue: DatabaseValue, column: String, key: some CodingKey, sql: String?
    ) throws -> T {
        do {
            return try T(from: DatabaseValueDecoder(dbValue: dbValue, column: column, key: key, sql: sql))
        } catch let error as DecodingError {
            // The type refused the value (an enum refuses an unknown raw value): a mismatch, as
            // when the value has the wrong type.
            throw DatabaseError.decodingMismatch(
                T.self, from: dbValue, column: column, reason: error.debugDescription, sql: sql)
        } catch is JSONRequired {
            guard let data = Data.fromDatabaseValue(dbValue) else {
                throw DatabaseError.decodingMismatch(T.self, from: dbValue, column: column, sql: sql)
            }
            do {
                return try Record.databaseJSONDecoder(for: key.stringValue).decode(T.self, from: data)
            } catch {
                throw DatabaseError(
                    resultCode: .SQLITE_MISMATCH,
                    message: "could not decode \(T.self) from JSON at column `\(column)`: \(error)",
                    sql: sql)
            }
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw JSONRequired()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw JSONRequired() }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(decoder: self) }

    private struct SingleValue: SingleValueDecodingContainer {
        let decoder: DatabaseValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.dbValue.isNull }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value: Any?
            if let read = Record.strategyRead(T.self, forColumn: decoder.column) {
                value = read(decoder.dbValue)
            } else if let convertible = T.self as? any DatabaseValueConvertible.Type {
                value = convertible.fromDatabaseValue(decoder.dbValue)
            } else {
                return try T(from: decoder)
            }
            guard let value else {
                throw DatabaseError.decodingMismatch(
                    T.self, from: decoder.dbValue, column: decoder.column, sql: decoder.sql)
            }
            return value as! T
        }
    }
}

extension FetchableRecord {
    /// How the record type reads a date or data from a column, when its strategy is not the
    /// default one; nil for the default strategies, whose values read as the values of any
    /// convertible type do, and for other types.
    static func strategyRead<T>(_ type: T.Type, forColumn column: String) -> ((DatabaseValue) -> Any?)? {
        if T.self == Date.self {
            let strategy = databaseDateDecodingStrategy(for: column)
            if case .deferredToDate = strategy { return nil }
            return strategy.date(from:)
        }
        if T.self == Data.self {
            let strategy = databaseDataDecodingStrategy(for: column)
            if case .deferredToData = strategy { return nil }
            return strategy.data(from:)
        }
        return nil
    }
}

extension DecodingError {
    /// The description of the error, without its coding path.
    fileprivate var debugDescription: String {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            return context.debugDescription
        @unknown default:
            return "\(self)"
        }
    }
}
