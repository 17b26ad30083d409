extension Database {
    /// A function of SQLite's error log: the result code and the message of an error or a warning.
    public typealias LogErrorFunction = @Sendable (_ resultCode: ResultCode, _ message: String) -> Void

    /// The function that receives SQLite's error log (nil by default), for all connections: the
    /// errors of statements, and warnings such as the recovery of a WAL file or an automatic index.
    ///
    /// ```swift
    /// Database.logError = { resultCode, message in
    ///     print("SQLite error \(resultCode): \(message)")
    /// }
    /// ```
    ///
    /// SQLite calls it from the thread of the failing connection, in the middle of its work: it
    /// must not use a database connection. The driver installs the log when it is first used,
    /// before the first connection opens; SQLite refuses it once the library is initialized, so the
    /// log stays silent in a process that used SQLite otherwise before.
    public static var logError: LogErrorFunction? {
        get { errorLogFunction.withLock { $0 } }
        set { errorLogFunction.withLock { $0 = newValue } }
    }
}

/// The storage of `Database.logError`.
private let errorLogFunction = LockedValue<Database.LogErrorFunction?>(nil)
