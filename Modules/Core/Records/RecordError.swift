/// An error of a record method.
public enum RecordError: Error, Sendable, CustomStringConvertible {
    /// No row has the primary key of the record (thrown by `update`, `find`, the `…AndFetch`
    /// methods, and the fetches of `find(_:key:)`).
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

/// The former name of ``RecordError``.
@available(*, deprecated, renamed: "RecordError")
public typealias PersistenceError = RecordError
