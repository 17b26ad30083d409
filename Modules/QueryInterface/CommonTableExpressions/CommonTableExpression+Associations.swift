import RSCore

// The associations of common table expressions, from a record, a table or another common table
// expression, and from a common table expression to them. The condition receives aliases of the
// origin table (left) and of the destination table (right); without condition, every row matches.

extension TableRecord {
    /// An association to the rows of a common table expression that match a condition:
    /// `Player.association(to: bonus) { player, bonus in player[Column("id")] == bonus[Column("playerID")] }`.
    public static func association<Destination>(
        to cte: CommonTableExpression<Destination>,
        on condition:
            @escaping @Sendable (_ left: TableAlias<Self>, _ right: TableAlias<Destination>) ->
            any SQLExpressible
    ) -> JoinAssociation<Self, Destination> {
        JoinAssociation(to: cte.all().relation, on: condition)
    }

    /// An association to every row of a common table expression.
    public static func association<Destination>(to cte: CommonTableExpression<Destination>)
        -> JoinAssociation<Self, Destination>
    {
        JoinAssociation(to: cte.all().relation, on: nil)
    }
}

extension Table {
    /// An association to the rows of a common table expression that match a condition.
    public func association<Destination>(
        to cte: CommonTableExpression<Destination>,
        on condition:
            @escaping @Sendable (_ left: TableAlias<RowDecoder>, _ right: TableAlias<Destination>) ->
            any SQLExpressible
    ) -> JoinAssociation<RowDecoder, Destination> {
        JoinAssociation(to: cte.all().relation, on: condition)
    }

    /// An association to every row of a common table expression.
    public func association<Destination>(to cte: CommonTableExpression<Destination>)
        -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: cte.all().relation, on: nil)
    }
}

extension CommonTableExpression {
    /// An association to the rows of another common table expression that match a condition.
    public func association<Destination>(
        to cte: CommonTableExpression<Destination>,
        on condition:
            @escaping @Sendable (_ left: TableAlias<RowDecoder>, _ right: TableAlias<Destination>) ->
            any SQLExpressible
    ) -> JoinAssociation<RowDecoder, Destination> {
        JoinAssociation(to: cte.all().relation, on: condition)
    }

    /// An association to every row of another common table expression.
    public func association<Destination>(to cte: CommonTableExpression<Destination>)
        -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: cte.all().relation, on: nil)
    }

    /// An association to the records that match a condition.
    public func association<Destination: TableRecord>(
        to destination: Destination.Type,
        on condition:
            @escaping @Sendable (_ left: TableAlias<RowDecoder>, _ right: TableAlias<Destination>) ->
            any SQLExpressible
    ) -> JoinAssociation<RowDecoder, Destination> {
        JoinAssociation(to: Destination.associationDestination, on: condition)
    }

    /// An association to every record of a table.
    public func association<Destination: TableRecord>(to destination: Destination.Type)
        -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: Destination.associationDestination, on: nil)
    }

    /// An association to the rows of a table that match a condition.
    public func association<Destination>(
        to destination: Table<Destination>,
        on condition:
            @escaping @Sendable (_ left: TableAlias<RowDecoder>, _ right: TableAlias<Destination>) ->
            any SQLExpressible
    ) -> JoinAssociation<RowDecoder, Destination> {
        JoinAssociation(to: destination.all().relation, on: condition)
    }

    /// An association to every row of a table.
    public func association<Destination>(to destination: Table<Destination>)
        -> JoinAssociation<RowDecoder, Destination>
    {
        JoinAssociation(to: destination.all().relation, on: nil)
    }
}
