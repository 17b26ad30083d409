/// An error of record persistence.
public enum PersistenceError: Error, Sendable, CustomStringConvertible {
    /// No row has the primary key of the record (thrown by `update` and `find`).
    case recordNotFound(databaseTableName: String, key: [String: DatabaseValue])

    /// "Key not found in table player: [id:1]".
    public var description: String {
        switch self {
        case .recordNotFound(let table, let key):
            let keyDescription = key.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
            return "Key not found in table \(table): [\(keyDescription.joined(separator: ", "))]"
        }
    }
}
