import RSCore

/// An association to the record that another association's record leads to: a book has one
/// country through its author.
///
/// ```swift
/// // SELECT "book".*, "country".* FROM "book"
/// // JOIN "author" ON "author"."id" = "book"."authorId"
/// // JOIN "country" ON "country"."code" = "author"."countryCode"
/// let request = Book.including(required: Book.country)
/// ```
///
/// The pivot (`Book.author`) is joined without its columns. Create one with
/// `TableRecord.hasOne(_:through:using:key:)`.
public struct HasOneThroughAssociation<Origin, Destination>: AssociationToOne {
    /// The type of the origin records.
    public typealias OriginRowDecoder = Origin
    /// The type of the destination records.
    public typealias RowDecoder = Destination

    /// What the association is made of.
    public var _sqlAssociation: _SQLAssociation

    init<Pivot: AssociationToOne, Target: AssociationToOne>(through pivot: Pivot, using target: Target, key: String?)
    where
        Pivot.OriginRowDecoder == Origin, Pivot.RowDecoder == Target.OriginRowDecoder, Target.RowDecoder == Destination
    {
        _sqlAssociation = target._sqlAssociation.through(pivot._sqlAssociation)
        if let key { _sqlAssociation.key = .fixedSingular(key) }
    }
}
