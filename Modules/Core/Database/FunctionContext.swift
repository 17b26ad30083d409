import Foundation

/// What the C callbacks of a function need: the function and the driver's entry points.
final class FunctionContext {
    let function: DatabaseFunction
    let api: SQLiteAPI

    init(function: DatabaseFunction, api: SQLiteAPI) {
        self.function = function
        self.api = api
    }

    /// Runs a scalar function with the SQL arguments, and sets its result or its error.
    func call(_ sqliteContext: OpaquePointer?, _ argumentCount: Int, _ arguments: UnsafeMutablePointer<OpaquePointer?>?)
    {
        guard case .function(let function) = function.kind else { return }
        do {
            report(try function(values(argumentCount, arguments)), in: sqliteContext)
        } catch {
            report(error, in: sqliteContext)
        }
    }

    /// Adds a row to the aggregation of the SQL call.
    func step(_ sqliteContext: OpaquePointer?, _ argumentCount: Int, _ arguments: UnsafeMutablePointer<OpaquePointer?>?)
    {
        guard let aggregation = aggregation(sqliteContext) else { return }
        do {
            try aggregation.aggregate.step(values(argumentCount, arguments))
        } catch {
            // SQLite stops the statement, and then calls `finish`, whose result it ignores.
            aggregation.hasFailed = true
            report(error, in: sqliteContext)
        }
    }

    /// Sets the result of the aggregation of the SQL call, and frees it.
    func finish(_ sqliteContext: OpaquePointer?) {
        guard let aggregation = aggregation(sqliteContext) else { return }
        defer { Unmanaged.passUnretained(aggregation).release() }
        guard !aggregation.hasFailed else { return }
        do {
            report(try aggregation.aggregate.finalize(), in: sqliteContext)
        } catch {
            report(error, in: sqliteContext)
        }
    }

    /// The aggregation of the SQL call, created on its first use. SQLite gives each call a buffer,
    /// zeroed at first, where the aggregation's retained reference is kept; nil (and an error
    /// set) when SQLite cannot allocate it.
    private func aggregation(_ sqliteContext: OpaquePointer?) -> Aggregation? {
        guard case .aggregate(let makeAggregate) = function.kind else { return nil }
        let size = Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)
        guard let buffer = api.aggregate_context(sqliteContext, size) else {
            report(DatabaseError(resultCode: .SQLITE_NOMEM, message: "out of memory"), in: sqliteContext)
            return nil
        }
        let slot = buffer.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
        if let existing = slot.pointee {
            return Unmanaged<Aggregation>.fromOpaque(existing).takeUnretainedValue()
        }
        let aggregation = Aggregation(aggregate: makeAggregate())
        slot.pointee = Unmanaged.passRetained(aggregation).toOpaque()
        return aggregation
    }

    private func values(_ argumentCount: Int, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) -> [DatabaseValue] {
        (0..<argumentCount).map { index in api.databaseValue(of: arguments![index]) }
    }

    /// Sets the result of the SQL call.
    private func report(_ result: (any DatabaseValueConvertible)?, in sqliteContext: OpaquePointer?) {
        switch result?.databaseValue.storage ?? .null {
        case .null:
            api.result_null(sqliteContext)
        case .int64(let int64):
            api.result_int64(sqliteContext, int64)
        case .double(let double):
            api.result_double(sqliteContext, double)
        case .string(var string):
            string.withUTF8 { buffer in
                api.result_text(
                    sqliteContext,
                    UnsafeRawPointer(buffer.baseAddress ?? StaticString("").utf8Start)
                        .assumingMemoryBound(to: CChar.self), Int32(buffer.count), SQLITE.TRANSIENT)
            }
        case .blob(let data):
            data.withUnsafeBytes { buffer in
                api.result_blob(
                    sqliteContext, buffer.baseAddress ?? UnsafeRawPointer(StaticString("").utf8Start),
                    Int32(buffer.count), SQLITE.TRANSIENT)
            }
        }
    }

    /// Fails the SQL call: a `DatabaseError` with its message and code, another error with its
    /// description.
    private func report(_ error: any Error, in sqliteContext: OpaquePointer?) {
        let databaseError = error as? DatabaseError
        api.result_error(sqliteContext, databaseError?.message ?? "\(error)", -1)
        // After the message: SQLite's statement then fails with the error's own code.
        if let databaseError { api.result_error_code(sqliteContext, databaseError.extendedResultCode.rawValue) }
    }
}

/// The state of one aggregation: one per group of an SQL call of an aggregate function.
private final class Aggregation {
    var aggregate: any DatabaseAggregate
    /// Whether a step failed: the aggregation has no result then.
    var hasFailed = false

    init(aggregate: any DatabaseAggregate) {
        self.aggregate = aggregate
    }
}
