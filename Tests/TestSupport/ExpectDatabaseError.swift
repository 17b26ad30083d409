import RSCore
import Testing

// The expectation of the Swift Testing tests of the driver packages (the conformance checks use the
// throwing `expectDatabaseError` of ConformanceCheck.swift instead).

/// Expects `body` to throw a `DatabaseError` with the given primary result code, and returns it.
@discardableResult
public func expectDatabaseError(
    _ resultCode: ResultCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> DatabaseError? {
    let error = #expect(throws: DatabaseError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.resultCode == resultCode, sourceLocation: sourceLocation)
    return error
}
