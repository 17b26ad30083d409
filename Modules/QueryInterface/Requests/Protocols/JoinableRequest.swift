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

extension JoinableRequest where Self: SelectionRequest {
    /// The request, which joins the associated table with a LEFT JOIN, and appends the columns that
    /// the association selects to its own (NULL where there is no associated record):
    /// `Book.annotated(withOptional: Book.author.select(Column("name").forKey("authorName")))`.
    public func annotated<A: Association>(withOptional association: A) -> Self
    where A.OriginRowDecoder == RowDecoder {
        let (association, selection) = association._sqlAssociation.splittingSelection()
        return _joining(optional: association).annotated(with: selection)
    }

    /// The request, which joins the associated table, and appends the columns that the association
    /// selects to its own: `Book.annotated(withRequired: Book.author.select(Column("name")))`.
    public func annotated<A: Association>(withRequired association: A) -> Self
    where A.OriginRowDecoder == RowDecoder {
        let (association, selection) = association._sqlAssociation.splittingSelection()
        return _joining(required: association).annotated(with: selection)
    }
}

extension _SQLAssociation {
    /// The association, aliased, and its selection, qualified with the alias: the columns of its
    /// table that a request appends to its own selection.
    fileprivate func splittingSelection() -> (_SQLAssociation, [any SQLSelectable]) {
        let alias = relation.alias ?? TableAliasBase(userName: nil)
        let selection: [any SQLSelectable] = relation.selection.map { alias[$0] }
        return (mapRelation { $0.alias = alias }, selection)
    }
}
