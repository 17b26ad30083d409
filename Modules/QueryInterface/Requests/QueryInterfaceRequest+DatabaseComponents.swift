import RSCore

// The forms of the request methods that take a closure over the database components of the
// record (its `Columns` by default), or a key path to one of them:
//
// ```swift
// struct Player: TableRecord {
//     enum Columns {
//         static let id = Column("id")
//         static let name = Column("name")
//         static let score = Column("score")
//     }
// }
//
// // SELECT score FROM player WHERE score > 1000 ORDER BY score DESC, name
// let request = Player.all()
//     .select(\.score)
//     .filter { $0.score > 1000 }
//     .order { [$0.score.desc, $0.name] }
// ```
//
// Each one calls its closure once, right away, and is the method of the same name applied to the
// result.

extension QueryInterfaceRequest where RowDecoder: TableRecord {
    /// The type whose members the closures of the request receive: the record's `Columns.Type` by
    /// default.
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    // MARK: Selection

    /// The request selecting this value instead of the current selection: `select(\.score)`.
    public func select(_ selection: (DatabaseComponents) throws -> any SQLSelectable) rethrows -> Self {
        try select([selection(RowDecoder.databaseComponents)])
    }

    /// The request selecting these values instead of the current selection:
    /// `select { [$0.id, $0.score] }`.
    public func select(_ selection: (DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> Self {
        try select(selection(RowDecoder.databaseComponents))
    }

    /// The request selecting this value, and decoding it as another type:
    /// `select({ max($0.score) }, as: Int.self)`.
    public func select<T>(
        _ selection: (DatabaseComponents) throws -> any SQLSelectable, as type: T.Type = T.self
    ) rethrows -> QueryInterfaceRequest<T> {
        try select([selection(RowDecoder.databaseComponents)], as: type)
    }

    /// The request with this value appended to the selection:
    /// `annotated { ($0.score * 2).forKey("doubleScore") }`.
    public func annotated(with selection: (DatabaseComponents) throws -> any SQLSelectable) rethrows -> Self {
        try annotated(with: [selection(RowDecoder.databaseComponents)])
    }

    /// The request with these values appended to the selection:
    /// `annotated { [$0.score * 2, $0.score + 1] }`.
    public func annotated(with selection: (DatabaseComponents) throws -> [any SQLSelectable]) rethrows -> Self {
        try annotated(with: selection(RowDecoder.databaseComponents))
    }

    // MARK: Filtering

    /// The request with one more condition: `filter { $0.score > 1000 }`. Conditions add up with AND.
    ///
    /// The closure returns an expression, not any value (`filter { 42 }` does not compile), as in GRDB.
    public func filter(_ predicate: (DatabaseComponents) throws -> any SQLSpecificExpressible) rethrows -> Self {
        try filter(predicate(RowDecoder.databaseComponents).sqlExpression)
    }

    // MARK: Grouping

    /// The request grouped by this expression, instead of its current grouping: `group(\.teamID)`.
    public func group(_ expression: (DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        try group([expression(RowDecoder.databaseComponents)])
    }

    /// The request grouped by these expressions, instead of its current grouping:
    /// `group { [$0.teamID, $0.level] }`.
    public func group(_ expressions: (DatabaseComponents) throws -> [any SQLExpressible]) rethrows -> Self {
        try group(expressions(RowDecoder.databaseComponents))
    }

    /// The request with one more condition on groups: `having { max($0.score) > 1000 }`. Conditions
    /// add up with AND.
    public func having(_ predicate: (DatabaseComponents) throws -> any SQLExpressible) rethrows -> Self {
        try having(predicate(RowDecoder.databaseComponents).sqlExpression)
    }

    // MARK: Ordering

    /// The request ordered by this term, instead of its current ordering: `order(\.score.desc)`.
    public func order(_ ordering: (DatabaseComponents) throws -> any SQLOrderingTerm) rethrows -> Self {
        try order([ordering(RowDecoder.databaseComponents)])
    }

    /// The request ordered by these terms, instead of its current ordering:
    /// `order { [$0.score.desc, $0.name] }`.
    public func order(_ orderings: (DatabaseComponents) throws -> [any SQLOrderingTerm]) rethrows -> Self {
        try order(orderings(RowDecoder.databaseComponents))
    }
}
