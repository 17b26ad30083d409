/// A type that tells the connection what SQLite's schema cannot tell: today, the primary key of a
/// view.
///
/// SQLite knows no primary key for a view, so that the record methods that need one, such as
/// `fetchOne(_:id:)`, `fetchOne(_:key:)` or `exists(_:id:)`, fail for a record type whose table
/// is a view. A schema source names the columns that identify the rows of the view:
///
/// ```swift
/// struct AppSchemaSource: DatabaseSchemaSource {
///     func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
///         view.name == "activePlayer" ? ["id"] : nil
///     }
/// }
///
/// var config = Configuration()
/// config.schemaSource = AppSchemaSource()
/// let dbQueue = try DatabaseQueue(path: path, configuration: config)
/// ```
///
/// The migrations of a `DatabaseMigrator` run without schema source, so that what they do never
/// depends on it; ``Database/withSchemaSource(_:execute:)`` brings one back in a migration that
/// needs it.
public protocol DatabaseSchemaSource: Sendable {
    /// The names of the columns of the primary key of a view; nil for a view that the source knows
    /// nothing of, and an empty array for a view that has no primary key.
    ///
    /// The columns must be columns of the view, must never be NULL, and must tell each row of the
    /// view from all others. A column that the view does not have makes the primary key of the view
    /// fail with a `DatabaseError` (`SQLITE_MISUSE`).
    ///
    /// A source written for a library should return nil for the views that the library does not
    /// own, so that an application can chain it with its own source (see ``then(_:)``).
    ///
    /// - parameters:
    ///   - db: The connection that asks.
    ///   - view: The view, and the schema that holds it.
    func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]?
}

extension DatabaseSchemaSource {
    /// Returns nil: the source tells nothing of the view.
    public func columnsForPrimaryKey(_ db: Database, inView view: DatabaseObjectID) throws -> [String]? {
        nil
    }
}
