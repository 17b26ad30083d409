import RSCore

extension QueryInterfaceRequest {
    /// The request filtered by primary key: `Player.all().filter(key: 1)`. A nil key gives no row.
    public func filter(key: (some DatabaseValueConvertible)?) -> Self {
        guard let key else { return none() }
        return filter(keys: [key])
    }

    /// The request filtered by primary keys: `Player.all().filter(keys: [1, 2, 3])`.
    public func filter<Keys: Sequence>(keys: Keys) -> Self where Keys.Element: DatabaseValueConvertible {
        // A closure, not a key path: a generic key path is instantiated at run time.
        let values = keys.map { $0.databaseValue }.filter { !$0.isNull }
        let table = relation.table
        return filter(
            SQLExpression(
                .deferred { db in
                    let primaryKey = try db.primaryKey(table)
                    guard primaryKey.columns.count == 1 else {
                        throw DatabaseError(
                            resultCode: .SQLITE_MISUSE,
                            message: "filter(key:) needs a single-column primary key, and table \(table) has "
                                + "\(primaryKey.columns.joined(separator: ", "))")
                    }
                    return values.contains(Column(primaryKey.columns[0]))
                }))
    }

    /// The request filtered by a unique key: `filter(key: ["email": "arthur@example.com"])`.
    /// A nil value matches NULL.
    public func filter(key: [String: (any DatabaseValueConvertible)?]) -> Self {
        filter(keys: [key])
    }

    /// The request filtered by unique keys: rows that match one of the dictionaries. An empty
    /// dictionary makes the request fail with `SQLITE_MISUSE` when it runs, as records' key methods do.
    public func filter(keys: [[String: (any DatabaseValueConvertible)?]]) -> Self {
        let table = relation.table
        // Empty keys first: their error wins, as it would match every row.
        let columnSets = keys.map { Array($0.keys) }.sorted { $0.isEmpty && !$1.isEmpty }
        let condition = keys.map { key in
            key.sorted { $0.key < $1.key }.map { column, value in Column(column) == value?.databaseValue }
                .joined(operator: .and)
        }.joined(operator: .or)
        return filter(
            SQLExpression(
                .deferred { db in
                    for columns in columnSets { try db.checkUniqueKey(columns, of: table) }
                    return condition
                }))
    }
}

extension QueryInterfaceRequest where RowDecoder: Identifiable, RowDecoder.ID: DatabaseValueConvertible {
    /// The request filtered by the id of an `Identifiable` record.
    public func filter(id: RowDecoder.ID) -> Self {
        filter(keys: [id])
    }

    /// The request filtered by the ids of `Identifiable` records.
    public func filter(ids: some Collection<RowDecoder.ID>) -> Self {
        filter(keys: ids)
    }
}
