import RSCore

// The requests of a table that reach the rows of other tables through associations: as the
// static methods of records (see `TableRecord+Association.swift`), for tables without a record type.
extension Table {
    /// A request of all rows, each with all its associated rows:
    /// `Table("author").including(all: authorBooks)`.
    public func including<A: AssociationToMany>(all association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().including(all: association)
    }

    /// A request of all rows, each with its associated row, if any.
    public func including<A: Association>(optional association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().including(optional: association)
    }

    /// A request of the rows that have an associated row, each with it.
    public func including<A: Association>(required association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().including(required: association)
    }

    /// A request of all rows, joined to their associated row, if any.
    public func joining<A: Association>(optional association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().joining(optional: association)
    }

    /// A request of the rows that have an associated row.
    public func joining<A: Association>(required association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().joining(required: association)
    }

    /// A request of all rows, with the columns that an association selects, NULL where there is no
    /// associated row.
    public func annotated<A: Association>(withOptional association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().annotated(withOptional: association)
    }

    /// A request of the rows that have an associated row, with the columns it selects.
    public func annotated<A: Association>(withRequired association: A) -> QueryInterfaceRequest<RowDecoder>
    where A.OriginRowDecoder == RowDecoder {
        all().annotated(withRequired: association)
    }

    /// A request of all rows, with association aggregates: `authors.annotated(with: authorBooks.count)`.
    public func annotated(with aggregates: AssociationAggregate<RowDecoder>...) -> QueryInterfaceRequest<RowDecoder> {
        all().annotated(with: aggregates)
    }

    /// A request of all rows, with association aggregates.
    public func annotated(with aggregates: [AssociationAggregate<RowDecoder>]) -> QueryInterfaceRequest<RowDecoder> {
        all().annotated(with: aggregates)
    }

    /// A request of the rows whose association aggregate is true: `authors.having(authorBooks.isEmpty)`.
    public func having(_ predicate: AssociationAggregate<RowDecoder>) -> QueryInterfaceRequest<RowDecoder> {
        all().having(predicate)
    }

    /// A request of all rows, whose columns the alias qualifies.
    public func aliased(_ alias: TableAlias<RowDecoder>) -> QueryInterfaceRequest<RowDecoder> { all().aliased(alias) }

    /// A request of all rows, whose columns the alias qualifies.
    public func aliased(_ alias: TableAlias<Void>) -> QueryInterfaceRequest<RowDecoder> { all().aliased(alias) }
}
