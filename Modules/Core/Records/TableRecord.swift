/// A type that is stored in a database table.
///
/// The table name defaults to the type name with a lowercase initial: `Player` is stored in
/// "player", `HTTPRequest` in "httpRequest".
///
/// A record can name its columns in a nested `Columns` type, and the query interface then accepts
/// closures and key paths over them, its *database components*:
///
/// ```swift
/// struct Player: Codable, FetchableRecord, PersistableRecord {
///     var id: Int64
///     var name: String
///     var score: Int
///
///     enum Columns {
///         static let id = Column(CodingKeys.id)
///         static let name = Column(CodingKeys.name)
///         static let score = Column(CodingKeys.score)
///     }
/// }
///
/// let request = Player.filter { $0.score > 1000 }.order(\.name)
/// ```
public protocol TableRecord {
    /// The type that names the columns of the table, with static members (`Never` by default: no
    /// columns named).
    associatedtype Columns = Never

    /// The type of ``databaseComponents``: `Columns.Type` by default, so that the closures of the
    /// query interface (`Player.filter { $0.score > 1000 }`) and key paths (`Player.order(\.score)`)
    /// reach the static members of `Columns`.
    associatedtype DatabaseComponents = Columns.Type

    /// The name of the table.
    static var databaseTableName: String { get }

    /// What the requests of the type select: all columns (`[.allColumns]`) by default.
    ///
    /// ```swift
    /// struct PlayerName: FetchableRecord, TableRecord {
    ///     static let databaseTableName = "player"
    ///     static var databaseSelection: [any SQLSelectable] { [Column("id"), Column("name")] }
    /// }
    /// try PlayerName.fetchAll(db)   // SELECT "id", "name" FROM "player"
    /// ```
    ///
    /// The query interface, the fetches by key, and the `…AndFetch` persistence methods select it.
    static var databaseSelection: [any SQLSelectable] { get }

    /// The value that the closures of the query interface receive: `Player.databaseComponents.score`
    /// is the column `score` of the example above. `Columns.self` by default.
    static var databaseComponents: DatabaseComponents { get }
}

extension TableRecord {
    /// The type name with a lowercase initial ("player" for `Player`, "httpRequest" for `HTTPRequest`).
    public static var databaseTableName: String { cachedDefaultDatabaseTableName(of: Self.self) }
}

extension TableRecord {
    /// All columns.
    public static var databaseSelection: [any SQLSelectable] { [AllColumns()] }

    /// The SQL of `databaseSelection`, and its arguments: `*` for all columns.
    static func databaseSelectionSQL(_ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        let selection = databaseSelection
        if selection.count == 1, selection[0] is AllColumns { return ("*", StatementArguments()) }
        var context = SQLGenerationContext(database: db)
        context.relationTable = (databaseTableName, databaseTableName)
        let sql = try selection.sql(&context)
        return (sql, context.arguments)
    }
}

extension TableRecord where DatabaseComponents == Columns.Type {
    /// The `Columns` type, whose static members are the columns of the table.
    public static var databaseComponents: DatabaseComponents { Columns.self }
}

/// The default table names already derived, by type (deriving one from the type name is slow).
private let defaultTableNames = LockedValue<[ObjectIdentifier: String]>([:])

/// The default table name of a type, derived once (see `defaultDatabaseTableName(for:)`).
func cachedDefaultDatabaseTableName(of type: Any.Type) -> String {
    defaultTableNames.withLock { names in
        let identifier = ObjectIdentifier(type)
        if let name = names[identifier] { return name }
        let name = defaultDatabaseTableName(for: "\(type)")
        names[identifier] = name
        return name
    }
}

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
