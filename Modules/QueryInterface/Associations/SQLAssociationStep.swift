/// One link of an association: from the records of a table to those of the next one. A direct
/// association (`belongsTo`, `hasOne`, `hasMany`) has one step; an association through others has
/// a step for each pivot, then one for its destination.
struct SQLAssociationStep: Sendable {
    /// The key of the step.
    var key: SQLAssociationKey
    /// How the rows of the step's table match the rows of the previous table.
    var condition: JoinCondition
    /// The step's table, and the parts of the request that apply to it.
    var relation: SQLRelation
    /// Whether the step leads to one record (`belongsTo`, `hasOne`) rather than several (`hasMany`).
    var isToOne: Bool
}
