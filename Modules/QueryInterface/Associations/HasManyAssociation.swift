import RSCore

/// An association to the records whose foreign key refers to the origin: an author has many books.
///
/// The foreign key is in the destination table: `book.authorId` refers to `author.id`.
/// Create one with `TableRecord.hasMany(_:key:using:)`.
public struct HasManyAssociation<Origin, Destination>: AssociationToMany {
    /// The type of the origin records.
    public typealias OriginRowDecoder = Origin
    /// The type of the destination records.
    public typealias RowDecoder = Destination

    /// What the association is made of.
    public var _sqlAssociation: _SQLAssociation

    init(from originTable: String, to destination: SQLRelation, key: String?, using foreignKey: ForeignKey?) {
        _sqlAssociation = _SQLAssociation(
            from: originTable, to: destination, key: key.map { .fixedPlural($0) }, using: foreignKey,
            isForeignKeyInOrigin: false, isToOne: false)
    }
}
