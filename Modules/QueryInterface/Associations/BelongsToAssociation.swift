import RSCore

/// An association to the record that the origin's foreign key refers to: a book belongs to its author.
///
/// The foreign key is in the origin table: `book.authorId` refers to `author.id`.
/// Create one with `TableRecord.belongsTo(_:key:using:)`.
public struct BelongsToAssociation<Origin, Destination>: AssociationToOne {
    /// The type of the origin records.
    public typealias OriginRowDecoder = Origin
    /// The type of the destination records.
    public typealias RowDecoder = Destination

    /// What the association is made of.
    public var _sqlAssociation: _SQLAssociation

    init(from originTable: String, to destination: SQLRelation, key: String?, using foreignKey: ForeignKey?) {
        _sqlAssociation = _SQLAssociation(
            from: originTable, to: destination, key: key.map { .fixedSingular($0) }, using: foreignKey,
            isForeignKeyInOrigin: true, isToOne: true)
    }
}
