import ReactiveSQLite
import Testing

/// The helpers of `Cursor`, over cursors of real statements: they go through the remaining values
/// in order, step no further than they need, and stop at the first error, which they throw.
@Suite struct CursorTests {
    /// A helper that calls a closure on values of the cursor.
    enum VisitingHelper: String, CaseIterable, CustomTestStringConvertible {
        case forEach, firstWhere, map, filter

        var testDescription: String { rawValue }

        /// Runs the helper over the cursor with `visit` as its closure.
        func run(_ cursor: DatabaseValueCursor<Int>, _ visit: (Int) throws -> Bool) throws {
            switch self {
            case .forEach:
                // The method under test (a cursor is not a Sequence, to be looped over with for-in).
                // swift-format-ignore: ReplaceForEachWithForLoop
                try cursor.forEach { _ = try visit($0) }
            case .firstWhere: _ = try cursor.first(where: visit)
            case .map: _ = try cursor.map(visit)
            case .filter: _ = try cursor.filter(visit)
            }
        }
    }

    /// The helpers that read all remaining values, with or without a closure.
    enum ConsumingHelper: String, CaseIterable, CustomTestStringConvertible {
        case forEach, map, filter, array, set

        var testDescription: String { rawValue }

        /// Runs the helper over the cursor, and returns the values it gave the closure, or the
        /// values it returned (in order, for a set).
        func values(_ cursor: DatabaseValueCursor<Int>) throws -> [Int] {
            switch self {
            case .forEach:
                var values: [Int] = []
                // The method under test.
                // swift-format-ignore: ReplaceForEachWithForLoop
                try cursor.forEach { values.append($0) }
                return values
            case .map: return try cursor.map { $0 }
            case .filter: return try cursor.filter { _ in true }
            case .array: return try Array(cursor)
            case .set: return try Set(cursor).sorted()
            }
        }
    }

    @Test(arguments: ConsumingHelper.allCases)
    func helpersGoThroughTheRemainingValuesInOrder(_ helper: ConsumingHelper) throws {
        try withNumbers { db in
            let cursor = try numbers(db)
            #expect(try cursor.next() == 1)
            #expect(try helper.values(cursor) == [2, 3, 4, 5])
            // The cursor is exhausted, and does not start again.
            #expect(try cursor.next() == nil)
            #expect(try helper.values(cursor) == [])
        }
    }

    @Test(arguments: ConsumingHelper.allCases)
    func helpersOfAnEmptyCursorGiveNothing(_ helper: ConsumingHelper) throws {
        try withNumbers { db in
            let values = try helper.values(numbers(db, above: 5))
            #expect(values == [])
        }
    }

    @Test func mapTransformsAndFilterSelects() throws {
        try withNumbers { db in
            let tens = try numbers(db).map { $0 * 10 }
            #expect(tens == [10, 20, 30, 40, 50])
            let evens = try numbers(db).filter { $0 % 2 == 0 }
            #expect(evens == [2, 4])
            let parities = try Set(Int.fetchCursor(db, sql: "SELECT x % 2 FROM t"))
            #expect(parities == [0, 1])
        }
    }

