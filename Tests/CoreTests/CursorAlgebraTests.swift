import ReactiveSQLite
import Testing

/// The operations of `Cursor` beyond going through every value: the lazy ones read their base
/// cursor only as they are read, and each gives what the same operation of a Swift sequence gives.
@Suite struct CursorAlgebraTests {
    @Test func lazyOperationsReadNothingUntilTheyAreRead() throws {
        try withNumbers { db throws in
            var transformed: [Int] = []
            let base = try numbers(db)
            let mapped = base.map { value in
                transformed.append(value)
                return value * 10
            }
            #expect(transformed == [])
            #expect(try mapped.next() == 10)
            #expect(transformed == [1])
            // The base cursor is the one the lazy cursor reads.
            #expect(try base.next() == 2)
            #expect(try mapped.next() == 30)
        }
    }

    @Test func lazyOperationsGiveWhatSequencesGive() throws {
        try withNumbers { db throws in
            let sequence = Array(1...5)
            #expect(try Array(numbers(db).map { $0 * 2 }) == sequence.map { $0 * 2 })
            #expect(try Array(numbers(db).filter { $0 % 2 == 1 }) == sequence.filter { $0 % 2 == 1 })
            #expect(try Array(numbers(db).compactMap { $0 % 2 == 0 ? "\($0)" : nil }) == ["2", "4"])
            #expect(try Array(numbers(db).flatMap { Array(repeating: $0, count: $0 % 3) }) == [1, 2, 2, 4, 5, 5])
            #expect(try Array(numbers(db).flatMap { try numbers(db, above: 5 - $0 / 2) }) == [5, 5, 4, 5, 4, 5])
            #expect(try Array(numbers(db).enumerated().map { "\($0):\($1)" }) == ["0:1", "1:2", "2:3", "3:4", "4:5"])
            for count in 0...6 {
                #expect(try Array(numbers(db).prefix(count)) == Array(sequence.prefix(count)))
                #expect(try Array(numbers(db).dropFirst(count)) == Array(sequence.dropFirst(count)))
                #expect(try numbers(db).dropLast(count) == Array(sequence.dropLast(count)))
                #expect(try numbers(db).suffix(count) == Array(sequence.suffix(count)))
            }
            #expect(try Array(numbers(db).dropFirst()) == [2, 3, 4, 5])
            #expect(try numbers(db).dropLast() == [1, 2, 3, 4])
            #expect(try Array(numbers(db).prefix { $0 < 3 }) == [1, 2])
            #expect(try Array(numbers(db).drop { $0 < 3 }) == [3, 4, 5])
            #expect(try Array(numbers(db).drop { _ in true }) == [])
            #expect(try Array(numbers(db).map { [$0, -$0] }.joined()) == [1, -1, 2, -2, 3, -3, 4, -4, 5, -5])
            #expect(try Array(numbers(db).map { _ in try numbers(db, above: 4) }.joined()) == [5, 5, 5, 5, 5])
            #expect(try Array([3, 4].flatMap { try numbers(db, above: $0) }) == [4, 5, 5])
        }
    }

    @Test func prefixesStepTheBaseCursorNoFurtherThanTheyNeed() throws {
        try withNumbers { db throws in
            let base = try numbers(db)
            let prefix = base.prefix(2)
            #expect(try Array(prefix) == [1, 2])
            #expect(try prefix.next() == nil)
            #expect(try base.next() == 3)

            // prefix(while:) reads the first value that fails the predicate, as a sequence's does.
            let other = try numbers(db)
            let prefixWhile = other.prefix { $0 < 2 }
            #expect(try Array(prefixWhile) == [1])
            #expect(try prefixWhile.next() == nil)
            #expect(try other.next() == 3)
        }
    }

