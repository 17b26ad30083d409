import RSCore

/// A feature of the schema DSL that needs a recent SQLite.
///
/// Before it runs a statement that uses one, the DSL checks the capabilities of the connection's
/// driver, and throws an error that names the feature and both versions, instead of letting SQLite
/// fail with a syntax error (SQLCipher 3.4 embeds SQLite 3.15.2).
enum SchemaFeature {
    /// `ALTER TABLE … RENAME COLUMN` (SQLite 3.25.0).
    case renameColumn
    /// `ALTER TABLE … DROP COLUMN` (SQLite 3.35.0).
    case dropColumn
    /// Generated columns: `GENERATED ALWAYS AS (…)` (SQLite 3.31.0).
    case generatedColumns
    /// `STRICT` tables (SQLite 3.37.0).
    case strictTables

    /// The SQL the feature is about, as the error message names it.
    var name: String {
        switch self {
        case .renameColumn: return "ALTER TABLE … RENAME COLUMN"
        case .dropColumn: return "ALTER TABLE … DROP COLUMN"
        case .generatedColumns: return "GENERATED ALWAYS AS (generated columns)"
        case .strictTables: return "CREATE TABLE … STRICT"
        }
    }

    /// The SQL feature, which knows the first SQLite version that has it.
    private var sqlFeature: SQLFeature {
        switch self {
        case .renameColumn: return .renameColumn
        case .dropColumn: return .dropColumn
        case .generatedColumns: return .generatedColumns
        case .strictTables: return .strictTables
        }
    }

    /// Throws unless a library of these capabilities has the feature.
    ///
    /// - parameter sql: The statement that needs the feature, for the error.
    /// - throws: A `DatabaseError` (`SQLITE_ERROR`): "ALTER TABLE … RENAME COLUMN requires SQLite
    ///   3.25.0; this connection runs SQLite 3.15.2".
    func check(_ capabilities: DatabaseCapabilities, sql: String? = nil) throws {
        let feature = sqlFeature
        guard !feature.isAvailable(capabilities) else { return }
        throw DatabaseError(
            resultCode: .SQLITE_ERROR,
            message:
                "\(name) requires SQLite \(feature.minimumVersion); this connection runs SQLite \(capabilities.version)",
            sql: sql)
    }
}
