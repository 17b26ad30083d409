import RSCore

/// A value computed over the records of an association to many, for each origin record: a count,
/// a sum, whether there is none… A request annotates its records with it, or filters on it:
///
/// ```swift
/// // SELECT "author".*, COUNT(DISTINCT "book"."id") AS "bookCount"
/// // FROM "author" LEFT JOIN "book" ON "book"."authorId" = "author"."id"
/// // GROUP BY "author"."id"
/// let request = Author.annotated(with: Author.books.count)
///
/// // Authors without books
/// let request = Author.having(Author.books.isEmpty)
/// ```
///
/// Aggregates combine with operators (`Author.books.count > 2`, `Team.players.sum(Column("score")) /
/// Team.players.count`): the result has no key, give it one with `forKey(_:)`.
public struct AssociationAggregate<RowDecoder>: Sendable {
    /// The associations that the aggregate reads, each with the alias of its table.
    let joins: [_SQLAssociation]
    /// The aggregate expression, over the columns of the aliases.
    let expression: SQLExpression
    /// The name of the value when a request selects it.
    var key: String?

    /// The aggregate, under another name: `Author.books.count.forKey("numberOfBooks")`.
    public func forKey(_ key: String) -> Self {
        var result = self
        result.key = key
        return result
    }

    /// The aggregate, under the name of a coding key.
    public func forKey(_ key: some CodingKey) -> Self {
        forKey(key.stringValue)
    }

    /// The request, with the joins of the aggregate, grouped by the origin's primary key.
    func prepare<Request: DerivableRequest>(_ request: Request) -> Request {
        joins.reduce(request) { $0._joining(optional: $1) }.groupByPrimaryKey()
    }

    /// The aggregate whose expression is transformed: it loses its key.
    func map(_ transform: (SQLExpression) -> SQLExpression) -> Self {
        AssociationAggregate(joins: joins, expression: transform(expression))
    }

    /// The aggregate of two aggregates: both joins, and the combined expression, without key.
    static func combine(_ lhs: Self, _ rhs: Self, _ combine: (SQLExpression, SQLExpression) -> SQLExpression) -> Self {
        AssociationAggregate(joins: lhs.joins + rhs.joins, expression: combine(lhs.expression, rhs.expression))
    }
}

extension AssociationToMany {
    /// The number of associated records: `COUNT(DISTINCT "book"."id") AS "bookCount"`.
    public var count: AssociationAggregate<OriginRowDecoder> {
        aggregate(countOfPrimaryKey, key: keyName + "Count")
    }

    /// Whether there is no associated record: `COUNT(DISTINCT "book"."id") = 0 AS "hasNoBook"`.
    public var isEmpty: AssociationAggregate<OriginRowDecoder> {
        aggregate(countOfPrimaryKey == 0, key: "hasNo" + keyName.uppercasingFirstCharacter)
    }

    /// The average of a value of the associated records: `AVG("book"."price") AS "averageBookPrice"`.
    public func average(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        aggregate(RSQueryInterface.average(expression), key: columnKey(expression).map { "average\($0)" })
    }

    /// The largest value of the associated records: `MAX("book"."year") AS "maxBookYear"`.
    public func max(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        aggregate(RSQueryInterface.max(expression), key: columnKey(expression).map { "max\($0)" })
    }

    /// The smallest value of the associated records: `MIN("book"."year") AS "minBookYear"`.
    public func min(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        aggregate(RSQueryInterface.min(expression), key: columnKey(expression).map { "min\($0)" })
    }

    /// The sum of a value of the associated records (NULL without record):
    /// `SUM("book"."price") AS "bookPriceSum"`.
    public func sum(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        aggregate(RSQueryInterface.sum(expression), key: columnKey(expression).map { "\($0.lowercased)Sum" })
    }

