/// A migration of an SQL file: its order, its identifier, and the SQL it runs.
public struct SQLMigration: Equatable, Sendable {
    /// The number of the migration, which gives its order.
    public var number: Int
    /// The identifier of the migration, which the migrator records.
    public var identifier: String
    /// The path of its file.
    public var file: String
    /// The SQL of the migration: the text of the file, without a leading byte order mark.
    public var sql: String

    /// A migration of the given number, identifier, file and SQL.
    public init(number: Int, identifier: String, file: String, sql: String) {
        self.number = number
        self.identifier = identifier
        self.file = file
        self.sql = sql
    }

    /// Reads the migrations of SQL files, ordered by number.
    ///
    /// - throws: `SQLMigrationsFailure`, with every problem of the files (bad names, duplicate
    ///   numbers or identifiers, files with no statement, files that are not UTF-8), in the order of
    ///   the file paths; each problem names its file, and a duplicate names both.
    public static func migrations(of files: [SQLMigrationFile]) throws(SQLMigrationsFailure) -> [SQLMigration] {
        var errors: [SQLMigrationError] = []
        var migrations: [SQLMigration] = []
        var fileOfNumber: [Int: String] = [:]
        var fileOfIdentifier: [String: String] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            do throws(SQLMigrationError) {
                let name = try SQLMigrationName(fileName: file.name, path: file.path)
                if let otherFile = fileOfNumber[name.number] {
                    throw SQLMigrationError.duplicateNumber(file: file.path, number: name.number, otherFile: otherFile)
                }
                if let otherFile = fileOfIdentifier[name.identifier] {
                    throw SQLMigrationError.duplicateIdentifier(
                        file: file.path, identifier: name.identifier, otherFile: otherFile)
                }
                fileOfNumber[name.number] = file.path
                fileOfIdentifier[name.identifier] = file.path
                let sql = try text(of: file)
                guard SQLScript.containsStatement(sql) else { throw SQLMigrationError.emptyFile(file: file.path) }
                migrations.append(
                    SQLMigration(number: name.number, identifier: name.identifier, file: file.path, sql: sql))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw SQLMigrationsFailure(errors: errors) }
        return migrations.sorted { $0.number < $1.number }
    }

    /// The text of a file, without a leading byte order mark.
    private static func text(of file: SQLMigrationFile) throws(SQLMigrationError) -> String {
        var bytes = file.contents[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var text = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: return text
            case .error: throw .invalidUTF8(file: file.path)
            }
        }
    }
}
