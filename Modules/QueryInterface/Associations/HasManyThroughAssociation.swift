import RSCore

/// An association to the records that another association's records lead to: a country has many
/// citizens through its passports.
///
/// ```swift
/// // SELECT "country".*, "citizen".* FROM "country"
/// // JOIN "passport" ON "passport"."countryCode" = "country"."code"
/// // JOIN "citizen" ON "citizen"."id" = "passport"."citizenId"
/// let request = Country.including(required: Country.citizens)
/// ```
///
/// The pivot (`Country.passports`) is joined without its columns. Create one with
/// `TableRecord.hasMany(_:through:using:key:)`.
public struct HasManyThroughAssociation<Origin, Destination>: AssociationToMany {
    /// The type of the origin records.
    public typealias OriginRowDecoder = Origin
    /// The type of the destination records.
    public typealias RowDecoder = Destination

    /// What the association is made of.
    public var _sqlAssociation: _SQLAssociation

    init<Pivot: Association, Target: Association>(through pivot: Pivot, using target: Target, key: String?)
    where
        Pivot.OriginRowDecoder == Origin, Pivot.RowDecoder == Target.OriginRowDecoder, Target.RowDecoder == Destination
    {
        _sqlAssociation = target._sqlAssociation.through(pivot._sqlAssociation)
        if let key { _sqlAssociation.key = .fixedPlural(key) }
    }
}
