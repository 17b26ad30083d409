import ReactiveSQLite
import Testing

/// The helpers of `Cursor`, over cursors of real statements: they go through the remaining values
/// in order, step no further than they need, and stop at the first error, which they throw.
@Suite struct CursorTests {
    /// A helper that calls a closure on values of the cursor.
    enum VisitingHelper: String, CaseIterable, CustomTestStringConvertible {
        case forEach, firstWhere, containsWhere, map, mapForEach, filter, filterForEach, compactMap, reduce,
            reduceInto, prefixWhile, dropWhile, flatMap

        var testDescription: String { rawValue }

        /// Runs the helper over the cursor with `visit` as its closure (and reads the cursor the
        /// lazy ones return, to its end).
        func run(_ cursor: DatabaseValueCursor<Int>, _ visit: @escaping (Int) throws -> Bool) throws {
            switch self {
            case .forEach:
                // The method under test (a cursor is not a Sequence, to be looped over with for-in).
                // swift-format-ignore: ReplaceForEachWithForLoop
                try cursor.forEach { _ = try visit($0) }
            case .firstWhere: _ = try cursor.first(where: visit)
            case .containsWhere: _ = try cursor.contains(where: visit)
            case .map: _ = try Array(cursor.map(visit))
            case .mapForEach:
                // swift-format-ignore: ReplaceForEachWithForLoop
                try cursor.map(visit).forEach { _ in }
            case .filter: _ = try Array(cursor.filter(visit))
            case .filterForEach:
                // swift-format-ignore: ReplaceForEachWithForLoop
                try cursor.filter(visit).forEach { _ in }
            case .compactMap: _ = try Array(cursor.compactMap { try visit($0) ? $0 : nil })
            case .reduce: _ = try cursor.reduce(0) { sum, value in try visit(value) ? sum : sum + value }
            case .reduceInto: _ = try cursor.reduce(into: [Int]()) { _ = try visit($1) }
            case .prefixWhile: _ = try Array(cursor.prefix { try !visit($0) })
            case .dropWhile: _ = try Array(cursor.drop { try !visit($0) })
            case .flatMap: _ = try Array(cursor.flatMap { try visit($0) ? [] : [$0] })
            }
        }
    }

    /// The helpers that read all remaining values, with or without a closure.
    enum ConsumingHelper: String, CaseIterable, CustomTestStringConvertible {
        case forEach, map, filter, compactMap, flatMapSequence, flatMapCursor, enumerated, prefix, prefixWhile,
            dropFirst, dropWhile, dropLast, suffix, reduce, anyCursor, array, arrayWithCapacity, appendContents,
            set, setWithCapacity

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
            case .map: return try Array(cursor.map { $0 })
            case .filter: return try Array(cursor.filter { _ in true })
            case .compactMap: return try Array(cursor.compactMap { $0 })
            case .flatMapSequence: return try Array(cursor.flatMap { [$0] })
            case .flatMapCursor: return try Array(cursor.flatMap { AnyCursor([$0]) })
            case .enumerated: return try Array(cursor.enumerated().map { $0.1 })
            case .prefix: return try Array(cursor.prefix(Int.max))
            case .prefixWhile: return try Array(cursor.prefix { _ in true })
            case .dropFirst: return try Array(cursor.dropFirst(0))
            case .dropWhile: return try Array(cursor.drop { _ in false })
            case .dropLast: return try cursor.dropLast(0)
            case .suffix: return try cursor.suffix(Int.max)
            case .reduce: return try cursor.reduce(into: []) { $0.append($1) }
            case .anyCursor: return try Array(AnyCursor(cursor))
            case .array: return try Array(cursor)
            case .arrayWithCapacity: return try Array(cursor, minimumCapacity: 10)
            case .appendContents:
                var values: [Int] = []
                try values.append(contentsOf: cursor)
                return values
            case .set: return try Set(cursor).sorted()
            case .setWithCapacity: return try Set(cursor, minimumCapacity: 10).sorted()
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
            let tens = try Array(numbers(db).map { $0 * 10 })
            #expect(tens == [10, 20, 30, 40, 50])
            let evens = try Array(numbers(db).filter { $0 % 2 == 0 })
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
