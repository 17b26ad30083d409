import Foundation
import ReactiveSQLite
import Testing

@testable import RSQueryInterface

/// `SQLRelation.isIdentical(to:)`: what lets an observation reuse the preparation of a request.
@Suite struct RelationIdentityTests {
    /// Whether the relations of the requests, their deferred parts built, are identical.
    private func isIdentical(_ lhs: QueryInterfaceRequest<Row>, _ rhs: QueryInterfaceRequest<Row>) throws -> Bool {
        let dbQueue = try DatabaseQueue()
        return try dbQueue.write { db in
            try db.execute(
                sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a, b); CREATE TABLE u (id INTEGER PRIMARY KEY)")
            return try lhs.relation.resolvingDeferredParts(db).isIdentical(to: rhs.relation.resolvingDeferredParts(db))
        }
    }

    @Test func requestsOfTheSameValuesAreIdentical() throws {
        let request = { Table("t").select(Column("a"), Column("b") + 1).filter(Column("a") == 1).limit(2, offset: 3) }
        #expect(try isIdentical(request(), request()))
        #expect(try isIdentical(Table("t").all(), Table("t").all()))
        #expect(
            try isIdentical(
                Table("t").filter([1, 2].contains(Column("id"))), Table("t").filter([1, 2].contains(Column("id")))))
    }

    @Test func requestsOfOtherValuesOrPartsDiffer() throws {
        #expect(try !isIdentical(Table("t").all(), Table("u").all()))
        #expect(try !isIdentical(Table("t").filter(Column("a") == 1), Table("t").filter(Column("a") == 2)))
        #expect(try !isIdentical(Table("t").filter(Column("a") == 1), Table("t").filter(Column("a") == 1.0)))
        #expect(
            try !isIdentical(Table("t").filter(Column("a") == "\u{E9}"), Table("t").filter(Column("a") == "e\u{301}")))
        #expect(try !isIdentical(Table("t").filter(Column("a") == 1), Table("t").filter(Column("b") == 1)))
        #expect(try !isIdentical(Table("t").filter(Column("a") == 1), Table("t").filter(Column("a") != 1)))
        #expect(try !isIdentical(Table("t").limit(1), Table("t").limit(2)))
        #expect(try !isIdentical(Table("t").limit(1), Table("t").limit(1, offset: 1)))
        #expect(try !isIdentical(Table("t").select(Column("a")), Table("t").select(Column("a"), Column("b"))))
        #expect(try !isIdentical(Table("t").all(), Table("t").all().distinct()))
    }

    @Test func requestsBuiltWithTheSchemaAreComparedOnceBuilt() throws {
        #expect(try isIdentical(Table("t").filter(key: 1), Table("t").filter(key: 1)))
        #expect(try !isIdentical(Table("t").filter(key: 1), Table("t").filter(key: 2)))
        #expect(try isIdentical(Table("t").order(Column("a").desc), Table("t").order(Column("a").desc)))
        #expect(try !isIdentical(Table("t").order(Column("a").desc), Table("t").order(Column("a"))))
        #expect(try !isIdentical(Table("t").order(Column("a")), Table("t").order(Column("a")).reversed()))
        #expect(try !isIdentical(Table("t").order(Column("a")), Table("t").order(Column("a"), Column("b"))))
        #expect(try !isIdentical(Table("t").order(Column("a")), Table("t").all()))
        #expect(try isIdentical(Table("t").orderByPrimaryKey(), Table("t").order(Column("id"))))
    }

    @Test func requestsWithPartsThatCannotBeComparedAreNeverIdentical() throws {
        let literal = Table("t").filter(sql: "a = 1")
        #expect(try !isIdentical(literal, literal))
        let grouped = Table("t").all().group(Column("a"))
        #expect(try !isIdentical(grouped, grouped))
        let alias = TableAlias()
        let aliased = Table("t").aliased(alias)
        #expect(try !isIdentical(aliased, aliased))
    }
}
