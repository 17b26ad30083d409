import RSCore

/// An association to the record whose foreign key refers to the origin: a country has one profile.
///
/// The foreign key is in the destination table: `profile.countryCode` refers to `country.code`.
/// Create one with `TableRecord.hasOne(_:key:using:)`.
public struct HasOneAssociation<Origin, Destination>: AssociationToOne {
    /// The type of the origin records.
    public typealias OriginRowDecoder = Origin
    /// The type of the destination records.
    public typealias RowDecoder = Destination

    /// What the association is made of.
    public var _sqlAssociation: _SQLAssociation

    init(from originTable: String, to destination: SQLRelation, key: String?, using foreignKey: ForeignKey?) {
        _sqlAssociation = _SQLAssociation(
            from: originTable, to: destination, key: key.map { .fixedSingular($0) }, using: foreignKey,
            isForeignKeyInOrigin: false, isToOne: true)
    }
}
