extension Database {
    /// The extended result code of the last call into SQLite that failed on this connection, or of
    /// the last one when it succeeded (`SQLITE_OK`).
    public var lastErrorCode: ResultCode {
        checkAccess()
        return ResultCode(rawValue: api.extended_errcode(sqliteConnection))
    }

    /// The message of `lastErrorCode` ("not an error" after a success).
    public var lastErrorMessage: String? {
        checkAccess()
        return api.errmsg(sqliteConnection).map { String(cString: $0) }
    }
}
