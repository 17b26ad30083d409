import Foundation

/// How a `Codable` record stores its `UUID` properties: see
/// ``EncodableRecord/databaseUUIDEncodingStrategy(for:)``. (Decoding reads all of these forms.)
public enum DatabaseUUIDEncodingStrategy: Sendable {
    /// A blob of 16 bytes.
    case deferredToUUID
    /// Uppercase text: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F".
    case uppercaseString
    /// Lowercase text: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f".
    case lowercaseString

    /// The database value of a UUID.
    func databaseValue(of uuid: UUID) -> DatabaseValue {
        switch self {
        case .deferredToUUID: return uuid.databaseValue
        case .uppercaseString: return uuid.uuidString.databaseValue
        case .lowercaseString: return uuid.uuidString.lowercased().databaseValue
        }
    }
}
