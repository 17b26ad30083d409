import RSCore

// The aggregates of a column given by a closure over the database components of the associated
// record (its `Columns` by default), or a key path to one: `Team.players.average(\.score)`. Each
// calls its closure once, right away, and is the aggregate of the expression it returns.
extension AssociationToMany where RowDecoder: TableRecord {
    /// The type whose members the closures of the aggregates receive: the associated record's
    /// `Columns.Type` by default.
    public typealias DatabaseComponents = RowDecoder.DatabaseComponents

    /// The average of a value of the associated records: `Team.players.average(\.score)`.
    public func average(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows
        -> AssociationAggregate<OriginRowDecoder>
    {
        try average(expression(RowDecoder.databaseComponents))
    }

    /// The largest value of the associated records: `Team.players.max(\.score)`.
    public func max(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows
        -> AssociationAggregate<OriginRowDecoder>
    {
        try max(expression(RowDecoder.databaseComponents))
    }

    /// The smallest value of the associated records: `Team.players.min(\.score)`.
    public func min(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows
        -> AssociationAggregate<OriginRowDecoder>
    {
        try min(expression(RowDecoder.databaseComponents))
    }

    /// The sum of a value of the associated records (NULL without record): `Team.players.sum(\.score)`.
    public func sum(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows
        -> AssociationAggregate<OriginRowDecoder>
    {
        try sum(expression(RowDecoder.databaseComponents))
    }

    /// The sum of a value of the associated records (0 without record): `Team.players.total(\.score)`.
    public func total(_ expression: (DatabaseComponents) throws -> some SQLSpecificExpressible) rethrows
        -> AssociationAggregate<OriginRowDecoder>
    {
        try total(expression(RowDecoder.databaseComponents))
    }
}
