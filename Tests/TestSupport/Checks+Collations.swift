import Foundation
import RSCore

/// Custom collations, through the driver's `create_collation_v2`: SQLite orders and compares with
/// them under their name, in queries and in declared columns, until they are removed.
let collationChecks: [ConformanceCheck] = [
    ConformanceCheck("a custom collation orders and compares strings") { factory in
        let (ordered, equal) = try factory.makeWriter().write { db in
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
        try expectEqual(ordered, ["é", "ab", "abc", "wxyz"])
        try expectEqual(equal, true)
    },
    ConformanceCheck("localizedCaseInsensitiveCompare orders ignoring case") { factory in
        let (binary, localized, equal) = try factory.makeWriter().write { db in
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
        try expectEqual(binary, ["Alpha", "Delta", "bravo", "charlie"])
        try expectEqual(localized, ["Alpha", "bravo", "charlie", "Delta"])
        try expectEqual(equal, true)
    },
    ConformanceCheck("columns declared with a collation order and compare with it") { factory in
        let (ordered, found) = try factory.makeWriter().write { db in
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
        try expectEqual(ordered, ["Charlie", "bravo", "Alpha"])
        try expectEqual(found, ["Charlie"])
    },
    ConformanceCheck("caseInsensitiveCompare and unicodeCompare compare under their names") { factory in
        let results = try factory.makeWriter().read { db in
            db.add(collation: .caseInsensitiveCompare)
            db.add(collation: .unicodeCompare)
            return [
                try Bool.fetchOne(db, sql: "SELECT 'abc' = 'ABC' COLLATE caseInsensitiveCompare"),
                try Bool.fetchOne(db, sql: "SELECT 'abc' = 'ABC' COLLATE unicodeCompare"),
                try Bool.fetchOne(db, sql: "SELECT 'B' < 'a' COLLATE unicodeCompare"),
            ]
        }
        try expectEqual(results, [true, false, true])
    },
    ConformanceCheck("adding a collation of the same name replaces it") { factory in
        let reversed = DatabaseCollation("byLength") { lhs, rhs in compareLengths(rhs, lhs) }
        let sql = "SELECT 'aa' UNION SELECT 'b' UNION SELECT 'ccc' ORDER BY 1 COLLATE byLength"
        let orders = try factory.makeWriter().read { db in
            db.add(collation: byLength)
            let first = try String.fetchAll(db, sql: sql)
            db.add(collation: reversed)
            return [first, try String.fetchAll(db, sql: sql)]
        }
        try expectEqual(orders, [["b", "aa", "ccc"], ["ccc", "aa", "b"]])
    },
    ConformanceCheck("collations are identified by their name, whatever its ASCII case, as SQLite finds them") {
        factory in
        let upper = DatabaseCollation("BYLENGTH", function: compareLengths)
        try expectEqual(
            Set([byLength.id, upper.id, DatabaseCollation("byLengthé", function: compareLengths).id]).count, 2)
        try expectEqual(upper.id, byLength.id)
        let sorted = try factory.makeWriter().read { db in
            db.add(collation: upper)
            return try String.fetchAll(db, sql: "SELECT 'aa' UNION SELECT 'b' ORDER BY 1 COLLATE byLength")
        }
        try expectEqual(sorted, ["b", "aa"])
    },
    ConformanceCheck("a removed collation is no longer available") { factory in
        try factory.makeWriter().read { db in
            db.add(collation: byLength)
            try expectEqual(
                try String.fetchAll(db, sql: "SELECT 'aa' UNION SELECT 'b' ORDER BY 1 COLLATE byLength"), ["b", "aa"])
            db.remove(collation: byLength)
            let sql = "SELECT 'x' ORDER BY 1 COLLATE byLength"
            // SQLITE_ERROR_MISSING_COLLSEQ (SQLITE_ERROR | 1 << 8) since SQLite 3.22, SQLITE_ERROR before.
            let missingCollationCode =
                db.driver.capabilities.isAtLeast(3, 22) ? ResultCode(rawValue: 257) : ResultCode.SQLITE_ERROR
            try expectDatabaseError(missingCollationCode, message: "no such collation sequence: byLength", sql: sql) {
                _ = try String.fetchAll(db, sql: sql)
            }
        }
    },
]

/// Orders strings by their number of characters.
private let byLength = DatabaseCollation("byLength", function: compareLengths)

/// Compares the numbers of characters of two strings.
@Sendable private func compareLengths(_ lhs: String, _ rhs: String) -> ComparisonResult {
    lhs.count < rhs.count ? .orderedAscending : (lhs.count == rhs.count ? .orderedSame : .orderedDescending)
}
