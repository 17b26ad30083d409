/// The order and the identifier that the name of an SQL migration file gives.
///
/// The name is `<number>_<identifier>.sql`:
/// - the number is one or more ASCII digits (leading zeros are allowed: `0001` is 1); migrations run
///   in the order of their numbers;
/// - one underscore separates it from the identifier;
/// - the identifier, which the migrator records once the migration is applied, starts with an ASCII
///   letter, and goes on with ASCII letters, digits and underscores.
///
/// `0001_createPlayer.sql` is the migration `createPlayer`, number 1. Renumbering a file changes its
/// order, not its identifier: a database that applied it does not apply it again.
public struct SQLMigrationName: Equatable, Sendable {
    /// The number of the migration, which gives its order.
    public var number: Int
    /// The identifier of the migration.
    public var identifier: String

    /// A name of the given number and identifier.
    public init(number: Int, identifier: String) {
        self.number = number
        self.identifier = identifier
    }

    /// Reads the name of a file (`0001_createPlayer.sql`; its extension, whatever it is, is ignored).
    ///
    /// - throws: `missingNumber`, `missingSeparator`, `numberTooLarge` or `invalidIdentifier`, naming
    ///   `path`.
    public init(fileName: Substring, path: String) throws(SQLMigrationError) {
        let stem = fileName.lastIndex(of: ".").map { fileName[..<$0] } ?? fileName
        let digits = stem.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty else { throw .missingNumber(file: path) }
        guard let number = Int(digits) else { throw .numberTooLarge(file: path) }
        let rest = stem[digits.endIndex...]
        guard rest.first == "_" else { throw .missingSeparator(file: path) }
        let identifier = String(rest.dropFirst())
        guard Self.isValidIdentifier(identifier) else {
            throw .invalidIdentifier(file: path, identifier: identifier)
        }
        self.number = number
        self.identifier = identifier
    }

    /// Whether a string is a valid identifier: an ASCII letter, then ASCII letters, digits and
    /// underscores.
    public static func isValidIdentifier(_ identifier: String) -> Bool {
        guard let first = identifier.unicodeScalars.first, isLetter(first) else { return false }
        return identifier.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
