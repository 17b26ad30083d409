import Foundation

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

    /// Whether the error tells that a statement was interrupted (`SQLITE_INTERRUPT`, see
    /// `interrupt()`) or aborted (`SQLITE_ABORT`).
    public var isInterruptionError: Bool {
        resultCode == .SQLITE_INTERRUPT || resultCode == .SQLITE_ABORT
    }

    /// "SQLite error 19: UNIQUE constraint failed: player.name - while executing `INSERT …`".
    public var description: String {
        describing(arguments: publicStatementArguments)
    }

    /// The description, with the arguments of the statement whatever
    /// `Configuration.publicStatementArguments` says: "… - while executing `INSERT …` with
    /// arguments ["Arthur"]". Mind where it goes: arguments may hold private data.
    public var expandedDescription: String {
        describing(arguments: true)
    }

    private func describing(arguments showsArguments: Bool) -> String {
        var text = "SQLite error \(resultCode.rawValue)"
        if let message { text += ": \(message)" }
        if let sql {
            text += " - while executing `\(sql)`"
            if showsArguments, let arguments, !arguments.isEmpty {
                text += " with arguments \(arguments)"
            }
        }
        return text
    }
}

extension DatabaseError: CustomNSError {
    /// "GRDB.DatabaseError", as in GRDB, so that code that tells errors by their domain keeps
    /// working.
    public static var errorDomain: String { "GRDB.DatabaseError" }

    /// The extended result code.
    public var errorCode: Int { Int(extendedResultCode.rawValue) }

    /// The description, under `NSLocalizedDescriptionKey`, and the message, under
    /// `NSLocalizedFailureReasonErrorKey`.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let message { userInfo[NSLocalizedFailureReasonErrorKey] = message }
        return userInfo
    }
}

/// Matches an error whose result code matches the pattern: `catch DatabaseError.SQLITE_CONSTRAINT`.
public func ~= (pattern: ResultCode, error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return pattern ~= error.extendedResultCode
}
