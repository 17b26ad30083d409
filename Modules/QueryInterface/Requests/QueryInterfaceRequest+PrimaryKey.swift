import RSCore

extension QueryInterfaceRequest {
    /// The request selecting the primary key of the table (`rowid` for a table without explicit
    /// primary key), decoded as `type`: `Player.filter(…).selectPrimaryKey(as: Int64.self)`, or
    /// `Row` for a key of several columns.
    public func selectPrimaryKey<PrimaryKey>(as type: PrimaryKey.Type = PrimaryKey.self)
        -> QueryInterfaceRequest<PrimaryKey>
    {
        let table = relation.table
        return selectWhenConnected { db in try db.primaryKey(table).columns.map { Column($0) } }
            .asRequest(of: PrimaryKey.self)
    }

    /// The request selecting the ids of the records: `Player.filter(…).selectID()`.
    public func selectID() -> QueryInterfaceRequest<RowDecoder.ID> where RowDecoder: Identifiable {
        selectPrimaryKey(as: RowDecoder.ID.self)
    }
}

extension TableRecord {
    /// A request of the primary keys of all records, decoded as `type`.
    public static func selectPrimaryKey<PrimaryKey>(as type: PrimaryKey.Type = PrimaryKey.self)
        -> QueryInterfaceRequest<PrimaryKey>
    {
        all().selectPrimaryKey(as: type)
    }
}

extension TableRecord where Self: Identifiable {
    /// A request of the ids of all records: `try Player.selectID().fetchAll(db)`.
    public static func selectID() -> QueryInterfaceRequest<ID> { all().selectID() }
}

extension Table {
    /// A request of the primary keys of all rows, decoded as `type`.
    public func selectPrimaryKey<PrimaryKey>(as type: PrimaryKey.Type = PrimaryKey.self)
        -> QueryInterfaceRequest<PrimaryKey>
    {
        all().selectPrimaryKey(as: type)
    }

    /// A request of the ids of all rows.
    public func selectID() -> QueryInterfaceRequest<RowDecoder.ID> where RowDecoder: Identifiable {
        all().selectID()
    }
}
