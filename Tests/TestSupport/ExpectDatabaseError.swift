import RSCore

// The expectation of a `DatabaseError`, for the conformance checks and the Swift Testing tests
// alike: it throws `ConformanceFailure` when it fails, which ends a check, and which Swift Testing
// records as an issue of the test that throws it.

/// Fails unless `body` throws a `DatabaseError`; returns it. When they are given, the error must have
/// the extended result code (a primary code for errors that have no extended one), with its primary
/// code and a message; the exact message; the SQL of the failed statement; and a message that
/// contains `messageContains`.
@discardableResult
public func expectDatabaseError<T>(
    _ extendedResultCode: ResultCode? = nil, message: String? = nil, sql: String? = nil,
    messageContains: String? = nil, file: StaticString = #fileID, line: UInt = #line, _ body: () throws -> T
) throws -> DatabaseError {
    do {
        _ = try body()
    } catch let error as DatabaseError {
        try check(
            error, extendedResultCode, message: message, sql: sql, messageContains: messageContains, file: file,
            line: line)
        return error
    } catch {
        throw ConformanceFailure(description: "expected a DatabaseError, got \(error)", location: "\(file):\(line)")
    }
    throw ConformanceFailure(description: "expected a DatabaseError, got none", location: "\(file):\(line)")
}

/// Fails unless the error has the extended result code (a primary code for errors that have no
/// extended one), with its primary code, and a message; and, when they are given, the exact message,
/// the SQL of the failed statement, and a message that contains `messageContains`: for an error that
/// comes otherwise than thrown by a closure (the failure of a recorder, the result of an access).
public func expectDatabaseError(
    _ error: DatabaseError, _ extendedResultCode: ResultCode, message: String? = nil, sql: String? = nil,
    messageContains: String? = nil, file: StaticString = #fileID, line: UInt = #line
) throws {
    try check(
        error, extendedResultCode, message: message, sql: sql, messageContains: messageContains, file: file, line: line)
}

/// The expectations of `expectDatabaseError` on the error: those whose argument is not nil.
private func check(
    _ error: DatabaseError, _ extendedResultCode: ResultCode?, message: String?, sql: String?,
    messageContains: String?, file: StaticString, line: UInt
) throws {
    if let extendedResultCode {
        try expectEqual(error.extendedResultCode, extendedResultCode, file: file, line: line)
        try expectEqual(error.resultCode, extendedResultCode.primaryResultCode, file: file, line: line)
        try expect(error.message?.isEmpty == false, "the error has no message: \(error)", file: file, line: line)
    }
    if let message {
        try expectEqual(error.message, message, file: file, line: line)
    }
    if let messageContains {
        try expect(
            error.message?.contains(messageContains) == true,
            "the message of \(error) does not contain \(messageContains)", file: file, line: line)
    }
    if let sql {
        try expectEqual(error.sql, sql, file: file, line: line)
    }
}
