import Foundation
import RSCore

/// Custom SQL aggregates, through the driver's `create_function_v2` (with its step and final
/// callbacks) and `aggregate_context`: one aggregation per group, errors, and the aggregations
/// freed when their statement ends.
let aggregateChecks: [ConformanceCheck] = [
    ConformanceCheck("an aggregate aggregates each group apart, and a group without rows gets a fresh aggregation") {
        factory in
        let mySum = DatabaseFunction("mySum", argumentCount: 1, aggregate: IntegerSum.self)
        try factory.makeWriter().write { db in
            db.add(function: mySum)
            try db.execute(sql: "CREATE TABLE t (team TEXT, score INTEGER)")
            try db.execute(sql: "INSERT INTO t VALUES ('a', 1), ('a', 2), ('b', 10), ('b', NULL), ('b', 20)")
            let sums = try Row.fetchAll(
                db, sql: "SELECT team, mySum(score) AS total FROM t GROUP BY team ORDER BY team")
            try expectEqual(sums.map { $0["team"] as String? }, ["a", "b"])
            try expectEqual(sums.map { $0["total"] as Int? }, [3, 30])
            try expectEqual(try Int.fetchOne(db, sql: "SELECT mySum(score) FROM t WHERE score > 100"), 0)
            try expectEqual(try Int.fetchOne(db, sql: "SELECT MYSUM(score) FROM t"), 33)
            db.remove(function: mySum)
            let error = try expectDatabaseError(.SQLITE_ERROR, messageContains: "no such function: mySum") {
                _ = try Int.fetchOne(db, sql: "SELECT mySum(score) FROM t")
            }
        }
    },
    ConformanceCheck("an aggregate called with another number of arguments than its own fails with SQLITE_ERROR") {
        factory in
        let mySum = DatabaseFunction("mySum", argumentCount: 1, aggregate: IntegerSum.self)
        let error = try factory.makeWriter().read { db in
            db.add(function: mySum)
            return try expectDatabaseError { _ = try Int.fetchOne(db, sql: "SELECT mySum(1, 2)") }
        }
        try expectDatabaseError(error, .SQLITE_ERROR, messageContains: "wrong number of arguments to function mySum()")
    },
    ConformanceCheck("an error thrown by an aggregate fails its statement with the error's code and message") {
        factory in
        let failing = DatabaseFunction("failingSum", argumentCount: 1, aggregate: FailingSum.self)
        try factory.makeWriter().write { db in
            db.add(function: failing)
            try db.execute(sql: "CREATE TABLE t (x)")
            try db.execute(sql: "INSERT INTO t VALUES (1), ('step'), (3)")
            let stepSQL = "SELECT failingSum(x) FROM t"
            let stepError = try expectDatabaseError(
                .SQLITE_CONSTRAINT_CHECK, sql: stepSQL, messageContains: "step refused"
            ) { _ = try Int.fetchOne(db, sql: stepSQL) }
            let finalSQL = "SELECT failingSum(x) FROM t WHERE x <> 'step'"
            let finalError = try expectDatabaseError(.SQLITE_ERROR, sql: finalSQL, messageContains: "refused total 4") {
                _ = try Int.fetchOne(db, sql: finalSQL)
            }
            // The next aggregation starts afresh.
            try expectEqual(try Int.fetchOne(db, sql: "SELECT failingSum(x) FROM t WHERE x = 3"), 3)
        }
    },
    ConformanceCheck("a variadic aggregate gets the arguments of each call") { factory in
        let concat = DatabaseFunction("concatAll", aggregate: Concatenation.self)
        let text = try factory.makeWriter().read { db in
            db.add(function: concat)
            return try String.fetchOne(
                db, sql: "SELECT concatAll(a, b) FROM (SELECT 'x' AS a, 1 AS b UNION ALL SELECT 'y', NULL) ORDER BY 1")
        }
        try expectEqual(text, "x1|yNULL|")
    },
    ConformanceCheck(
        "every aggregation is freed when its statement ends, finished, failed or left by a cursor, and one that failed is not finalized"
    ) { factory in
        // Each call of `tracked` gets a token of its own, so that the checks of the other kinds,
        // which run at the same time, count their own aggregations.
        let token = UUID().uuidString
        let tracked = DatabaseFunction("tracked", argumentCount: 2, aggregate: TrackedCount.self)
        try factory.makeWriter().write { db in
            db.add(function: tracked)
            try db.execute(sql: "CREATE TABLE t (team, x)")
            try db.execute(sql: "INSERT INTO t VALUES (1, 1), (1, 2), (2, 3), (3, 'fail')")
            try expectEqual(
                try Int.fetchAll(
                    db, sql: "SELECT tracked(?, x) FROM t WHERE x <> 'fail' GROUP BY team", arguments: [token]),
                [2, 1])
            _ = try? Int.fetchAll(db, sql: "SELECT tracked(?, x) FROM t GROUP BY team", arguments: [token])
            // A cursor left after its first group.
            let cursor = try Int.fetchCursor(db, sql: "SELECT tracked(?, x) FROM t GROUP BY team", arguments: [token])
            try expectEqual(try cursor.next(), 2)
        }
        try expectEqual(liveAggregations.current[token], 0)
        try expect(!finalizedAfterFailure.current.contains(token), "an aggregation that failed was finalized")
        try expect(createdAggregations.current[token] ?? 0 >= 5, "the aggregations were not created")
    },
    ConformanceCheck("functions are identified by their name and number of arguments") { _ in
        let sum1 = DatabaseFunction("mySum", argumentCount: 1, aggregate: IntegerSum.self)
        let sum2 = DatabaseFunction("mySum", argumentCount: 1) { _ in nil }
        let sum3 = DatabaseFunction("mySum", aggregate: IntegerSum.self)
        try expectEqual(sum1.id, sum2.id)
        try expect(sum1.id != sum3.id, "a variadic function has the identity of a unary one")
        try expectEqual(sum1.name, "mySum")
        try expectEqual(sum3.argumentCount, nil)
    },
]

