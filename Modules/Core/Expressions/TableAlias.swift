/// A table of a request, whose columns it qualifies: filter or order a request on the columns of
/// an associated table, or refer to the upserts' `excluded` row.
///
/// ```swift
/// let authorAlias = TableAlias<Author>()
/// let request = Book
///     .joining(required: Book.author.aliased(authorAlias))
///     .filter(authorAlias[Column("country")] == "FR")   // "author"."country" = 'FR'
///
/// try player.upsertAndFetch(db) { excluded in
///     [Column("score").set(to: Column("score") + excluded[Column("score")])]
/// }
/// ```
///
/// An alias without a name takes the name of the table it aliases in SQL. An alias is an object: the
/// same alias, given to `aliased(_:)`, names one table of one request.
@dynamicMemberLookup
public final class TableAlias<RowDecoder>: TableAliasBase, @unchecked Sendable {
    // Unchecked: as TableAliasBase, whose immutable properties are the only stored state.

    /// An alias, with the given name in SQL (by default, the name of the table it aliases).
    public init(name: String? = nil) where RowDecoder == Void {
        super.init(userName: name)
    }

    /// An alias of a record's table, with the given name in SQL (by default, the name of the table).
    public init(name: String? = nil, for record: RowDecoder.Type = RowDecoder.self) {
        super.init(userName: name)
    }

    /// A typed alias that names the table of another alias.
    package override init(root: TableAliasBase) {
        super.init(root: root)
    }
}

extension TableAlias where RowDecoder: TableRecord {
    /// The type of the record's database components (its `Columns` by default).
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// A column of the record's components, in the table of the alias: `authorAlias.name`.
    public subscript<T: SQLSpecificExpressible>(dynamicMember keyPath: KeyPath<DatabaseComponents, T>)
        -> SQLExpression
    {
        self[RowDecoder.databaseComponents[keyPath: keyPath]]
    }
}
