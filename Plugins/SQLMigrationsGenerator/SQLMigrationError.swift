/// A problem of an SQL migration file, which fails the build. Each names its file.
public enum SQLMigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name does not start with the number of the migration (`createPlayer.sql`).
    case missingNumber(file: String)
    /// The number is not followed by an underscore (`0001-createPlayer.sql`, `0001.sql`).
    case missingSeparator(file: String)
    /// The number does not fit in an `Int`.
    case numberTooLarge(file: String)
    /// The identifier after the underscore is empty, does not start with an ASCII letter, or holds
    /// something else than ASCII letters, digits and underscores (`0001_create-player.sql`).
    case invalidIdentifier(file: String, identifier: String)
    /// Another file has the same number (`0001_a.sql` and `01_b.sql`).
    case duplicateNumber(file: String, number: Int, otherFile: String)
    /// Another file has the same identifier (`0001_a.sql` and `0002_a.sql`).
    case duplicateIdentifier(file: String, identifier: String, otherFile: String)
    /// The file holds no statement: only whitespace, comments and semicolons.
    case emptyFile(file: String)
    /// The file is not valid UTF-8 text.
    case invalidUTF8(file: String)

    /// The path of the file the error is about.
    public var file: String {
        switch self {
        case .missingNumber(let file), .missingSeparator(let file), .numberTooLarge(let file),
            .invalidIdentifier(let file, _), .duplicateNumber(let file, _, _), .duplicateIdentifier(let file, _, _),
            .emptyFile(let file), .invalidUTF8(let file):
            return file
        }
    }

    /// What is wrong, without the file.
    public var message: String {
        let rule = "a migration file is named <number>_<identifier>.sql, such as 0001_createPlayer.sql"
        switch self {
        case .missingNumber:
            return "the name does not start with the number of the migration: \(rule)"
        case .missingSeparator:
            return "the number is not followed by an underscore and an identifier: \(rule)"
        case .numberTooLarge:
            return "the number of the migration is too large"
        case .invalidIdentifier(_, let identifier):
            return "'\(identifier)' is not a valid migration identifier: it starts with an ASCII letter, "
                + "followed by ASCII letters, digits and underscores"
        case .duplicateNumber(_, let number, let otherFile):
            return "the migration number \(number) is also the number of \(otherFile)"
        case .duplicateIdentifier(_, let identifier, let otherFile):
            return "the migration identifier '\(identifier)' is also the identifier of \(otherFile)"
        case .emptyFile:
            return "the migration holds no SQL statement"
        case .invalidUTF8:
            return "the file is not valid UTF-8 text"
        }
    }

    /// The error as compilers write one, which build logs and IDEs show on the file:
    /// `<file>:1: error: <message>`.
    public var description: String { "\(file):1: error: \(message)" }
}
