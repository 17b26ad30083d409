import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

@Suite struct StatementArgumentsTests {
    // MARK: - Values

    @Test func arrayLiteral() {
        let arguments: StatementArguments = ["Arthur", 1000, nil, 2.5, Data([1])]
        #expect(
            arguments.values.map(\.storage) == [
                .string("Arthur"), .int64(1000), .null, .double(2.5), .blob(Data([1])),
            ])
        #expect(arguments.namedValues.isEmpty)
        #expect(!arguments.isEmpty)
    }

    @Test func dictionaryLiteral() {
        let arguments: StatementArguments = ["name": "Arthur", "score": 1000, "team": nil]
        #expect(arguments.values.isEmpty)
        #expect(
            arguments.namedValues.mapValues(\.storage) == [
                "name": .string("Arthur"), "score": .int64(1000), "team": .null,
            ])
        #expect(!arguments.isEmpty)
    }

    @Test func emptyArguments() {
        #expect(StatementArguments().isEmpty)
        let emptyArray: StatementArguments = []
        #expect(emptyArray.isEmpty)
        let emptyDictionary: StatementArguments = [:]
        #expect(emptyDictionary.isEmpty)
        #expect(StatementArguments() == emptyArray)
    }

    @Test func initializersFromSequences() {
        #expect(StatementArguments([1, 2, 3]).values.map(\.storage) == [.int64(1), .int64(2), .int64(3)])
        let mixed: [(any DatabaseValueConvertible)?] = ["a", nil, true]
        #expect(StatementArguments(mixed).values.map(\.storage) == [.string("a"), .null, .int64(1)])
        let dictionary: [String: (any DatabaseValueConvertible)?] = ["a": 1, "b": nil]
        #expect(StatementArguments(dictionary).namedValues.mapValues(\.storage) == ["a": .int64(1), "b": .null])
    }

    @Test func concatenatingTwoValuesOfOneNameStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = ["x": 1] + ["x": 2] as StatementArguments
        }
    }

    @Test func concatenation() {
        let positional: StatementArguments = ["a"] + ["b", 3]
        #expect(positional.values.map(\.storage) == [.string("a"), .string("b"), .int64(3)])

        let named: StatementArguments = ["x": 1] + ["y": 20, "z": 30]
        #expect(named.namedValues.mapValues(\.storage) == ["x": .int64(1), "y": .int64(20), "z": .int64(30)])

        // `&+` and `append(contentsOf:)` let the right side win; `+` stops the program instead.
        let overridden: StatementArguments = ["x": 1, "y": 2] &+ ["y": 20, "z": 30]
        #expect(overridden.namedValues.mapValues(\.storage) == ["x": .int64(1), "y": .int64(20), "z": .int64(30)])
        var appended: StatementArguments = ["x": 1, "y": 2]
        let replaced = appended.append(contentsOf: [3] + ["y": 20])
        #expect(replaced.mapValues(\.storage) == ["y": .int64(2)])
        #expect(appended.values.map(\.storage) == [.int64(3)])
        #expect(appended.namedValues.mapValues(\.storage) == ["x": .int64(1), "y": .int64(20)])

        let mixed: StatementArguments = ["a"] + ["n": 1] + [2]
        #expect(mixed.values.map(\.storage) == [.string("a"), .int64(2)])
        #expect(mixed.namedValues.mapValues(\.storage) == ["n": .int64(1)])

        var accumulated: StatementArguments = [1]
        accumulated += [2]
        accumulated += ["k": "v"]
        #expect(accumulated.values.map(\.storage) == [.int64(1), .int64(2)])
        #expect(accumulated.namedValues.mapValues(\.storage) == ["k": .string("v")])
    }

    @Test func equality() {
        let lhs: StatementArguments = [1, "a"]
        let rhs: StatementArguments = [1.0, "a"]
        #expect(lhs == rhs)
        #expect(lhs != ["a", 1])
        let named: StatementArguments = ["a": 1]
        #expect(named != [1])
    }

    /// The format documented on `StatementArguments.description`: `["Arthur", 1000]` or `[name:"Arthur"]`.
    @Test func descriptionOfPositionalArguments() {
        let arguments: StatementArguments = ["Arthur", 1000, nil]
        #expect(arguments.description == #"["Arthur", 1000, NULL]"#)
    }

    /// The format documented on `StatementArguments.description`: `["Arthur", 1000]` or `[name:"Arthur"]`.
    @Test func descriptionOfNamedArguments() {
        let arguments: StatementArguments = ["score": 1000, "name": "Arthur"]
        #expect(arguments.description == #"[name:"Arthur", score:1000]"#)
    }

    @Test func descriptionListsNumbersAndNamesInOrder() {
        let arguments: StatementArguments = [1, 2.5] + ["b": 2, "a": 1]
        #expect(arguments.description == "[1, 2.5, a:1, b:2]")
        #expect(StatementArguments().description == "[]")
    }

    // MARK: - Binding

    @Test func positionalParameters() throws {
        let dbQueue = try DatabaseQueue()
        let row = try dbQueue.read { db in
            try Row.fetchOne(db, sql: "SELECT ? AS a, ? AS b, ? AS c", arguments: [1, "two", nil])
        }
        let fetched = try #require(row)
        #expect(fetched.databaseValues.map(\.storage) == [.int64(1), .string("two"), .null])
    }

    @Test func numberedPositionalParameters() throws {
        let dbQueue = try DatabaseQueue()
        let value = try dbQueue.read { db in
            try String.fetchOne(db, sql: "SELECT ?2 || ?1", arguments: ["a", "b"])
        }
        #expect(value == "ba")
    }

    @Test func namedParametersWithEveryPrefix() throws {
        let dbQueue = try DatabaseQueue()
        let row = try dbQueue.read { db in
            try Row.fetchOne(
                db, sql: "SELECT :colon AS a, @at AS b, $dollar AS c",
                arguments: ["colon": 1, "at": 2, "dollar": 3])
        }
        let fetched = try #require(row)
        #expect(fetched.databaseValues.map(\.storage) == [.int64(1), .int64(2), .int64(3)])
    }

    @Test func aNamedParameterUsedTwiceTakesOneValue() throws {
        let dbQueue = try DatabaseQueue()
        let value = try dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT :x * 10 + :x", arguments: ["x": 4])
        }
        #expect(value == 44)
    }

    @Test func namedParametersTakePositionalValuesInOrder() throws {
        let dbQueue = try DatabaseQueue()
        let value = try dbQueue.read { db in
            try String.fetchOne(db, sql: "SELECT :first || '-' || :second", arguments: ["a", "b"])
        }
        #expect(value == "a-b")
    }

    @Test func superfluousNamedValuesAreIgnored() throws {
        let dbQueue = try DatabaseQueue()
        let value = try dbQueue.read { db in
            try Int.fetchOne(db, sql: "SELECT :a", arguments: ["a": 1, "unused": 2])
        }
        #expect(value == 1)
    }

    @Test func missingNamedValueThrows() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(.SQLITE_MISUSE, message: "missing statement argument: b", sql: "SELECT :a + :b") {
            try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT :a + :b", arguments: ["a": 1]) }
        }
    }

    @Test func tooManyPositionalValuesThrow() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(
            .SQLITE_MISUSE, message: "wrong number of statement arguments: 2 instead of 1", sql: "SELECT ?"
        ) {
            try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT ?", arguments: [1, 2]) }
        }
    }

    @Test func tooFewPositionalValuesThrow() throws {
        let dbQueue = try DatabaseQueue()
        try expectDatabaseError(
            .SQLITE_MISUSE, message: "wrong number of statement arguments: 1 instead of 2", sql: "SELECT ? + ?"
        ) {
            try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT ? + ?", arguments: [1]) }
        }
    }

    @Test func everyStorageBindsWithItsType() throws {
        let dbQueue = try DatabaseQueue()
        let types = try dbQueue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT typeof(?) UNION ALL SELECT typeof(?) UNION ALL SELECT typeof(?)
                    UNION ALL SELECT typeof(?) UNION ALL SELECT typeof(?) UNION ALL SELECT typeof(?)
                    """,
                arguments: [nil, 1, 1.5, "s", Data([0]), true])
        }
        #expect(types == ["null", "integer", "real", "text", "blob", "integer"])
    }

    /// Values of every size and kind in an array literal, nil among them: standard types read from
    /// inside the existential, others through their conformance, a large one from the box that the
    /// existential points to.
    @Test func literalValuesBindInPlaceWithNilAnywhere() throws {
        struct Wide: DatabaseValueConvertible {
            var parts: (Int64, Int64, Int64, Int64)
            var databaseValue: DatabaseValue { (parts.0 + parts.1 + parts.2 + parts.3).databaseValue }
            static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Wide? { nil }
        }
        let longText = "a text longer than fifteen bytes"
        let arguments: StatementArguments = [
            1, nil, Wide(parts: (1, 2, 3, 4)), longText, nil, Int64.min, 2.5, "short", true, Int32(-3), nil,
        ]
        let dbQueue = try DatabaseQueue()
        let row = try dbQueue.read { db in
            try Row.fetchOne(db, sql: "SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?", arguments: arguments)
        }
        let values = try #require(row).databaseValues
        let expected: [DatabaseValue] = [
            1.databaseValue, .null, 10.databaseValue, longText.databaseValue, .null, Int64.min.databaseValue,
            2.5.databaseValue, "short".databaseValue, 1.databaseValue, (-3).databaseValue, .null,
        ]
        #expect(values == expected)
    }

    @Test func statementKeepsItsBoundArguments() throws {
        let dbQueue = try DatabaseQueue()
        let (before, after) = try dbQueue.read { db in
            let statement = try db.makeStatement(sql: "SELECT ?, :name")
            let before = statement.arguments
            try statement.setArguments([1] + ["name": "x"])
            return (before, statement.arguments)
        }
        #expect(before.isEmpty)
        #expect(after == [1] + ["name": "x"])
    }

    // MARK: - Several statements

    @Test func severalStatementsConsumePositionalValuesInOrderAndShareNamedOnes() throws {
        let dbQueue = try DatabaseQueue()
        let rows = try dbQueue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE item (name TEXT, tag INTEGER);
                    INSERT INTO item (name, tag) VALUES (?, :tag);
                    INSERT INTO item (name, tag) VALUES (?, :tag);
                    INSERT INTO item (name, tag) VALUES ('fixed', :tag);
                    """,
                arguments: ["first", "second"] + ["tag": 7])
            return try Row.fetchAll(db, sql: "SELECT name, tag FROM item ORDER BY rowid")
        }
        #expect(rows == [["name": "first", "tag": 7], ["name": "second", "tag": 7], ["name": "fixed", "tag": 7]])
    }

    @Test func severalStatementsMixNamedAndPositionalParameters() throws {
        let dbQueue = try DatabaseQueue()
        let rows = try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE pair (a, b)")
            try db.execute(
                sql: """
                    INSERT INTO pair (a, b) VALUES (:a, ?);
                    INSERT INTO pair (a, b) VALUES (?, :b);
                    INSERT INTO pair (a, b) VALUES (:named, :named);
                    """,
                arguments: [1, 2, 3, 4] + ["named": 100])
            return try Row.fetchAll(db, sql: "SELECT a, b FROM pair ORDER BY rowid")
        }
        // `:a` and `:b` have no named value: they take the next positional one, in order of appearance.
        #expect(rows == [["a": 1, "b": 2], ["a": 3, "b": 4], ["a": 100, "b": 100]])
    }

    @Test func severalStatementsWithLeftoverPositionalValuesThrow() throws {
        let dbQueue = try DatabaseQueue()
        // Two parameters in all: the third value is one too many.
        try expectDatabaseError(
            .SQLITE_MISUSE, message: "wrong number of statement arguments: 3 instead of 2", sql: "SELECT ?; SELECT ?"
        ) {
            try dbQueue.writeWithoutTransaction { db in
                try db.execute(sql: "SELECT ?; SELECT ?", arguments: [1, 2, 3])
            }
        }
    }

    // MARK: - Privacy

    @Test func errorsHideArgumentsUnlessTheyArePublic() throws {
        let sql = "INSERT INTO secret (value) VALUES (?)"
        for isPublic in [false, true] {
            var configuration = Configuration()
            configuration.publicStatementArguments = isPublic
            let dbQueue = try DatabaseQueue(configuration: configuration)
            let error = try expectDatabaseError(
                .SQLITE_CONSTRAINT_UNIQUE, message: "UNIQUE constraint failed: secret.value", sql: sql
            ) {
                try dbQueue.write { db in
                    try db.execute(sql: "CREATE TABLE secret (value TEXT UNIQUE)")
                    try db.execute(sql: sql, arguments: ["s3cret"])
                    try db.execute(sql: sql, arguments: ["s3cret"])
                }
            }
            #expect(error.arguments == ["s3cret"])
            #expect(error.description.contains("s3cret") == isPublic, "public: \(isPublic), \(error)")
            #expect(error.description.contains(sql))
        }
    }
}