    @Test func consumingOperationsGiveWhatSequencesGive() throws {
        try withNumbers { db throws in
            #expect(try numbers(db).contains(3))
            #expect(try !numbers(db).contains(6))
            #expect(try numbers(db).contains { $0 > 4 })
            #expect(try numbers(db).reduce(0, +) == 15)
            #expect(try numbers(db).reduce(into: "") { $0 += "\($1)" } == "12345")
            #expect(try numbers(db).max() == 5)
            #expect(try numbers(db).min() == 1)
            #expect(try numbers(db, above: 5).max() == nil)
            #expect(try numbers(db, above: 5).min() == nil)
            // Of equal values, max(by:) and min(by:) give the first, as a sequence's do.
            let parity = { (value: Int) in value % 2 }
            #expect(try numbers(db).max { parity($0) < parity($1) } == [1, 2, 3, 4, 5].max { parity($0) < parity($1) })
            #expect(try numbers(db).min { parity($0) < parity($1) } == [1, 2, 3, 4, 5].min { parity($0) < parity($1) })
            #expect(try numbers(db).max { $0 > $1 } == 1)
            let names = try String.fetchCursor(db, sql: "SELECT char(64 + x) FROM t ORDER BY x")
            #expect(try names.joined(separator: ", ") == "A, B, C, D, E")
            #expect(try String.fetchCursor(db, sql: "SELECT char(64 + x) FROM t ORDER BY x").joined() == "ABCDE")
            #expect(try String.fetchCursor(db, sql: "SELECT 'a' WHERE 0").joined(separator: ", ") == "")
        }
    }

    @Test func containsStopsAtTheFirstMatch() throws {
        try withNumbers { db throws in
            let cursor = try numbers(db)
            #expect(try cursor.contains(2))
            #expect(try cursor.next() == 3)
        }
    }

    @Test func anyCursorWrapsCursorsSequencesIteratorsAndClosures() throws {
        try withNumbers { db throws in
            #expect(try Array(AnyCursor(numbers(db))) == [1, 2, 3, 4, 5])
            #expect(try Array(AnyCursor([1, 2])) == [1, 2])
            #expect(try Array(AnyCursor(iterator: [3, 4].makeIterator())) == [3, 4])
            var countdown = 3
            let closureCursor = AnyCursor<Int> {
                defer { countdown -= 1 }
                return countdown > 0 ? countdown : nil
            }
            var visited: [Int] = []
            // The method under test.
            // swift-format-ignore: ReplaceForEachWithForLoop
            try closureCursor.forEach { visited.append($0) }
            #expect(visited == [3, 2, 1])
        }
    }

    @Test func setsAndDictionariesAreMadeOfTheRemainingValues() throws {
        try withNumbers { db throws in
            #expect(try Set([1, 9]).union(numbers(db, above: 3)) == [1, 4, 5, 9])
            #expect(try Set([1, 4, 9]).intersection(numbers(db, above: 3)) == [4])
            var set: Set = [1, 9]
            try set.formUnion(numbers(db, above: 4))
            #expect(set == [1, 5, 9])
            try set.formIntersection(numbers(db))
            #expect(set == [1, 5])

            let byParity = try Dictionary(grouping: numbers(db), by: { $0 % 2 })
            #expect(byParity == [0: [2, 4], 1: [1, 3, 5]])
            let withCapacity = try Dictionary(minimumCapacity: 4, grouping: numbers(db), by: { $0 % 2 })
            #expect(withCapacity == byParity)
            let squares = try Dictionary(uniqueKeysWithValues: numbers(db).map { ($0, $0 * $0) })
            #expect(squares == [1: 1, 2: 4, 3: 9, 4: 16, 5: 25])
            let sameSquares = try Dictionary(
                minimumCapacity: 8, uniqueKeysWithValues: numbers(db).map { ($0, $0 * $0) })
            #expect(sameSquares == squares)
        }
    }

    @Test func aDatabaseCursorTellsItsStatement() throws {
        try withNumbers { db throws in
            let cursor = try numbers(db, above: 2)
            #expect(cursor.sql == "SELECT x FROM t WHERE x > ? ORDER BY x")
            #expect(cursor.arguments == [2])
            #expect(cursor.columnNames == ["x"])
            #expect(cursor.columnCount == 1)
            // The protocol is enough to read them.
            func describe(_ cursor: some DatabaseCursor) -> String { "\(cursor.sql) \(cursor.columnCount)" }
            #expect(describe(try Row.fetchCursor(db, sql: "SELECT 1, 2")) == "SELECT 1, 2 2")
        }
    }
}
