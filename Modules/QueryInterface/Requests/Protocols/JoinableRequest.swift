import RSCore

/// A request that can join and prefetch associated records: query interface requests and
/// associations.
///
/// ```swift
/// // SELECT "book".*, "author".* FROM "book" JOIN "author" ON "author"."id" = "book"."authorId"
/// let request = Book.including(required: Book.author)
/// ```
public protocol JoinableRequest<RowDecoder>: TypedRequest {
    /// The request, which prefetches all records of an association.
    func _including(all association: _SQLAssociation) -> Self

    /// The request, which joins and selects the record of an association, if any.
    func _including(optional association: _SQLAssociation) -> Self

    /// The request, which joins and selects the record of an association.
    func _including(required association: _SQLAssociation) -> Self

    /// The request, which joins the table of an association, when it has a matching row.
    func _joining(optional association: _SQLAssociation) -> Self

    /// The request, which joins the table of an association: rows without a match are left out.
    func _joining(required association: _SQLAssociation) -> Self
}

extension JoinableRequest {
    /// The request, which fetches all the associated records of each record, in one more query per
    /// association (`WHERE authorId IN (…)`): `Author.including(all: Author.books)`. Decodable
    /// records find them under the key of the association (`books`), as `row.prefetchedRows` does.
    public func including<A: AssociationToMany>(all association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        _including(all: association._sqlAssociation)
    }

    /// The request, which joins the associated record with a LEFT JOIN, and selects its columns in
    /// the row scope of the association's key: `Book.including(optional: Book.author)`. A record
    /// without associated record decodes a nil optional.
    public func including<A: Association>(optional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        _including(optional: association._sqlAssociation)
    }

    /// The request, which joins the associated record, and selects its columns in the row scope of
    /// the association's key: `Book.including(required: Book.author)`. Records without associated
    /// record are left out.
    public func including<A: Association>(required association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        _including(required: association._sqlAssociation)
    }

    /// The request, which joins the associated table with a LEFT JOIN, without selecting its columns:
    /// filter or order on them with a `TableAlias`.
    public func joining<A: Association>(optional association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        _joining(optional: association._sqlAssociation)
    }

    /// The request, which joins the associated table without selecting its columns: records without
    /// associated record are left out.
    public func joining<A: Association>(required association: A) -> Self where A.OriginRowDecoder == RowDecoder {
        _joining(required: association._sqlAssociation)
    }
}
