import RSCore

/// A request of the rows of one table: query interface requests and associations.
public protocol TableRequest {
    /// The name of the table.
    var databaseTableName: String { get }

    /// The request, whose table the alias names (see `aliased(_:)`).
    func _aliased(_ alias: TableAliasBase) -> Self
}

extension TableRequest where Self: TypedRequest {
    /// The request, whose table the alias names: its columns, `alias[Column("name")]`, can then be
    /// used in other parts of the request, or of the request that joins it.
    ///
    /// ```swift
    /// let authorAlias = TableAlias<Author>()
    /// let request = Book
    ///     .joining(required: Book.author.aliased(authorAlias))
    ///     .order(authorAlias[Column("name")], Column("title"))
    /// ```
    public func aliased(_ alias: TableAlias<RowDecoder>) -> Self {
        _aliased(alias)
    }

    /// The request, whose table the untyped alias names.
    public func aliased(_ alias: TableAlias<Void>) -> Self {
        _aliased(alias)
    }
}

extension TableRequest where Self: FilteredRequest {
    /// The request filtered by primary key: `Player.all().filter(key: 1)`. A nil key gives no row.
    @inlinable  // Specialized for the key's type: observations build their request at each fetch.
    public func filter(key: (some DatabaseValueConvertible)?) -> Self {
        guard let key else { return none() }
        return filter(primaryKeyValues: [key.databaseValue])
    }

    /// The request filtered by primary keys: `Player.all().filter(keys: [1, 2, 3])`.
    public func filter<Keys: Sequence>(keys: Keys) -> Self where Keys.Element: DatabaseValueConvertible {
        filter(primaryKeyValues: keys.map { $0.databaseValue })
    }

    /// The request filtered by values of its single-column primary key (NULL matches no row). Not
    /// generic over the keys: observations build their request at each fetch.
    @usableFromInline
    func filter(primaryKeyValues: [DatabaseValue]) -> Self {
        // Closures, not key paths: a generic key path is instantiated at run time.
        let values =
            primaryKeyValues.contains { $0.isNull } ? primaryKeyValues.filter { !$0.isNull } : primaryKeyValues
        let table = databaseTableName
        return filterWhenConnected { db in
            let primaryKey = try db.primaryKey(table)
            guard primaryKey.columns.count == 1 else {
                throw DatabaseError(
                    resultCode: .SQLITE_MISUSE,
                    message: "filter(key:) needs a single-column primary key, and table \(table) has "
                        + "\(primaryKey.columns.joined(separator: ", "))")
            }
            let column = Column(primaryKey.columns[0])
            // One key is `id = ?`, as in GRDB; several, `id IN (?, ?)`.
            return values.count == 1 ? column == values[0] : values.contains(column)
        }
    }

    /// The request filtered by a unique key: `filter(key: ["email": "arthur@example.com"])`.
    /// A nil value matches NULL.
    public func filter(key: [String: (any DatabaseValueConvertible)?]) -> Self {
        filter(keys: [key])
    }

    /// The request filtered by unique keys: rows that match one of the dictionaries. An empty
    /// dictionary makes the request fail with `SQLITE_MISUSE` when it runs, as records' key methods do.
    public func filter(keys: [[String: (any DatabaseValueConvertible)?]]) -> Self {
        let table = databaseTableName
        // Empty keys first: their error wins, as it would match every row.
        let columnSets = keys.map { Array($0.keys) }.sorted { $0.isEmpty && !$1.isEmpty }
        let condition = keys.map { key in
            key.sorted { $0.key < $1.key }.map { column, value in Column(column) == value?.databaseValue }
                .joined(operator: .and)
        }.joined(operator: .or)
        return filterWhenConnected { db in
            for columns in columnSets { try db.checkUniqueKey(columns, of: table) }
            return condition
        }
    }
}

extension TableRequest
where
    Self: FilteredRequest, Self: TypedRequest, RowDecoder: Identifiable,
    RowDecoder.ID: DatabaseValueConvertible
{
    /// The request filtered by the id of an `Identifiable` record.
    public func filter(id: RowDecoder.ID) -> Self {
        filter(keys: [id])
    }

    /// The request filtered by the ids of `Identifiable` records.
    public func filter(ids: some Collection<RowDecoder.ID>) -> Self {
        filter(keys: ids)
    }
}

extension TableRequest where Self: OrderedRequest {
    /// The request ordered by primary key (by rowid for a table without one).
    public func orderByPrimaryKey() -> Self {
        let table = databaseTableName
        return orderWhenConnected { db in try db.primaryKey(table).columns.map { Column($0) } }
    }
}

extension TableRequest where Self: AggregatingRequest {
    /// The request grouped by primary key (by rowid for a table without one).
    public func groupByPrimaryKey() -> Self {
        let table = databaseTableName
        return groupWhenConnected { db in try db.primaryKey(table).columns.map { Column($0) } }
    }
}