/// The sum of the integer arguments (NULL counts as zero).
private struct IntegerSum: DatabaseAggregate {
    var sum = 0

    mutating func step(_ dbValues: [DatabaseValue]) {
        sum += Int.fromDatabaseValue(dbValues[0]) ?? 0
    }

    func finalize() -> (any DatabaseValueConvertible)? { sum }
}

/// A sum that refuses the text "step", and the total 4.
private struct FailingSum: DatabaseAggregate {
    var sum = 0

    mutating func step(_ dbValues: [DatabaseValue]) throws {
        if dbValues[0] == "step".databaseValue {
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_CHECK, message: "step refused")
        }
        sum += Int.fromDatabaseValue(dbValues[0]) ?? 0
    }

    func finalize() throws -> (any DatabaseValueConvertible)? {
        if sum == 4 { throw TotalError(total: sum) }
        return sum
    }

    /// An error that is not a `DatabaseError`: its description is the message.
    struct TotalError: Error, CustomStringConvertible {
        var total: Int
        var description: String { "refused total \(total)" }
    }
}

/// The descriptions of all arguments of each row, each row ended by "|".
private struct Concatenation: DatabaseAggregate {
    var text = ""

    mutating func step(_ dbValues: [DatabaseValue]) {
        text += dbValues.map { String.fromDatabaseValue($0) ?? ($0.isNull ? "NULL" : "\($0)") }.joined() + "|"
    }

    func finalize() -> (any DatabaseValueConvertible)? { text }
}

/// The aggregations of `TrackedCount` alive, and created, by token.
private let liveAggregations = Locked<[String: Int]>([:])
private let createdAggregations = Locked<[String: Int]>([:])
/// The tokens of the aggregations of `TrackedCount` finalized after a failed step.
private let finalizedAfterFailure = Locked<Set<String>>([])

/// Counts its rows, fails on the text "fail", and tracks its life under the token of its first
/// argument.
private struct TrackedCount: DatabaseAggregate {
    final class Life {
        var token: String?
        var hasFailed = false
        deinit {
            if let token { liveAggregations.withLock { $0[token, default: 0] -= 1 } }
        }
    }

    var life = Life()
    var count = 0

    mutating func step(_ dbValues: [DatabaseValue]) throws {
        if life.token == nil, let token = String.fromDatabaseValue(dbValues[0]) {
            life.token = token
            liveAggregations.withLock { $0[token, default: 0] += 1 }
            createdAggregations.withLock { $0[token, default: 0] += 1 }
        }
        if dbValues[1] == "fail".databaseValue {
            life.hasFailed = true
            throw DatabaseError(resultCode: .SQLITE_ABORT, message: "failed")
        }
        count += 1
    }

    func finalize() -> (any DatabaseValueConvertible)? {
        if life.hasFailed, let token = life.token { finalizedAfterFailure.withLock { _ = $0.insert(token) } }
        return count
    }
}
