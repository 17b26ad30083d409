/// A type that tells the region of the database it reads, such as a request.
///
/// Database observation tracks such values: `FetchRequest` refines this protocol, and
/// `DatabaseRegion` conforms, for regions known in advance (`.fullDatabase`, …).
///
/// Getting the region of a request prepares its statement, so that SQLite tells which tables and
/// columns it reads; the request does not run.
public protocol DatabaseRegionConvertible: Sendable {
    /// The region of the database.
    ///
    /// - parameter db: A database connection.
    func databaseRegion(_ db: Database) throws -> DatabaseRegion
}

extension DatabaseRegion: DatabaseRegionConvertible {
    /// The region itself.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        self
    }
}

extension DatabaseRegionConvertible where Self == DatabaseRegion {
    /// The region that covers the full database, where a `DatabaseRegionConvertible` value is
    /// expected (such as the `tracking:` argument of database observations).
    public static var fullDatabase: DatabaseRegion { DatabaseRegion.fullDatabase }
}

/// A type-erased `DatabaseRegionConvertible`.
public struct AnyDatabaseRegionConvertible: DatabaseRegionConvertible {
    private let region: @Sendable (Database) throws -> DatabaseRegion

    /// Creates a value whose region is given by a function.
    public init(_ region: @escaping @Sendable (Database) throws -> DatabaseRegion) {
        self.region = region
    }

    /// Creates a value whose region is the region of another value.
    public init(_ region: some DatabaseRegionConvertible) {
        self.region = { try region.databaseRegion($0) }
    }

    /// The region, as the wrapped function or value gives it.
    public func databaseRegion(_ db: Database) throws -> DatabaseRegion {
        try region(db)
    }
}
