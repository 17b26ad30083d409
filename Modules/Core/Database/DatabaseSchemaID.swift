/// One of the schemas of a connection: the main database, the temporary one, or an attached
/// database.
public struct DatabaseSchemaID: Hashable, Sendable {
    /// The name of the schema in SQL: "main", "temp", or the name of an attached database.
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    /// The schema of the main database.
    public static let main = DatabaseSchemaID("main")

    /// The schema of the temporary database, which holds the temporary tables, views and triggers.
    public static let temp = DatabaseSchemaID("temp")

    /// The schema of a database attached with `ATTACH DATABASE … AS name`.
    public static func attached(_ name: String) -> DatabaseSchemaID {
        DatabaseSchemaID(name)
    }

    /// The schema of a name in SQL: "main" and "temp", in any case, or an attached database.
    init(named name: String) {
        switch name.lowercased() {
        case "main": self = .main
        case "temp": self = .temp
        default: self = .attached(name)
        }
    }

    /// The table that lists the objects of the schema, ready for SQL: `sqlite_master`,
    /// `sqlite_temp_master`, or `"name".sqlite_master` for an attached database.
    public var schemaTableName: String {
        switch self {
        case .main: return "sqlite_master"
        case .temp: return "sqlite_temp_master"
        default: return "\(name.quotedDatabaseIdentifier).sqlite_master"
        }
    }
}
