/// An error from SQLite, or from the library when it is used in a way SQLite would refuse.
///
/// It carries the extended result code, the message, and the SQL and arguments of the failed
/// statement. Arguments may hold private data, so they appear in the description only when
/// `Configuration.publicStatementArguments` is true.
public struct DatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, …).
    public let extendedResultCode: ResultCode
    /// The error message.
    public let message: String?
    /// The SQL of the statement that failed, if any.
    public let sql: String?
    /// The arguments of the statement that failed.
    public let arguments: StatementArguments?
    /// Whether `description` may show the arguments.
    public let publicStatementArguments: Bool

    /// The primary result code (`SQLITE_CONSTRAINT`, …).
    public var resultCode: ResultCode { extendedResultCode.primaryResultCode }

    /// Creates an error.
    public init(
        resultCode: ResultCode = .SQLITE_ERROR,
        message: String? = nil,
        sql: String? = nil,
        arguments: StatementArguments? = nil,
        publicStatementArguments: Bool = false
    ) {
        self.extendedResultCode = resultCode
        self.message = message
        self.sql = sql
        self.arguments = arguments
        self.publicStatementArguments = publicStatementArguments
    }

    /// Whether the error is the violation of a UNIQUE constraint.
    public var isUniqueConstraintViolation: Bool { extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE }

    /// "SQLite error 19: UNIQUE constraint failed: player.name - while executing `INSERT …`".
    public var description: String {
        var text = "SQLite error \(resultCode.rawValue)"
        if let message { text += ": \(message)" }
        if let sql {
            text += " - while executing `\(sql)`"
            if publicStatementArguments, let arguments, !arguments.isEmpty {
                text += " with arguments \(arguments)"
            }
        }
        return text
    }
}

/// Matches an error whose result code matches the pattern: `catch DatabaseError.SQLITE_CONSTRAINT`.
public func ~= (pattern: ResultCode, error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return pattern ~= error.extendedResultCode
}
