/// The problems of a set of SQL migration files: every one that was found, in the order of the
/// file names.
public struct SQLMigrationsFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problems, at least one.
    public var errors: [SQLMigrationError]

    /// A failure of the given problems.
    public init(errors: [SQLMigrationError]) {
        self.errors = errors
    }

    /// One line per problem.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
