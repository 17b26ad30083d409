/// The coding keys that a `Decodable` record reads from the columns of a row: see
/// ``FetchableRecord/databaseColumnDecodingStrategy``.
public enum DatabaseColumnDecodingStrategy: Sendable {
    /// The column is the coding key: "playerId" for `playerId`.
    case useDefaultKeys
    /// The column from snake case, as `JSONDecoder` converts it: "player_id" for `playerId`.
    case convertFromSnakeCase
    /// The coding key that a function gives for a column.
    case custom(@Sendable (String) -> any CodingKey)

    /// Whether the coding keys are the columns (`.useDefaultKeys`).
    var keysAreColumns: Bool {
        if case .useDefaultKeys = self { return true }
        return false
    }

    /// The coding key (its string value) of a column.
    func key(forColumn column: String) -> String {
        switch self {
        case .useDefaultKeys: return column
        case .convertFromSnakeCase: return column.convertedFromSnakeCase
        case .custom(let key): return key(column).stringValue
        }
    }
}
