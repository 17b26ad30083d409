/// A type that is stored in a database table.
///
/// The table name defaults to the type name with a lowercase initial: `Player` is stored in
/// "player", `HTTPRequest` in "httpRequest".
public protocol TableRecord {
    /// The name of the table.
    static var databaseTableName: String { get }
}

extension TableRecord {
    /// The type name with a lowercase initial ("player" for `Player`, "httpRequest" for `HTTPRequest`).
    public static var databaseTableName: String {
        defaultTableNames.withLock { names in
            let type = ObjectIdentifier(Self.self)
            if let name = names[type] { return name }
            let name = defaultDatabaseTableName(for: "\(Self.self)")
            names[type] = name
            return name
        }
    }
}

/// The default table names already derived, by type (deriving one from the type name is slow).
private let defaultTableNames = LockedValue<[ObjectIdentifier: String]>([:])

/// The default table name of a type name: generic arguments and module prefixes are dropped,
/// and the leading capitals are lowercased, but for the last one of a run followed by lowercase.
func defaultDatabaseTableName(for typeName: String) -> String {
    let name = typeName.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    let capitals = name.prefix { $0.isUppercase }
    switch capitals.count {
    case 0:
        return String(name)
    case name.count:
        return name.lowercased()
    case 1:
        return capitals.lowercased() + name.dropFirst()
    default:
        return capitals.dropLast().lowercased() + name.dropFirst(capitals.count - 1)
    }
}
