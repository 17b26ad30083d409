import Foundation

/// How a `Decodable` record reads its `Data` properties: see
/// ``FetchableRecord/databaseDataDecodingStrategy(for:)``.
public enum DatabaseDataDecodingStrategy: Sendable {
    /// What `Data.fromDatabaseValue` reads: a blob, or the UTF-8 bytes of text.
    case deferredToData
    /// The data a function makes of the database value (nil is a decoding error).
    case custom(@Sendable (DatabaseValue) -> Data?)

    /// The data of a database value, or nil when the value does not fit the strategy.
    func data(from dbValue: DatabaseValue) -> Data? {
        switch self {
        case .deferredToData: return Data.fromDatabaseValue(dbValue)
        case .custom(let read): return read(dbValue)
        }
    }
}
