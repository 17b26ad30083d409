import RSCore

/// A link from the records of one table (the origin) to the records of another (the destination),
/// which requests join or prefetch: `Book.including(required: Book.author)`.
///
/// `belongsTo`, `hasOne` and `hasMany` create associations. An association is also a request of its
/// destination: it can be filtered, ordered, aliased, and joined to other associations, and the
/// request that includes it applies those parts to the associated table.
///
/// ```swift
/// struct Book: TableRecord {
///     static let author = belongsTo(Author.self)
/// }
/// struct Author: TableRecord {
///     static let books = hasMany(Book.self)
/// }
/// let request = Author.including(all: Author.books.order(Column("year")))
/// ```
public protocol Association<OriginRowDecoder, RowDecoder>: DerivableRequest, Sendable {
    /// The type of the records of the origin table.
    associatedtype OriginRowDecoder

    /// What the association is made of.
    var _sqlAssociation: _SQLAssociation { get set }

    /// The association, whose rows are found under another key: the name of the row scope of a
    /// joined record, or of the prefetched rows, and the coding key of Decodable records.
    func forKey(_ key: String) -> Self
}

/// An association to one record (`belongsTo`, `hasOne`).
public protocol AssociationToOne: Association {}

/// An association to several records (`hasMany`).
public protocol AssociationToMany: Association {}

extension Association {
    /// The association, whose rows are found under the name of a coding key.
    public func forKey(_ codingKey: some CodingKey) -> Self {
        forKey(codingKey.stringValue)
    }

    /// The association with a change to its destination relation.
    func mapRelation(_ update: (inout SQLRelation) -> Void) -> Self {
        var result = self
        result._sqlAssociation = _sqlAssociation.mapRelation(update)
        return result
    }

    /// The association with another key.
    func withKey(_ key: SQLAssociationKey) -> Self {
        var result = self
        result._sqlAssociation.key = key
        return result
    }
}

extension AssociationToOne {
    /// The association, whose record is found under another key: `Book.author.forKey("writer")`.
    public func forKey(_ key: String) -> Self {
        withKey(.fixedSingular(key))
    }
}

extension AssociationToMany {
    /// The association, whose records are found under another key: `Author.books.forKey("novels")`.
    public func forKey(_ key: String) -> Self {
        withKey(.fixedPlural(key))
    }
}

// The requirements of the request protocols: each applies to the destination relation.
extension Association {
    /// The name of the destination table.
    public var databaseTableName: String { _sqlAssociation.relation.table }

    /// The association, whose destination table the alias names.
    public func _aliased(_ alias: TableAliasBase) -> Self {
        mapRelation { $0.alias = alias }
    }

    /// The association selecting the values that the closure returns, instead of its current selection.
    public func selectWhenConnected(_ selection: @escaping @Sendable (Database) throws -> [any SQLSelectable])
        -> Self
    {
        mapRelation { $0.selectWhenConnected(selection) }
    }

    /// The association with the values that the closure returns appended to its selection.
    public func annotatedWhenConnected(
        with selection: @escaping @Sendable (Database) throws -> [any SQLSelectable]
    ) -> Self {
        mapRelation { $0.annotatedWhenConnected(selection) }
    }

    /// The association with one more condition on its records.
    public func filterWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible)
        -> Self
    {
        mapRelation { $0.filterWhenConnected(predicate) }
    }

    /// The association grouped by the expressions that the closure returns.
    public func groupWhenConnected(_ expressions: @escaping @Sendable (Database) throws -> [any SQLExpressible])
        -> Self
    {
        mapRelation { $0.groupWhenConnected(expressions) }
    }

    /// The association with one more condition on groups.
    public func havingWhenConnected(_ predicate: @escaping @Sendable (Database) throws -> any SQLExpressible)
        -> Self
    {
        mapRelation { $0.havingWhenConnected(predicate) }
    }

    /// The association ordered by the terms that the closure returns, instead of its current ordering.
    public func orderWhenConnected(_ orderings: @escaping @Sendable (Database) throws -> [any SQLOrderingTerm])
        -> Self
    {
        mapRelation { $0.orderWhenConnected(orderings) }
    }

    /// The association with its ordering reversed.
    public func reversed() -> Self {
        mapRelation { $0.isReversed.toggle() }
    }

    /// The association without ordering.
    public func unordered() -> Self {
        mapRelation { $0.unorder() }
    }

    /// The association ordered by its current ordering, then by primary key.
    public func withStableOrder() -> Self {
        mapRelation { $0.stabilizeOrder() }
    }

    /// The association with distinct records.
    public func distinct() -> Self {
        mapRelation { $0.isDistinct = true }
    }

    /// The association, whose common table expression the statement that joins it defines.
    public func with<T>(_ cte: CommonTableExpression<T>) -> Self {
        mapRelation { $0.ctes.merge(cte.cte) }
    }

    /// The association, whose destination also prefetches all records of another association.
    public func _including(all association: _SQLAssociation) -> Self {
        mapRelation { $0 = $0.appendingChild(for: association, kind: .all) }
    }

    /// The association, whose destination also joins and selects another association's record, if any.
    public func _including(optional association: _SQLAssociation) -> Self {
        mapRelation { $0 = $0.appendingChild(for: association, kind: .oneOptional) }
    }

    /// The association, whose destination also joins and selects another association's record.
    public func _including(required association: _SQLAssociation) -> Self {
        mapRelation { $0 = $0.appendingChild(for: association, kind: .oneRequired) }
    }

    /// The association, whose destination also joins another association's table, if it has a match.
    public func _joining(optional association: _SQLAssociation) -> Self {
        mapRelation { $0 = $0.appendingChild(for: association.unselected, kind: .oneOptional) }
    }

    /// The association, whose destination also joins another association's table.
    public func _joining(required association: _SQLAssociation) -> Self {
        mapRelation { $0 = $0.appendingChild(for: association.unselected, kind: .oneRequired) }
    }
}

extension _SQLAssociation {
    /// The association, without selection: joined, not included.
    var unselected: _SQLAssociation {
        mapRelation { $0.selection = [] }
    }
}
