import RSCore
import Testing

// The expectation of the Swift Testing tests of the driver packages (the conformance checks use the
// throwing `expectDatabaseError` of ConformanceCheck.swift instead).

/// Expects `body` to throw a `DatabaseError` with the given extended result code (a primary code
/// for errors that have no extended one) and, when they are given, the exact message and the SQL of
/// the failed statement. Returns the error, for more expectations, or nil when the expectation failed.
@discardableResult
public func expectDatabaseError<T>(
    _ extendedResultCode: ResultCode, message: String? = nil, sql: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) -> DatabaseError? {
    guard let error = #expect(throws: DatabaseError.self, sourceLocation: sourceLocation, performing: body) else {
        return nil
    }
    #expect(error.extendedResultCode == extendedResultCode, sourceLocation: sourceLocation)
    if let message {
        #expect(error.message == message, sourceLocation: sourceLocation)
    }
    if let sql {
        #expect(error.sql == sql, sourceLocation: sourceLocation)
    }
    return error
}
