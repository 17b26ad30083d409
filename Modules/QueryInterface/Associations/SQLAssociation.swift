import RSCore

/// What an association is made of: its key, how its rows match the origin's, and the relation of
/// its destination table. Applications do not use it: it is public so that association types and
/// requests of other modules can share it, as in GRDB.
public struct _SQLAssociation: Sendable {
    /// The key of the association.
    var key: SQLAssociationKey
    /// How destination rows match origin rows.
    var condition: JoinCondition
    /// The destination table, and the parts of the request that apply to it.
    var relation: SQLRelation

    /// An association from the origin table to the destination relation.
    ///
    /// - parameters:
    ///   - originTable: The table of the origin records.
    ///   - destination: The destination table, with its default selection.
    ///   - key: The key of the association, or nil for one inflected from the destination table.
    ///   - foreignKey: The foreign key, or nil to find it in the schema.
    ///   - isForeignKeyInOrigin: Whether the key is in the origin table (`belongsTo`).
    init(
        from originTable: String, to destination: SQLRelation, key: SQLAssociationKey?, using foreignKey: ForeignKey?,
        isForeignKeyInOrigin: Bool
    ) {
        self.key = key ?? .inflected(destination.table)
        condition = .foreignKey(
            ForeignKeyJoinCondition(
                foreignKey: foreignKey, isForeignKeyInOrigin: isForeignKeyInOrigin, originTable: originTable,
                destinationTable: destination.table))
        relation = destination
    }

    /// An association to the destination relation, whose rows match the origin's by a condition of
    /// their aliases (see `JoinCondition.expression`), under the key inflected from its table.
    init(to destination: SQLRelation, condition: JoinCondition) {
        key = .inflected(destination.table)
        self.condition = condition
        relation = destination
    }

    /// Applies a change to the destination relation.
    func mapRelation(_ update: (inout SQLRelation) -> Void) -> _SQLAssociation {
        var result = self
        update(&result.relation)
        return result
    }
}
