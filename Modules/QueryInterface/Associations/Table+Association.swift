import RSCore

// The associations of a table that has no record type: `Table("book").belongsTo(Table("author"))`.
// The same as the methods of `TableRecord`, with this table as the origin.
extension Table {
    /// An association to the record that this table's foreign key refers to.
    public func belongsTo<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> BelongsToAssociation<RowDecoder, Destination> {
        BelongsToAssociation(from: tableName, to: Destination.associationDestination, key: key, using: foreignKey)
    }

    /// An association to the record whose foreign key refers to this table.
    public func hasOne<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasOneAssociation<RowDecoder, Destination> {
        HasOneAssociation(from: tableName, to: Destination.associationDestination, key: key, using: foreignKey)
    }

    /// An association to the records whose foreign key refers to this table.
    public func hasMany<Destination: TableRecord>(
        _ destination: Destination.Type, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasManyAssociation<RowDecoder, Destination> {
        HasManyAssociation(from: tableName, to: Destination.associationDestination, key: key, using: foreignKey)
    }

    /// An association to the row of another table that this table's foreign key refers to.
    public func belongsTo<Destination>(
        _ destination: Table<Destination>, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> BelongsToAssociation<RowDecoder, Destination> {
        BelongsToAssociation(from: tableName, to: destination.all().relation, key: key, using: foreignKey)
    }

    /// An association to the row of another table whose foreign key refers to this table.
    public func hasOne<Destination>(
        _ destination: Table<Destination>, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasOneAssociation<RowDecoder, Destination> {
        HasOneAssociation(from: tableName, to: destination.all().relation, key: key, using: foreignKey)
    }

    /// An association to the rows of another table whose foreign key refers to this table.
    public func hasMany<Destination>(
        _ destination: Table<Destination>, key: String? = nil, using foreignKey: ForeignKey? = nil
    ) -> HasManyAssociation<RowDecoder, Destination> {
        HasManyAssociation(from: tableName, to: destination.all().relation, key: key, using: foreignKey)
    }

    /// An association to the records that another association's records lead to.
    public func hasMany<Pivot: Association, Target: Association>(
        _ destination: Target.RowDecoder.Type, through pivot: Pivot, using target: Target, key: String? = nil
    ) -> HasManyThroughAssociation<RowDecoder, Target.RowDecoder>
    where Pivot.OriginRowDecoder == RowDecoder, Pivot.RowDecoder == Target.OriginRowDecoder {
        HasManyThroughAssociation(through: pivot, using: target, key: key)
    }

    /// An association to the record that another association's record leads to.
    public func hasOne<Pivot: AssociationToOne, Target: AssociationToOne>(
        _ destination: Target.RowDecoder.Type, through pivot: Pivot, using target: Target, key: String? = nil
    ) -> HasOneThroughAssociation<RowDecoder, Target.RowDecoder>
    where Pivot.OriginRowDecoder == RowDecoder, Pivot.RowDecoder == Target.OriginRowDecoder {
        HasOneThroughAssociation(through: pivot, using: target, key: key)
    }
}
