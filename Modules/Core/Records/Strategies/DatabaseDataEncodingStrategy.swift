import Foundation

/// How a `Codable` record stores its `Data` properties: see
/// ``EncodableRecord/databaseDataEncodingStrategy(for:)``.
public enum DatabaseDataEncodingStrategy: Sendable {
    /// A blob.
    case deferredToData
    /// UTF-8 text (data that is no UTF-8 is an encoding error).
    case text
    /// The value of a function (nil stores NULL).
    case custom(@Sendable (Data) -> (any DatabaseValueConvertible)?)

    /// The database value of data.
    ///
    /// - throws: An `EncodingError` for `.text` and data that is no UTF-8.
    func databaseValue(of data: Data) throws -> DatabaseValue {
        switch self {
        case .deferredToData:
            return data.databaseValue
        case .text:
            guard let string = String(data: data, encoding: .utf8) else {
                throw EncodingError.invalidValue(
                    data, .init(codingPath: [], debugDescription: "data that is no UTF-8 cannot be stored as text"))
            }
            return string.databaseValue
        case .custom(let format):
            return format(data)?.databaseValue ?? .null
        }
    }
}
