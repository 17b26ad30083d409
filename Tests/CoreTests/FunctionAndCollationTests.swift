import Foundation
import ReactiveSQLite
import Testing

private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom: the function gave up" }
}

private let successor = DatabaseFunction("succ", argumentCount: 1, pure: true) { values in
    Int.fromDatabaseValue(values[0]).map { $0 + 1 }
}

/// The error of `sql`, run in a read with `function` added.
private func thrownError(
    of sql: String, with function: DatabaseFunction, sourceLocation: SourceLocation = #_sourceLocation
)
    throws -> DatabaseError
{
    let dbQueue = try DatabaseQueue()
    return try #require(throws: DatabaseError.self, sourceLocation: sourceLocation) {
        try dbQueue.read { db in
            db.add(function: function)
            return try Int.fetchOne(db, sql: sql)
        }
    }
}

@Suite struct FunctionTests {
    @Test func pureFunctionWithOneArgument() throws {
        #expect(successor.name == "succ")
        #expect(successor.argumentCount == 1)
        #expect(successor.isPure)
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            db.add(function: successor)
            return try Int.fetchAll(db, sql: "SELECT succ(41) UNION ALL SELECT succ(-1)")
        }
        #expect(values == [42, 0])
    }

    @Test func aFunctionReturningNilGivesNull() throws {
        let dbQueue = try DatabaseQueue()
        let (value, type) = try dbQueue.read { db in
            db.add(function: successor)
            return (
                try Int.fetchOne(db, sql: "SELECT succ('x')"),
                try String.fetchOne(db, sql: "SELECT typeof(succ('x'))")
            )
        }
        #expect(value == nil)
        #expect(type == "null")
    }

    @Test func onlyPureFunctionsAreAllowedInIndexes() throws {
        let impure = DatabaseFunction("impureSucc", argumentCount: 1) { values in
            Int.fromDatabaseValue(values[0]).map { $0 + 1 }
        }
        #expect(!impure.isPure)
        let dbQueue = try DatabaseQueue()
        try dbQueue.write { db in
            db.add(function: successor)
            db.add(function: impure)
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            try db.execute(sql: "CREATE INDEX pureIndex ON t (succ(a))")
        }
        let error = try #require(throws: DatabaseError.self) {
            try dbQueue.write { db in try db.execute(sql: "CREATE INDEX impureIndex ON t (impureSucc(a))") }
        }
        #expect(error.message?.contains("non-deterministic") == true)
    }

    @Test func variadicFunction() throws {
        let sum = DatabaseFunction("sumAll") { values in
            values.compactMap { Int64.fromDatabaseValue($0) }.reduce(0, +)
        }
        #expect(sum.argumentCount == nil)
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            db.add(function: sum)
            return try Int.fetchAll(
                db, sql: "SELECT sumAll() UNION ALL SELECT sumAll(5) UNION ALL SELECT sumAll(1, 2, 3, NULL, 4)")
        }
        #expect(values == [0, 5, 10])
    }

    @Test func fixedArgumentCountIsEnforced() throws {
        let error = try thrownError(of: "SELECT succ(1, 2)", with: successor)
        #expect(error.resultCode == .SQLITE_ERROR)
        #expect(error.message?.contains("wrong number of arguments") == true)
    }

    @Test func functionsReceiveEveryStorage() throws {
        let storageNames = DatabaseFunction("storageNames") { values in
            values.map { value -> String in
                switch value.storage {
                case .null: return "null"
                case .int64(let int64): return "int64(\(int64))"
                case .double(let double): return "double(\(double))"
                case .string(let string): return "string(\(string))"
                case .blob(let data): return "blob(\(data.map { String($0) }.joined(separator: ",")))"
                }
            }.joined(separator: " ")
        }
        let dbQueue = try DatabaseQueue()
        let result = try dbQueue.read { db in
            db.add(function: storageNames)
            return try String.fetchOne(
                db, sql: "SELECT storageNames(NULL, -7, 2.5, 'héllo', x'00FF', '', ?)", arguments: [Data()])
        }
        #expect(result == "null int64(-7) double(2.5) string(héllo) blob(0,255) string() blob()")
    }

    @Test func functionsReturnEveryStorage() throws {
        let make = DatabaseFunction("make", argumentCount: 1) { values -> (any DatabaseValueConvertible)? in
            switch String.fromDatabaseValue(values[0]) {
            case "int": return 42
            case "double": return 0.5
            case "string": return "naïve"
            case "emptyString": return ""
            case "blob": return Data([1, 2, 3])
            case "emptyBlob": return Data()
            case "bool": return true
            case "date": return Date(timeIntervalSince1970: 0)
            default: return nil
            }
        }
        let dbQueue = try DatabaseQueue()
        let rows = try dbQueue.read { db in
            db.add(function: make)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT typeof(make(kind)) AS type, make(kind) AS value
                    FROM (SELECT 'int' AS kind UNION ALL SELECT 'double' UNION ALL SELECT 'string'
                    UNION ALL SELECT 'emptyString' UNION ALL SELECT 'blob' UNION ALL SELECT 'emptyBlob'
                    UNION ALL SELECT 'bool' UNION ALL SELECT 'date' UNION ALL SELECT 'null')
                    """)
        }
        #expect(
            rows.map { $0["type"] as? String } == [
                "integer", "real", "text", "text", "blob", "blob", "integer", "text", "null",
            ])
        #expect(
            rows.map { $0.databaseValue(forColumn: "value")?.storage } == [
                .int64(42), .double(0.5), .string("naïve"), .string(""), .blob(Data([1, 2, 3])), .blob(Data()),
                .int64(1), .string("1970-01-01 00:00:00.000"), .null,
            ])
    }

    @Test func aThrowingFunctionFailsTheStatement() throws {
        let boom = DatabaseFunction("boom", argumentCount: 0) { _ in throw Boom() }
        let error = try thrownError(of: "SELECT boom()", with: boom)
        #expect(error.resultCode == .SQLITE_ERROR)
        #expect(error.message?.contains("boom: the function gave up") == true)
        #expect(error.sql == "SELECT boom()")
    }

    @Test func aThrownDatabaseErrorGivesItsMessage() throws {
        let refuse = DatabaseFunction("refuse", argumentCount: 1) { values in
            throw DatabaseError(message: "refused \(values[0])")
        }
        let dbQueue = try DatabaseQueue()
        let error = try #require(throws: DatabaseError.self) {
            try dbQueue.write { db in
                db.add(function: refuse)
                try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t (a) VALUES (refuse(7))")
            }
        }
        #expect(error.message == "refused 7")
        #expect(error.sql == "INSERT INTO t (a) VALUES (refuse(7))")
    }

    @Test func aThrownDatabaseErrorGivesItsResultCode() throws {
        let veto = DatabaseFunction("veto", argumentCount: 1) { values in
            throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_CHECK, message: "refused \(values[0])")
        }
        let error = try thrownError(of: "SELECT veto(1)", with: veto)
        #expect(error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK)
        #expect(error.message == "refused 1")
    }

    @Test func removedFunctionsAreNoLongerAvailable() throws {
        let dbQueue = try DatabaseQueue()
        let (before, error) = try dbQueue.read { db in
            db.add(function: successor)
            let before = try Int.fetchOne(db, sql: "SELECT succ(1)")
            db.remove(function: successor)
            let error = #expect(throws: DatabaseError.self) { try Int.fetchOne(db, sql: "SELECT succ(1)") }
            return (before, error)
        }
        #expect(before == 2)
        #expect(error?.message?.contains("no such function: succ") == true)
    }

    @Test func addingAFunctionAgainReplacesIt() throws {
        let twice = DatabaseFunction("succ", argumentCount: 1) { values in
            Int.fromDatabaseValue(values[0]).map { $0 * 2 }
        }
        let dbQueue = try DatabaseQueue()
        let values = try dbQueue.read { db in
            db.add(function: successor)
            let first = try Int.fetchOne(db, sql: "SELECT succ(10)")
            db.add(function: twice)
            let second = try Int.fetchOne(db, sql: "SELECT succ(10)")
            return [first, second]
        }
        #expect(values == [11, 20])
    }

    @Test func functionsAddedInPrepareDatabaseAreAvailable() throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.add(function: successor) }
        let dbQueue = try DatabaseQueue(configuration: configuration)
        let value = try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT succ(99)") }
        #expect(value == 100)
    }
}

private let byLength = DatabaseCollation("byLength") { lhs, rhs in
    lhs.count < rhs.count ? .orderedAscending : (lhs.count == rhs.count ? .orderedSame : .orderedDescending)
}

@Suite struct CollationTests {
    @Test func customCollationOrdersAndCompares() throws {
        let dbQueue = try DatabaseQueue()
        let (ordered, equal) = try dbQueue.write { db in
            db.add(collation: byLength)
            try db.execute(
                sql: """
                    CREATE TABLE word (text TEXT);
                    INSERT INTO word VALUES ('abc'), ('é'), ('ab'), ('wxyz');
                    """)
            return (
                try String.fetchAll(db, sql: "SELECT text FROM word ORDER BY text COLLATE byLength"),
                try Bool.fetchOne(db, sql: "SELECT 'abc' = 'xyz' COLLATE byLength")
            )
        }
        // Strings reach the collation as Swift strings: "é" is one character, although two UTF-8 bytes.
        #expect(ordered == ["é", "ab", "abc", "wxyz"])
        #expect(equal == true)
    }

    @Test func localizedCaseInsensitiveCompareOrdersIgnoringCase() throws {
        let dbQueue = try DatabaseQueue()
        let (binary, localized, equal) = try dbQueue.write { db in
            db.add(collation: .localizedCaseInsensitiveCompare)
            try db.execute(
                sql: """
                    CREATE TABLE player (name TEXT);
                    INSERT INTO player VALUES ('bravo'), ('Alpha'), ('charlie'), ('Delta');
                    """)
            return (
                try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name"),
                try String.fetchAll(
                    db, sql: "SELECT name FROM player ORDER BY name COLLATE localizedCaseInsensitiveCompare"),
                try Bool.fetchOne(db, sql: "SELECT 'ALPHA' = 'alpha' COLLATE localizedCaseInsensitiveCompare")
            )
        }
        #expect(binary == ["Alpha", "Delta", "bravo", "charlie"])
        #expect(localized == ["Alpha", "bravo", "charlie", "Delta"])
        #expect(equal == true)
    }

    @Test func columnsDeclaredWithACollationUseIt() throws {
        let dbQueue = try DatabaseQueue()
        let (ordered, found) = try dbQueue.write { db in
            db.add(collation: .localizedCaseInsensitiveCompare)
            try db.execute(
                sql: """
                    CREATE TABLE player (name TEXT COLLATE localizedCaseInsensitiveCompare);
                    INSERT INTO player VALUES ('bravo'), ('Alpha'), ('Charlie');
                    """)
            return (
                try String.fetchAll(db, sql: "SELECT name FROM player ORDER BY name DESC"),
                try String.fetchAll(db, sql: "SELECT name FROM player WHERE name = 'CHARLIE'")
            )
        }
        #expect(ordered == ["Charlie", "bravo", "Alpha"])
        #expect(found == ["Charlie"])
    }

    @Test func otherBuiltInCollations() throws {
        #expect(DatabaseCollation.caseInsensitiveCompare.name == "caseInsensitiveCompare")
        #expect(DatabaseCollation.unicodeCompare.name == "unicodeCompare")
        let dbQueue = try DatabaseQueue()
        let results = try dbQueue.read { db in
            db.add(collation: .caseInsensitiveCompare)
            db.add(collation: .unicodeCompare)
            return [
                try Bool.fetchOne(db, sql: "SELECT 'abc' = 'ABC' COLLATE caseInsensitiveCompare"),
                try Bool.fetchOne(db, sql: "SELECT 'abc' = 'ABC' COLLATE unicodeCompare"),
                try Bool.fetchOne(db, sql: "SELECT 'B' < 'a' COLLATE unicodeCompare"),
            ]
        }
        #expect(results == [true, false, true])
    }

    @Test func removedCollationsAreNoLongerAvailable() throws {
        let dbQueue = try DatabaseQueue()
        let error = try #require(throws: DatabaseError.self) {
            try dbQueue.read { db in
                db.add(collation: byLength)
                _ = try String.fetchAll(db, sql: "SELECT 'a' UNION SELECT 'b' ORDER BY 1 COLLATE byLength")
                db.remove(collation: byLength)
                return try String.fetchAll(db, sql: "SELECT 'x' ORDER BY 1 COLLATE byLength")
            }
        }
        #expect(error.message == "no such collation sequence: byLength")
    }
}