    /// The sum of a value of the associated records (0 without record):
    /// `TOTAL("book"."price") AS "bookPriceSum"`.
    public func total(_ expression: some SQLSpecificExpressible) -> AssociationAggregate<OriginRowDecoder> {
        aggregate(RSQueryInterface.total(expression), key: columnKey(expression).map { "\($0.lowercased)Sum" })
    }

    /// The singular name of the key of the association: `book`.
    private var keyName: String { _sqlAssociation.key.name(singular: true) }

    /// The key and the column of an expression that is a column (`book`, `price`), which name the
    /// aggregates of the column; nil for other expressions.
    private func columnKey(_ expression: some SQLSpecificExpressible) -> AggregateKeyParts? {
        guard case .column(let name) = expression.sqlExpression.node else { return nil }
        return AggregateKeyParts(association: keyName, column: name)
    }

    /// `COUNT(DISTINCT pk)` of the associated table: its rowid, or its primary key column.
    private var countOfPrimaryKey: SQLExpression {
        let table = databaseTableName
        return SQLExpression(
            .deferred { db in
                let primaryKey = try db.primaryKey(table)
                let column = primaryKey.rowIDColumn ?? (primaryKey.columns.count == 1 ? primaryKey.columns[0] : "rowid")
                return RSQueryInterface.count(distinct: Column(column))
            })
    }

    /// An aggregate of the association's table, under a new alias.
    private func aggregate(_ expression: some SQLExpressible, key: String?) -> AssociationAggregate<OriginRowDecoder> {
        let alias = _sqlAssociation.relation.alias ?? TableAliasBase(userName: nil)
        let association = _sqlAssociation.mapRelation {
            $0.alias = alias
            $0.selection = []
        }
        return AssociationAggregate(
            joins: [association], expression: SQLExpression(.qualified(expression.sqlExpression, alias)), key: key)
    }
}

/// The parts of the default key of an aggregate of a column: `averageBookPrice`, `bookPriceSum`.
private struct AggregateKeyParts: CustomStringConvertible {
    let association: String
    let column: String
    /// `BookPrice`.
    var description: String { association.uppercasingFirstCharacter + column.uppercasingFirstCharacter }
    /// `bookPrice`.
    var lowercased: String { association + column.uppercasingFirstCharacter }
}

extension DerivableRequest {
    /// The request, whose records are annotated with aggregates of their associations:
    /// `Author.all().annotated(with: Author.books.count)`.
    public func annotated(with aggregates: AssociationAggregate<RowDecoder>...) -> Self {
        annotated(with: aggregates)
    }

    /// The request, whose records are annotated with aggregates of their associations.
    public func annotated(with aggregates: [AssociationAggregate<RowDecoder>]) -> Self {
        aggregates.reduce(self) { request, aggregate in
            let selection = aggregate.key.map { aggregate.expression.forKey($0) } ?? aggregate.expression.sqlSelection
            return aggregate.prepare(request).annotated(with: selection)
        }
    }

    /// The request, whose records are filtered on an aggregate of their associations:
    /// `Author.all().having(Author.books.count > 2)`.
    public func having(_ predicate: AssociationAggregate<RowDecoder>) -> Self {
        predicate.prepare(self).having(predicate.expression)
    }
}

extension TableRecord {
    /// A request of all records, annotated with aggregates of their associations:
    /// `Author.annotated(with: Author.books.count)`.
    public static func annotated(with aggregates: AssociationAggregate<Self>...) -> QueryInterfaceRequest<Self> {
        all().annotated(with: aggregates)
    }

    /// A request of all records, annotated with aggregates of their associations.
    public static func annotated(with aggregates: [AssociationAggregate<Self>]) -> QueryInterfaceRequest<Self> {
        all().annotated(with: aggregates)
    }

    /// A request of the records whose associations match an aggregate condition:
    /// `Author.having(Author.books.isEmpty)`.
    public static func having(_ predicate: AssociationAggregate<Self>) -> QueryInterfaceRequest<Self> {
        all().having(predicate)
    }
}