    @Test(arguments: VisitingHelper.allCases)
    func anErrorOfTheClosureStopsTheIteration(_ helper: VisitingHelper) throws {
        struct ClosureError: Error {}
        try withNumbers { db in
            let cursor = try numbers(db)
            var visited: [Int] = []
            #expect(throws: ClosureError.self) {
                try helper.run(cursor) { value in
                    visited.append(value)
                    if value == 3 { throw ClosureError() }
                    return false
                }
            }
            #expect(visited == [1, 2, 3])
            // The helper stepped no further than the value that failed.
            #expect(try cursor.next() == 4)
        }
    }

    @Test(arguments: VisitingHelper.allCases, CursorFailure.allCases)
    func anErrorOfTheCursorStopsTheIteration(_ helper: VisitingHelper, _ failure: CursorFailure) throws {
        try withNumbers { db in
            var visited: [Int] = []
            let error = #expect(throws: DatabaseError.self) {
                try helper.run(failure.cursor(db)) { value in
                    visited.append(value)
                    return false
                }
            }
            #expect(error?.resultCode == failure.resultCode)
            #expect(visited == [1, 2])
        }
    }

    @Test(arguments: CursorFailure.allCases)
    func anErrorOfTheCursorFailsArrayAndSet(_ failure: CursorFailure) throws {
        try withNumbers { db in
            let arrayError = #expect(throws: DatabaseError.self) { try Array(failure.cursor(db)) }
            #expect(arrayError?.resultCode == failure.resultCode)
            let setError = #expect(throws: DatabaseError.self) { try Set(failure.cursor(db)) }
            #expect(setError?.resultCode == failure.resultCode)
        }
    }

    @Test func firstWhereStopsAtTheFirstMatch() throws {
        try withNumbers { db in
            let cursor = try numbers(db)
            #expect(try cursor.first(where: { $0 % 2 == 0 }) == 2)
            #expect(try cursor.next() == 3)
            #expect(try cursor.first(where: { $0 > 3 }) == 4)
            #expect(try cursor.first(where: { $0 > 10 }) == nil)
            #expect(try cursor.next() == nil)
            let none = try numbers(db, above: 5).first(where: { _ in true })
            #expect(none == nil)
        }
    }

    @Test func isEmptyReadsOneValue() throws {
        try withNumbers { db in
            let emptyCursor = try numbers(db, above: 5)
            #expect(try emptyCursor.isEmpty)
            let cursor = try numbers(db)
            #expect(try !cursor.isEmpty)
            // As documented, the value it read is consumed.
            #expect(try cursor.next() == 2)
            let lastCursor = try numbers(db, above: 4)
            #expect(try lastCursor.isEmpty == false)
        }
    }

    @Test(arguments: CursorFailure.allCases)
    func isEmptyThrowsTheErrorOfTheFirstValue(_ failure: CursorFailure) throws {
        try withNumbers { db in
            let cursor = try failure.cursor(db, failingAt: 1)
            let error = #expect(throws: DatabaseError.self) { try cursor.isEmpty }
            #expect(error?.resultCode == failure.resultCode)
        }
    }
}

/// How a cursor of `t` fails at one of its rows.
enum CursorFailure: String, CaseIterable, CustomTestStringConvertible {
    /// SQLite fails to compute the row (an integer overflow).
    case step
    /// The row's value does not decode as an Int (NULL).
    case decoding

    var testDescription: String { rawValue }

    /// The result code of the error.
    var resultCode: ResultCode {
        switch self {
        case .step: .SQLITE_ERROR
        case .decoding: .SQLITE_MISMATCH
        }
    }

    /// A cursor of the numbers of `t` in order, that fails at the given one.
    func cursor(_ db: Database, failingAt failing: Int = 3) throws -> DatabaseValueCursor<Int> {
        // `x` is the rowid: ORDER BY walks the table, and computes the failing row when it reaches it.
        let failingValue =
            switch self {
            case .step: "abs(-9223372036854775807 - 1)"
            case .decoding: "NULL"
            }
        return try Int.fetchCursor(
            db, sql: "SELECT CASE x WHEN ? THEN \(failingValue) ELSE x END FROM t ORDER BY x", arguments: [failing])
    }
}

/// Runs `body` on a database whose table `t` holds the numbers 1 to 5.
private func withNumbers(_ body: (Database) throws -> Void) throws {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE t (x INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2), (3), (4), (5)")
        try body(db)
    }
}

/// A cursor over the numbers of `t` above `minimum`, in order.
private func numbers(_ db: Database, above minimum: Int = 0) throws -> DatabaseValueCursor<Int> {
    try Int.fetchCursor(db, sql: "SELECT x FROM t WHERE x > ? ORDER BY x", arguments: [minimum])
}
