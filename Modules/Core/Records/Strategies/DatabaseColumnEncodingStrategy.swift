/// The columns where a `Codable` record stores its coding keys: see
/// ``EncodableRecord/databaseColumnEncodingStrategy``.
public enum DatabaseColumnEncodingStrategy: Sendable {
    /// The coding key is the column: `playerID` in "playerID".
    case useDefaultKeys
    /// The coding key in snake case, as `JSONEncoder` converts it: `playerID` in "player_id".
    case convertToSnakeCase
    /// The column that a function gives.
    case custom(@Sendable (any CodingKey) -> String)

    /// The column of a coding key.
    func column(for key: some CodingKey) -> String {
        switch self {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return key.stringValue.convertedToSnakeCase
        case .custom(let column): return column(key)
        }
    }
}
