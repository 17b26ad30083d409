import RSCore

/// An association to one row, whose rows match by a condition of the two tables rather than by a
/// foreign key: the associations to and from common table expressions.
///
/// ```swift
/// // WITH "bonus" AS (…) SELECT "player".*, "bonus".* FROM "player"
/// // JOIN "bonus" ON "player"."id" = "bonus"."playerID"
/// let association = Player.association(to: bonusCTE) { player, bonus in
///     player[Column("id")] == bonus[Column("playerID")]
/// }
/// let request = Player.with(bonusCTE).including(required: association)
/// ```
///
/// Its key is the name of the destination table. Create one with `association(to:on:)` or
/// `association(to:)`, which joins every row to every row.
public struct JoinAssociation<Origin, Destination>: AssociationToOne {
    /// The type of the origin rows.
    public typealias OriginRowDecoder = Origin
    /// The type of the destination rows.
    public typealias RowDecoder = Destination

    /// What the association is made of.
    public var _sqlAssociation: _SQLAssociation

    /// An association to the destination relation, whose rows match by the given condition (nil:
    /// every row matches).
    init(
        to destination: SQLRelation,
        on condition: (@Sendable (TableAlias<Origin>, TableAlias<Destination>) -> any SQLExpressible)?
    ) {
        _sqlAssociation = _SQLAssociation(
            to: destination, condition: condition.map { .matching($0) } ?? .expression { _, _ in nil })
    }
}
