import RSCore

/// What an association is made of: its steps from the origin table to the destination table, each
/// with its key, how its rows match the previous table's, and its relation. Applications do not use
/// it: it is public so that association types and requests of other modules can share it, as in GRDB.
public struct _SQLAssociation: Sendable {
    /// The steps from the origin to the destination: the pivots of an association through others,
    /// then the destination. Never empty.
    private(set) var steps: [SQLAssociationStep]

    /// The last step, to the destination table.
    var destination: SQLAssociationStep {
        get { steps[steps.count - 1] }
        set { steps[steps.count - 1] = newValue }
    }

    /// The first step, from the origin table: the destination of a direct association.
    var pivot: SQLAssociationStep {
        get { steps[0] }
        set { steps[0] = newValue }
    }

    /// The key of the association: the key of its destination.
    var key: SQLAssociationKey {
        get { destination.key }
        set { destination.key = newValue }
    }

    /// How destination rows match the rows of the previous table.
    var condition: JoinCondition { destination.condition }

    /// The destination table, and the parts of the request that apply to it.
    var relation: SQLRelation {
        get { destination.relation }
        set { destination.relation = newValue }
    }

    /// An association made of steps (at least one).
    init(steps: [SQLAssociationStep]) {
        self.steps = steps
    }

    /// An association from the origin table to the destination relation.
    ///
    /// - parameters:
    ///   - originTable: The table of the origin records.
    ///   - destination: The destination table, with its default selection.
    ///   - key: The key of the association, or nil for one inflected from the destination table.
    ///   - foreignKey: The foreign key, or nil to find it in the schema.
    ///   - isForeignKeyInOrigin: Whether the key is in the origin table (`belongsTo`).
    ///   - isToOne: Whether the association leads to one record (`belongsTo`, `hasOne`).
    init(
        from originTable: String, to destination: SQLRelation, key: SQLAssociationKey?, using foreignKey: ForeignKey?,
        isForeignKeyInOrigin: Bool, isToOne: Bool
    ) {
        let condition = JoinCondition.foreignKey(
            ForeignKeyJoinCondition(
                foreignKey: foreignKey, isForeignKeyInOrigin: isForeignKeyInOrigin, originTable: originTable,
                destinationTable: destination.table))
        steps = [
            SQLAssociationStep(
                key: key ?? .inflected(destination.table), condition: condition, relation: destination,
                isToOne: isToOne)
        ]
    }

    /// An association to the destination relation, whose rows match the origin's by a condition of
    /// their aliases (see `JoinCondition.expression`), under the key inflected from its table.
    init(to destination: SQLRelation, condition: JoinCondition) {
        steps = [
            SQLAssociationStep(
                key: .inflected(destination.table), condition: condition, relation: destination, isToOne: true)
        ]
    }

    /// The association that reaches this one's origin through another: its steps follow the other's.
    func through(_ pivot: _SQLAssociation) -> _SQLAssociation {
        _SQLAssociation(steps: pivot.steps + steps)
    }

    /// The relation of the destination records, which joins the pivots back to the origin (each
    /// unselected, under a key of its own): the request of `request(for:)` and of prefetches, once
    /// the pivot is filtered on the origin's values.
    ///
    /// ```sql
    /// SELECT "citizen".* FROM "citizen" JOIN "passport" ON "passport"."citizenId" = "citizen"."id"
    /// ```
    func destinationRelation() -> SQLRelation {
        guard steps.count > 1 else { return relation }
        let reversedSteps = zip(steps, steps.dropFirst()).map { step, next in
            var relation = step.relation
            relation.selection = []
            relation.removePrefetchedChildren()
            return SQLAssociationStep(
                key: .fixedSingular("grdb_" + step.key.name(singular: true)), condition: next.condition.reversed,
                relation: relation, isToOne: true)
        }
        return relation.appendingChild(for: _SQLAssociation(steps: reversedSteps.reversed()), kind: .oneRequired)
    }

    /// Applies a change to the destination relation.
    func mapRelation(_ update: (inout SQLRelation) -> Void) -> _SQLAssociation {
        var result = self
        update(&result.relation)
        return result
    }
}
