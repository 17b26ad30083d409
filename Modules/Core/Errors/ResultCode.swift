/// A SQLite result code, primary (`SQLITE_CONSTRAINT`) or extended (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// A primary code matches the extended codes of its family in pattern matching:
///
/// ```swift
/// catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT { … }
/// switch error.extendedResultCode { case .SQLITE_CONSTRAINT_FOREIGNKEY: … }
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C value.
    public let rawValue: Int32

    /// Creates a result code from its C value.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary result code (the low byte).
    public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// "SQLite error N".
    public var description: String { "\(rawValue)" }

    /// A primary code matches any extended code of its family; an extended code matches only itself.
    public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
        pattern.primaryResultCode == pattern ? pattern == code.primaryResultCode : pattern == code
    }

    /// Successful result.
    public static let SQLITE_OK = ResultCode(rawValue: 0)
    /// Generic error.
    public static let SQLITE_ERROR = ResultCode(rawValue: 1)
    /// Internal logic error in SQLite.
    public static let SQLITE_INTERNAL = ResultCode(rawValue: 2)
    /// Access permission denied.
    public static let SQLITE_PERM = ResultCode(rawValue: 3)
    /// Callback routine requested an abort.
    public static let SQLITE_ABORT = ResultCode(rawValue: 4)
    /// The database file is locked.
    public static let SQLITE_BUSY = ResultCode(rawValue: 5)
    /// A table in the database is locked.
    public static let SQLITE_LOCKED = ResultCode(rawValue: 6)
    /// A malloc() failed.
    public static let SQLITE_NOMEM = ResultCode(rawValue: 7)
    /// Attempt to write a readonly database.
    public static let SQLITE_READONLY = ResultCode(rawValue: 8)
    /// Operation terminated by sqlite3_interrupt().
    public static let SQLITE_INTERRUPT = ResultCode(rawValue: 9)
    /// Some kind of disk I/O error occurred.
    public static let SQLITE_IOERR = ResultCode(rawValue: 10)
    /// The database disk image is malformed.
    public static let SQLITE_CORRUPT = ResultCode(rawValue: 11)
    /// Unknown opcode in `sqlite3_file_control()`.
    public static let SQLITE_NOTFOUND = ResultCode(rawValue: 12)
    /// Insertion failed because the database is full.
    public static let SQLITE_FULL = ResultCode(rawValue: 13)
    /// Unable to open the database file.
    public static let SQLITE_CANTOPEN = ResultCode(rawValue: 14)
    /// Database lock protocol error.
    public static let SQLITE_PROTOCOL = ResultCode(rawValue: 15)
    /// Internal use only.
    public static let SQLITE_EMPTY = ResultCode(rawValue: 16)
    /// The database schema changed.
    public static let SQLITE_SCHEMA = ResultCode(rawValue: 17)
    /// String or BLOB exceeds size limit.
    public static let SQLITE_TOOBIG = ResultCode(rawValue: 18)
    /// Abort due to constraint violation.
    public static let SQLITE_CONSTRAINT = ResultCode(rawValue: 19)
    /// Data type mismatch.
    public static let SQLITE_MISMATCH = ResultCode(rawValue: 20)
    /// Library used incorrectly.
    public static let SQLITE_MISUSE = ResultCode(rawValue: 21)
    /// Uses OS features not supported on host.
    public static let SQLITE_NOLFS = ResultCode(rawValue: 22)
    /// Authorization denied.
    public static let SQLITE_AUTH = ResultCode(rawValue: 23)
    /// Not used.
    public static let SQLITE_FORMAT = ResultCode(rawValue: 24)
    /// Bind parameter out of range.
    public static let SQLITE_RANGE = ResultCode(rawValue: 25)
    /// File opened that is not a database file.
    public static let SQLITE_NOTADB = ResultCode(rawValue: 26)
    /// Notifications from `sqlite3_log()`.
    public static let SQLITE_NOTICE = ResultCode(rawValue: 27)
    /// Warnings from `sqlite3_log()`.
    public static let SQLITE_WARNING = ResultCode(rawValue: 28)
    /// `sqlite3_step()` has another row ready.
    public static let SQLITE_ROW = ResultCode(rawValue: 100)
    /// `sqlite3_step()` has finished executing.
    public static let SQLITE_DONE = ResultCode(rawValue: 101)
}
