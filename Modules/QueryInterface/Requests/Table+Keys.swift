import RSCore

// The rows of a table by primary key, unique key or id, for tables without a record type: as the
// static methods of records.
extension Table {
    /// Whether a row has this primary key.
    public func exists(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try !filter(key: key).isEmpty(db)
    }

    /// Whether a row has these values of a primary or unique key: `exists(db, key: ["email": "a@b.c"])`.
    public func exists(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try !filter(key: key).isEmpty(db)
    }

    /// Deletes the row of a primary key, and returns whether there was one.
    @discardableResult
    public func deleteOne(_ db: Database, key: some DatabaseValueConvertible) throws -> Bool {
        try filter(key: key).deleteAll(db) > 0
    }

    /// Deletes the row of a primary or unique key, and returns whether there was one.
    @discardableResult
    public func deleteOne(_ db: Database, key: [String: (any DatabaseValueConvertible)?]) throws -> Bool {
        try filter(key: key).deleteAll(db) > 0
    }

    /// Deletes the rows of primary keys, and returns how many were deleted.
    @discardableResult
    public func deleteAll(_ db: Database, keys: some Collection<some DatabaseValueConvertible>) throws -> Int {
        keys.isEmpty ? 0 : try filter(keys: keys).deleteAll(db)
    }

    /// Deletes the rows of primary or unique keys, and returns how many were deleted.
    @discardableResult
    public func deleteAll(_ db: Database, keys: [[String: (any DatabaseValueConvertible)?]]) throws -> Int {
        keys.isEmpty ? 0 : try all().filter(keys: keys).deleteAll(db)
    }
}

extension Table where RowDecoder: Identifiable, RowDecoder.ID: DatabaseValueConvertible {
    /// A request of the row of an id.
    public func filter(id: RowDecoder.ID) -> QueryInterfaceRequest<RowDecoder> { all().filter(id: id) }

    /// A request of the rows of ids.
    public func filter(ids: some Collection<RowDecoder.ID>) -> QueryInterfaceRequest<RowDecoder> {
        all().filter(ids: ids)
    }

    /// Whether a row has this id.
    public func exists(_ db: Database, id: RowDecoder.ID) throws -> Bool {
        try !filter(id: id).isEmpty(db)
    }

    /// Deletes the row of an id, and returns whether there was one.
    @discardableResult
    public func deleteOne(_ db: Database, id: RowDecoder.ID) throws -> Bool {
        try filter(id: id).deleteAll(db) > 0
    }

    /// Deletes the rows of ids, and returns how many were deleted.
    @discardableResult
    public func deleteAll(_ db: Database, ids: some Collection<RowDecoder.ID>) throws -> Int {
        ids.isEmpty ? 0 : try filter(ids: ids).deleteAll(db)
    }
}
